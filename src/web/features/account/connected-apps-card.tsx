import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BookOpen, Loader2, PlugZap, Unplug } from "lucide-react";
import { useSyncExternalStore } from "react";
import type { ConnectedApp } from "../../../shared/contracts/oauth";
import { mcpOAuthPaths, scopeDescriptions, writeScopes } from "../../../shared/oauth";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { apiRequest } from "../../lib/api-client";
import { toast } from "../../components/ui/use-toast";
import { useRevocation } from "../../session/use-revocation";
import { serverErrorMessage } from "../../lib/api-error-message";

const connectedAppsKey = ["/api/account/connected-apps"] as const;

const noChanges = () => () => {};
/** This site's origin, once in the browser: the server's drawing of the page says the path only. */
function useOrigin(): string {
  return useSyncExternalStore(
    noChanges,
    () => window.location.origin,
    () => "",
  );
}

/** A moment as the day it fell on, YYYY-MM-DD, as every date in the product reads. */
function when(iso: string | null): string {
  if (!iso) return "Not used yet";
  const day = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

function AppRow({ app, onRevoke }: { app: ConnectedApp; onRevoke: () => void }) {
  const queryClient = useQueryClient();
  const writes = app.scopes.some((scope) => writeScopes.includes(scope));
  const deletes = app.scopes.includes("annotations:write");
  const settled = (title: string, description: string) => {
    void queryClient.invalidateQueries({ queryKey: connectedAppsKey });
    toast({ title, description });
  };
  const failed = (error: unknown) =>
    toast({
      title: "That did not work",
      description: serverErrorMessage(error) ?? "Please try again.",
      variant: "destructive",
    });
  const readOnly = useMutation({
    mutationFn: () =>
      apiRequest("/api/account/connected-apps/read-only", {
        method: "POST",
        body: { clientId: app.clientId, access: "read-only" },
      }),
    onSuccess: () =>
      settled("Now read-only", `${app.name} can read but no longer change anything.`),
    onError: failed,
  });
  const deletions = useMutation({
    mutationFn: (withoutAsking: boolean) =>
      apiRequest("/api/account/connected-apps/deletions", {
        method: "POST",
        body: { clientId: app.clientId, withoutAsking },
      }),
    onSuccess: (_answer, withoutAsking) =>
      settled(
        withoutAsking ? "Deletes without asking" : "Asks before deleting",
        withoutAsking
          ? `${app.name} may now delete annotations without your approval.`
          : `${app.name} now needs your approval for each deletion.`,
      ),
    onError: failed,
  });
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

/**
 * /account's list of the AI apps the person connected over OAuth (MCP clients): what each may do
 * (narrowed to reading without reconnecting), whether it may delete without asking, when it was
 * last used, and Revoke, which ends its access and every token it holds at once.
 */
export function ConnectedAppsCard() {
  const apps = useQuery({
    queryKey: connectedAppsKey,
    queryFn: ({ signal }) =>
      apiRequest<{ apps: ConnectedApp[] }>(connectedAppsKey[0], { signal }).then((r) => r.apps),
  });
  const origin = useOrigin();
  const revocation = useRevocation<ConnectedApp>({
    listKey: connectedAppsKey,
    revoke: (app) =>
      apiRequest("/api/account/connected-apps/revoke", {
        method: "POST",
        body: { clientId: app.clientId },
      }),
    description:
      "It loses access at once, including any token it holds. You can connect it again later.",
    confirmLabel: "Revoke",
    done: (app) => ({
      title: "App disconnected",
      description: `${app.name} can no longer use Tidemark.`,
    }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Connected apps</CardTitle>
        <CardDescription>
          AI apps you allowed to use Tidemark for you. Their address for Tidemark&apos;s MCP server:
          <code className="mt-1 block w-fit max-w-full rounded bg-muted px-1.5 py-0.5 text-xs [overflow-wrap:anywhere] text-foreground">
            {origin}
            {mcpOAuthPaths.mcp}
          </code>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {apps.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Loading connected apps…
          </p>
        ) : apps.isError ? (
          <p className="text-sm text-muted-foreground">
            {serverErrorMessage(apps.error) ?? "Connected apps could not be loaded right now."}
          </p>
        ) : apps.data.length === 0 ? (
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <PlugZap className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            No apps connected. Add Tidemark to an AI app as a remote MCP server; it asks you here to
            allow it.
          </p>
        ) : (
          <ul aria-label="Connected apps" className="divide-y">
            {apps.data.map((app) => (
              <AppRow key={app.clientId} app={app} onRevoke={() => revocation.ask(app)} />
            ))}
          </ul>
        )}
      </CardContent>
      {revocation.dialog}
    </Card>
  );
}
