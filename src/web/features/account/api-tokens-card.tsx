import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import type {
  ApiTokenListResponse,
  ApiTokenSummary,
  CreatedApiTokenResponse,
} from "../../../shared/contracts/api-tokens";
import { QueryStates } from "../../components/query-states";
import { TitledCard } from "../../components/titled-card";
import { Button } from "../../components/ui/button";
import { apiRequest } from "../../lib/api-client";
import { routePaths } from "../../lib/route-paths";
import { useRevocation } from "../../session/use-revocation";
import { ApiTokenRow } from "./api-token-row";
import { apiTokensKey } from "./api-tokens";
import { CreateTokenDialog } from "./create-token-dialog";
import { NewTokenDialog } from "./new-token-dialog";

function TokenList({
  list,
  onRevoke,
  onCreate,
}: {
  list: ApiTokenListResponse;
  onRevoke: (token: ApiTokenSummary) => void;
  onCreate: () => void;
}) {
  const held = list.tokens.length;
  return (
    <>
      {held === 0 ? (
        <p className="text-sm text-muted-foreground">No tokens yet.</p>
      ) : (
        <ul aria-label="Personal access tokens" className="divide-y">
          {list.tokens.map((token) => (
            <ApiTokenRow key={token.id} token={token} onRevoke={() => onRevoke(token)} />
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={onCreate} disabled={held >= list.limit}>
          <Plus aria-hidden="true" />
          Create token
        </Button>
        <p className="text-xs text-muted-foreground">
          {held} of {list.limit} tokens in use
          {held >= list.limit ? ": revoke one to make another" : ""}
        </p>
      </div>
    </>
  );
}

/**
 * /account's personal access tokens for the REST API: each one's name, scopes, expiry and last
 * use, Revoke, and Create (the token is shown once, then only its first characters).
 */
export function ApiTokensCard() {
  const queryClient = useQueryClient();
  const tokens = useQuery({
    queryKey: apiTokensKey,
    queryFn: ({ signal }) => apiRequest<ApiTokenListResponse>(apiTokensKey[0], { signal }),
  });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiTokenResponse | null>(null);
  const revocation = useRevocation<ApiTokenSummary>({
    listKey: apiTokensKey,
    revoke: (token) => apiRequest(`${apiTokensKey[0]}/${token.id}`, { method: "DELETE" }),
    description: "Anything using it stops working at once. This cannot be undone.",
    confirmLabel: "Revoke token",
    done: (token) => ({ title: "Token revoked", description: `${token.name} no longer works.` }),
  });

  return (
    <>
      <TitledCard
        title="Personal access tokens"
        description={
          <>
            For scripts and other apps using the{" "}
            <a className="underline underline-offset-4" href={routePaths.apiDocs}>
              REST API
            </a>
            : send one in the <code className="text-xs">Authorization: Bearer</code> header.
          </>
        }
        contentClassName="flex flex-col gap-4"
      >
        <QueryStates
          query={tokens}
          loading="Loading tokens…"
          failed="Tokens could not be loaded right now."
        >
          {(list) => (
            <TokenList list={list} onRevoke={revocation.ask} onCreate={() => setCreating(true)} />
          )}
        </QueryStates>
      </TitledCard>
      <CreateTokenDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(answer) => {
          setCreating(false);
          setCreated(answer);
          void queryClient.invalidateQueries({ queryKey: apiTokensKey });
        }}
      />
      <NewTokenDialog created={created} onClose={() => setCreated(null)} />
      {revocation.dialog}
    </>
  );
}
