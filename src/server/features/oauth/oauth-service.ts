import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import {
  knownScopes,
  writeScopes,
  type ConnectedApp,
  type ConsentDetails,
  type ConsentDecisionRequest,
  type ConsentDecisionResult,
} from "../../../shared/contracts/oauth.js";
import { apiTokenScopes } from "../../../shared/contracts/api-tokens.js";
import type { BearerIdentity } from "../../http/identity.js";
import type { AuthorizationServer } from "./authorization-server.js";
import type { OAuthRecordsRepository } from "./oauth-records-repository.js";

const consentGone =
  "This request to connect an app has expired or was already answered. Start again from your AI client.";
const consentElsewhere =
  "This link to connect an app was opened in a different browser from the one your AI client started in, so it cannot be allowed here. If you were connecting an app, start again from your AI client on this computer; if someone sent you this link, ignore it.";
const consentAccountChanged =
  "You are now signed in to a different Tidemark account from the one this page showed. Reload the page to see which account the app would reach.";
const chooseSomething = "Tick at least one thing the app may do, or press Deny.";

/** A client's name as people should read it: its own name, else where it sends the browser. */
function clientName(metadata: Record<string, unknown>, fallback: string): string {
  const name = metadata["client_name"];
  return typeof name === "string" && name.trim() ? name.trim().slice(0, 100) : fallback;
}

function hostOf(uri: unknown): string {
  try {
    return typeof uri === "string" ? new URL(uri).host : "";
  } catch {
    return "";
  }
}

/**
 * Consent for MCP clients and the apps a person has connected. An authorization is finished only
 * by the browser that began it (the provider's interaction cookie names the same interaction as
 * the page's address), for the signed-in person the page showed, and with the scopes the person
 * left ticked: a consent link sent to someone else can be read about but never allowed.
 */
