import { formatLocalDay } from "../../../shared/annotation-dates";
import type { ApiTokenSummary } from "../../../shared/contracts/api-tokens";
import { RevokeButton } from "../../components/revoke-button";
import { Badge } from "../../components/ui/badge";
import { scopeWords } from "./api-tokens";

/** The day a token was made, used or ends, where the reader is. */
const day = (iso: string) => formatLocalDay(iso);

export function ApiTokenRow({ token, onRevoke }: { token: ApiTokenSummary; onRevoke: () => void }) {
  const expired = token.expiresAt !== null && new Date(token.expiresAt) <= new Date();
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium break-words">
          {token.name}
          {expired ? <Badge variant="outline">Expired</Badge> : null}
        </p>
        <p className="mt-1 font-mono text-xs text-muted-foreground">{token.prefix}…</p>
        <ul aria-label={`What ${token.name} may do`} className="mt-2 flex flex-wrap gap-1.5">
          {token.scopes.map((scope) => (
            <li key={scope}>
              <Badge variant="outline" title={scopeWords[scope]}>
                {scope}
              </Badge>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-muted-foreground">
          Created {day(token.createdAt)} ·{" "}
          {token.expiresAt
            ? `${expired ? "Expired" : "Expires"} ${day(token.expiresAt)}`
            : "Never expires"}{" "}
          · {token.lastUsedAt ? `Last used ${day(token.lastUsedAt)}` : "Not used yet"}
        </p>
      </div>
      <RevokeButton onClick={onRevoke} />
    </li>
  );
}
