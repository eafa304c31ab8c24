import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConnectedApp } from "../../../shared/contracts/oauth";
import { toast } from "../../components/ui/use-toast";
import { apiRequest } from "../../lib/api-client";
import { serverErrorMessage } from "../../lib/api-error-message";

export const connectedAppsKey = ["/api/account/connected-apps"] as const;

export function useConnectedApps() {
  return useQuery({
    queryKey: connectedAppsKey,
    queryFn: ({ signal }) =>
      apiRequest<{ apps: ConnectedApp[] }>(connectedAppsKey[0], { signal }).then((r) => r.apps),
  });
}

export function revokeConnectedApp(app: ConnectedApp): Promise<unknown> {
  return apiRequest("/api/account/connected-apps/revoke", {
    method: "POST",
    body: { clientId: app.clientId },
  });
}

/**
 * Narrowing what a connected app may do without it reconnecting: to reading only, or to asking
 * before each deletion (and back). Each says how it went in a toast.
 */
export function useConnectedAppAccess(app: ConnectedApp) {
  const queryClient = useQueryClient();
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
  return { readOnly, deletions };
}