export function createOAuthService(deps: {
  server: AuthorizationServer;
  records: OAuthRecordsRepository;
  findUser: (id: string) => Promise<User | null>;
  now?: () => Date;
}) {
  const { provider, resource } = deps.server;
  const now = deps.now ?? (() => new Date());

  /** `browserUid` is the interaction the calling browser holds (its cookie), if any. */
  async function interactionFor(uid: string, browserUid: string | null) {
    const interaction = await provider.Interaction.find(uid);
    if (!interaction || interaction.result) throw new AppError("invalid_request", consentGone);
    if (browserUid !== uid) throw new AppError("consent_elsewhere", consentElsewhere);
    return interaction;
  }

  /** The scopes asked for; a client that named none asks for all (the page lists them). */
  function requestedScopes(scope: unknown) {
    const asked = typeof scope === "string" ? knownScopes(scope.split(" ")) : [];
    return asked.length > 0 ? asked : [...apiTokenScopes];
  }

  return {
    async consentDetails(
      user: User,
      uid: string,
      browserUid: string | null,
    ): Promise<ConsentDetails> {
      const interaction = await interactionFor(uid, browserUid);
      const clientId = String(interaction.params["client_id"] ?? "");
      const client = await provider.Client.find(clientId);
      if (!client) throw new AppError("invalid_request", consentGone);
      const metadata = client.metadata() as Record<string, unknown>;
      const redirectUri = interaction.params["redirect_uri"];
      const redirectHost = hostOf(redirectUri);
      return {
        uid,
        client: {
          id: clientId,
          name: clientName(metadata, redirectHost || "An app"),
          uri: typeof metadata["client_uri"] === "string" ? metadata["client_uri"] : null,
          redirectHost,
        },
        scopes: requestedScopes(interaction.params["scope"]),
        resource,
        account: { id: user.id, email: user.email },
      };
    },

    async decide(
      user: User,
      request: ConsentDecisionRequest,
      browserUid: string | null,
    ): Promise<ConsentDecisionResult> {
      const { uid, decision } = request;
      const interaction = await interactionFor(uid, browserUid);
      if (request.accountId !== user.id)
        throw new AppError("signed_in_as_other", consentAccountChanged);
      const expiresIn = Math.max(1, interaction.exp - Math.floor(now().getTime() / 1000));
      if (decision === "deny") {
        interaction.result = {
          error: "access_denied",
          error_description: "The person did not allow this app to use Tidemark.",
        };
      } else {
        const clientId = String(interaction.params["client_id"]);
        // A fresh grant each time: what the person ticks now is the whole of it, never merged
        // with scopes an earlier consent granted or refused.
        const grant = new provider.Grant({ accountId: user.id, clientId });
        const requested = requestedScopes(interaction.params["scope"]);
        const chosen = requested.filter((scope) => request.scopes.includes(scope));
        if (chosen.length === 0) throw new AppError("invalid_request", chooseSomething);
        const refused = requested.filter((scope) => !chosen.includes(scope));
        grant.addResourceScope(resource, chosen.join(" "));
        // The provider also counts the scopes it lists as its own. Each scope asked for is either
        // granted or refused, both ways, so the provider has nothing left to ask about again.
        const asked = String(interaction.params["scope"] ?? "").split(" ");
        grant.addOIDCScope(
          [...chosen, ...(asked.includes("offline_access") ? ["offline_access"] : [])].join(" "),
        );
        if (refused.length > 0) {
          grant.rejectResourceScope(resource, refused.join(" "));
          grant.rejectOIDCScope(refused.join(" "));
        }
        const grantId = await grant.save();
        interaction.result = { login: { accountId: user.id }, consent: { grantId } };
      }
      await interaction.save(expiresIn);
      // Each consent clears what has expired, so the table holds live records, not history.
      await deps.records.deleteExpired();
      return { redirectTo: interaction.returnTo };
    },

    /** The apps the person allowed, one entry per app, with what they may do and when last used. */
    async connectedApps(user: User): Promise<ConnectedApp[]> {
      const grants = await deps.records.grantsOf(user.id, resource);
      const clients = await deps.records.clients([...new Set(grants.map((g) => g.clientId))]);
      const deletingWithoutAsking = await deps.records.appsDeletingWithoutAsking(user.id);
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
      const grants = await deps.records.grantsOf(user.id, resource);
      const ids = grants.filter((g) => g.clientId === clientId).map((g) => g.grantId);
      if (ids.length === 0)
        throw new AppError("invalid_request", "This app is not connected to your account.");
      await deps.records.withoutScopes(user.id, ids, resource, writeScopes);
    },

    /** Ends every grant the person gave the app, and every token issued under them, at once. */
    async revokeApp(user: User, clientId: string): Promise<void> {
      const grants = await deps.records.grantsOf(user.id, resource);
      const ids = grants.filter((g) => g.clientId === clientId).map((g) => g.grantId);
      if (ids.length === 0)
        throw new AppError("invalid_request", "This app is not connected to your account.");
      await deps.records.revokeGrants(user.id, ids);
      await deps.records.forgetAppSettings(user.id, clientId);
    },

    /** Lets an app delete without the person approving each deletion, or takes that back. */
    async setDeletesWithoutAsking(user: User, clientId: string, on: boolean): Promise<void> {
      const grants = await deps.records.grantsOf(user.id, resource);
      if (!grants.some((g) => g.clientId === clientId))
        throw new AppError("invalid_request", "This app is not connected to your account.");
      await deps.records.setDeletesWithoutAsking(user.id, clientId, on);
    },

    /** Whether the person lets this app delete without approving each deletion. */
    async deletesWithoutAsking(userId: string, clientId: string): Promise<boolean> {
      return (await deps.records.appsDeletingWithoutAsking(userId)).has(clientId);
    },

    /** An app's name as the person's notices show it. */
    async appName(clientId: string): Promise<string> {
      const metadata = (await deps.records.clients([clientId])).get(clientId) ?? {};
      const redirect = Array.isArray(metadata["redirect_uris"])
        ? metadata["redirect_uris"][0]
        : undefined;
      return clientName(metadata, hostOf(redirect) || hostOf(clientId) || "An app");
    },

    /**
     * Reads an access token the provider issued: the person, the scopes granted, and the one
     * resource it is for (the identity step refuses it anywhere else). A token whose grant was
     * revoked is gone with it.
     */
    async resolveAccessToken(token: string): Promise<BearerIdentity | null> {
      // The provider's opaque tokens are 43 base64url characters; anything else is not ours.
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      const accessToken = await provider.AccessToken.find(token);
      if (!accessToken || accessToken.isExpired || !accessToken.accountId) return null;
      const audience = Array.isArray(accessToken.aud) ? accessToken.aud[0] : accessToken.aud;
      if (typeof audience !== "string") return null;
      const grant = accessToken.grantId ? await provider.Grant.find(accessToken.grantId) : null;
      if (!grant) return null;
      const user = await deps.findUser(accessToken.accountId);
      if (!user) return null;
      await deps.records.touchGrant(grant.jti);
      // The grant has the last word: an app the person narrowed to reading loses its write
      // scopes at once, even on access tokens issued before.
      const allowed = new Set(grant.getResourceScope(audience).split(" "));
      return {
        user,
        tokenId: `oauth:${grant.jti}`,
        clientId: grant.clientId,
        scopes: (accessToken.scope ?? "").split(" ").filter((scope) => allowed.has(scope)),
        audience,
      };
    },
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
