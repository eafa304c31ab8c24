import { BookOpen, Unplug } from "lucide-react";
import type { ConnectedApp } from "../../../shared/contracts/oauth";
import { scopeDescriptions, writeScopes } from "../../../shared/oauth";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { useConnectedAppAccess } from "./connected-apps-api";

/** A moment as the day it fell on, YYYY-MM-DD, as every date in the product reads. */
function when(iso: string | null): string {
  if (!iso) return "Not used yet";
  const day = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

export function ConnectedAppRow({ app, onRevoke }: { app: ConnectedApp; onRevoke: () => void }) {
  const { readOnly, deletions } = useConnectedAppAccess(app);
  const writes = app.scopes.some((scope) => writeScopes.includes(scope));
  const deletes = app.scopes.includes("annotations:write");
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium break-words">{app.name}</p>
        <p className="mt-1 text-sm text-muted-foreground">
          {writes ? "Can read and change" : "Can only read"}
        </p>
        <ul aria-label={`What ${app.name} may do`} className="mt-2 flex flex-wrap gap-1.5">
          {app.scopes.map((scope) => (
            <li key={scope}>
              <Badge variant="outline" title={scopeDescriptions[scope]}>
                {scope}
              </Badge>
            </li>
          ))}
        </ul>
        {deletes ? (
          <label className="mt-3 flex cursor-pointer items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary"
              checked={app.deletesWithoutAsking}
              disabled={deletions.isPending}
              onChange={(event) => deletions.mutate(event.target.checked)}
            />
            <span>
              Let it delete without asking me
              <span className="block text-xs text-muted-foreground">
                Off: each deletion waits for your approval, in the app or here.
              </span>
            </span>
          </label>
        ) : null}
        <p className="mt-2 text-xs text-muted-foreground">
          Connected {when(app.connectedAt)} · Last used {when(app.lastUsedAt)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2 self-start">
        {writes ? (
          <Button
            variant="outline"
            size="sm"
            disabled={readOnly.isPending}
            onClick={() => readOnly.mutate()}
          >
            <BookOpen aria-hidden="true" />
            Make read-only
          </Button>
        ) : null}
        <Button variant="outline" size="sm" onClick={onRevoke}>
          <Unplug aria-hidden="true" />
          Revoke
        </Button>
      </div>
    </li>
  );
}
