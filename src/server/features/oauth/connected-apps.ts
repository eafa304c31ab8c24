import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import { knownScopes, writeScopes, type ConnectedApp } from "../../../shared/contracts/oauth.js";
import { clientName, hostOf } from "./oauth-consent.js";
import type { OAuthRecordsRepository } from "./oauth-records-repository.js";

/** The apps a person has connected: listed, narrowed to reading, revoked, trusted to delete. */
export function createConnectedApps(records: OAuthRecordsRepository, resource: string) {
  return {
    /** The apps the person allowed, one entry per app, with what they may do and when last used. */
    async connectedApps(user: User): Promise<ConnectedApp[]> {
      const grants = await records.grantsOf(user.id, resource);
      const clients = await records.clients([...new Set(grants.map((g) => g.clientId))]);
      const deletingWithoutAsking = await records.appsDeletingWithoutAsking(user.id);
      const byClient = new Map<string, ConnectedApp>();
      for (const grant of grants) {
        const known = byClient.get(grant.clientId);
        const lastUsed = grant.lastUsedAt?.toISOString() ?? null;
        if (known) {
          known.scopes = knownScopes([...known.scopes, ...grant.scopes]);
          if (lastUsed && (!known.lastUsedAt || lastUsed > known.lastUsedAt))
            known.lastUsedAt = lastUsed;
          continue;
        }
        const metadata = clients.get(grant.clientId) ?? {};
        const redirect = Array.isArray(metadata["redirect_uris"])
          ? metadata["redirect_uris"][0]
          : undefined;
        byClient.set(grant.clientId, {
          clientId: grant.clientId,
          name: clientName(metadata, hostOf(redirect) || hostOf(grant.clientId) || "An app"),
          scopes: knownScopes(grant.scopes),
          deletesWithoutAsking: deletingWithoutAsking.has(grant.clientId),
          connectedAt: grant.createdAt.toISOString(),
          lastUsedAt: lastUsed,
        });
      }
      return [...byClient.values()];
    },

    /**
     * Narrows what an app may do to reading, on every grant the person gave it, without a new
     * consent: tokens already issued lose their write scopes at their next use.
     */
    async restrictApp(user: User, clientId: string): Promise<void> {
      const grants = await records.grantsOf(user.id, resource);
      const ids = grants.filter((g) => g.clientId === clientId).map((g) => g.grantId);
      if (ids.length === 0)
        throw new AppError("invalid_request", "This app is not connected to your account.");
      await records.withoutScopes(user.id, ids, resource, writeScopes);
    },

    /** Ends every grant the person gave the app, and every token issued under them, at once. */
    async revokeApp(user: User, clientId: string): Promise<void> {
      const grants = await records.grantsOf(user.id, resource);
      const ids = grants.filter((g) => g.clientId === clientId).map((g) => g.grantId);
      if (ids.length === 0)
        throw new AppError("invalid_request", "This app is not connected to your account.");
      await records.revokeGrants(user.id, ids);
      await records.forgetAppSettings(user.id, clientId);
    },

    /** Lets an app delete without the person approving each deletion, or takes that back. */
    async setDeletesWithoutAsking(user: User, clientId: string, on: boolean): Promise<void> {
      const grants = await records.grantsOf(user.id, resource);
      if (!grants.some((g) => g.clientId === clientId))
        throw new AppError("invalid_request", "This app is not connected to your account.");
      await records.setDeletesWithoutAsking(user.id, clientId, on);
    },

    /** Whether the person lets this app delete without approving each deletion. */
    async deletesWithoutAsking(userId: string, clientId: string): Promise<boolean> {
      return (await records.appsDeletingWithoutAsking(userId)).has(clientId);
    },

    /** An app's name as the person's notices show it. */
    async appName(clientId: string): Promise<string> {
      const metadata = (await records.clients([clientId])).get(clientId) ?? {};
      const redirect = Array.isArray(metadata["redirect_uris"])
        ? metadata["redirect_uris"][0]
        : undefined;
      return clientName(metadata, hostOf(redirect) || hostOf(clientId) || "An app");
    },
  };
}
