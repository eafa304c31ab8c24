import { PlugZap } from "lucide-react";
import type { ConnectedApp } from "../../../shared/contracts/oauth";
import { mcpOAuthPaths } from "../../../shared/oauth";
import { QueryStates } from "../../components/query-states";
import { TitledCard } from "../../components/titled-card";
import { useOrigin } from "../../components/use-origin";
import { useRevocation } from "../../session/use-revocation";
import { ConnectedAppRow } from "./connected-app-row";
import { connectedAppsKey, revokeConnectedApp, useConnectedApps } from "./connected-apps-api";

/**
 * /account's list of the AI apps the person connected over OAuth (MCP clients): what each may do
 * (narrowed to reading without reconnecting), whether it may delete without asking, when it was
 * last used, and Revoke, which ends its access and every token it holds at once.
 */
export function ConnectedAppsCard() {
  const apps = useConnectedApps();
  const origin = useOrigin();
  const revocation = useRevocation<ConnectedApp>({
    listKey: connectedAppsKey,
    revoke: revokeConnectedApp,
    description:
      "It loses access at once, including any token it holds. You can connect it again later.",
    confirmLabel: "Revoke",
    done: (app) => ({
      title: "App disconnected",
      description: `${app.name} can no longer use Tidemark.`,
    }),
  });

  return (
    <>
      <TitledCard
        title="Connected apps"
        description={
          <>
            AI apps you allowed to use Tidemark for you. Their address for Tidemark&apos;s MCP
            server:
            <code className="mt-1 block w-fit max-w-full rounded bg-muted px-1.5 py-0.5 text-xs [overflow-wrap:anywhere] text-foreground">
              {origin}
              {mcpOAuthPaths.mcp}
            </code>
          </>
        }
      >
        <QueryStates
          query={apps}
          loading="Loading connected apps…"
          failed="Connected apps could not be loaded right now."
        >
          {(list) =>
            list.length === 0 ? (
              <p className="flex items-start gap-2 text-sm text-muted-foreground">
                <PlugZap className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                No apps connected. Add Tidemark to an AI app as a remote MCP server; it asks you
                here to allow it.
              </p>
            ) : (
              <ul aria-label="Connected apps" className="divide-y">
                {list.map((app) => (
                  <ConnectedAppRow
                    key={app.clientId}
                    app={app}
                    onRevoke={() => revocation.ask(app)}
                  />
                ))}
              </ul>
            )
          }
        </QueryStates>
      </TitledCard>
      {revocation.dialog}
    </>
  );
}
