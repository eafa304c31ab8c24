import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import {
  knownScopes,
  type ConnectedApp,
  type ConsentDetails,
  type ConsentDecisionResult,
} from "../../../shared/contracts/oauth.js";
import { apiTokenScopes } from "../../../shared/contracts/api-tokens.js";
import type { BearerIdentity } from "../../http/identity.js";
import type { AuthorizationServer } from "./authorization-server.js";
import type { OAuthRecordsRepository } from "./oauth-records-repository.js";

const consentGone =
  "This request to connect an app has expired or was already answered. Start again from your AI client.";

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
 * Consent for MCP clients and the apps a person has connected. The consent page finishes the
 * provider's interaction for the signed-in person only: the interaction's id comes from the page's
 * address, and the provider's own resume cookie still ties the answer to the browser that began.
 */
export function createOAuthService(deps: {
  server: AuthorizationServer;
  records: OAuthRecordsRepository;
  findUser: (id: string) => Promise<User | null>;
  now?: () => Date;
}) {
  const { provider, resource } = deps.server;
  const now = deps.now ?? (() => new Date());

  async function interactionFor(uid: string) {
    const interaction = await provider.Interaction.find(uid);
    if (!interaction || interaction.result) throw new AppError("invalid_request", consentGone);
    return interaction;
  }

  /** The scopes asked for; a client that named none asks for all (the page lists them). */
  function requestedScopes(scope: unknown) {
    const asked = typeof scope === "string" ? knownScopes(scope.split(" ")) : [];
    return asked.length > 0 ? asked : [...apiTokenScopes];
  }

  return {
    async consentDetails(uid: string): Promise<ConsentDetails> {
      const interaction = await interactionFor(uid);
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
      };
    },

    async decide(
      user: User,
      uid: string,
      decision: "allow" | "deny",
    ): Promise<ConsentDecisionResult> {
      const interaction = await interactionFor(uid);
      const expiresIn = Math.max(1, interaction.exp - Math.floor(now().getTime() / 1000));
      if (decision === "deny") {
        interaction.result = {
          error: "access_denied",
          error_description: "The person did not allow this app to use Tidemark.",
        };
      } else {
        const clientId = String(interaction.params["client_id"]);
        const existing = interaction.grantId
          ? await provider.Grant.find(interaction.grantId)
          : undefined;
        const grant =
          existing && existing.accountId === user.id && existing.clientId === clientId
            ? existing
            : new provider.Grant({ accountId: user.id, clientId });
        const granted = requestedScopes(interaction.params["scope"]).join(" ");
        grant.addResourceScope(resource, granted);
        // The provider also counts the scopes it lists as its own; granted both ways, no scope
        // the client asked for is left to ask about again.
        const asked = String(interaction.params["scope"] ?? "").split(" ");
        grant.addOIDCScope(
          [granted, asked.includes("offline_access") ? "offline_access" : ""].join(" ").trim(),
        );
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
          connectedAt: grant.createdAt.toISOString(),
          lastUsedAt: lastUsed,
        });
      }
      return [...byClient.values()];
    },

    /** Ends every grant the person gave the app, and every token issued under them, at once. */
    async revokeApp(user: User, clientId: string): Promise<void> {
      const grants = await deps.records.grantsOf(user.id, resource);
      const ids = grants.filter((g) => g.clientId === clientId).map((g) => g.grantId);
      if (ids.length === 0)
        throw new AppError("invalid_request", "This app is not connected to your account.");
      await deps.records.revokeGrants(user.id, ids);
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
      return {
        user,
        tokenId: `oauth:${grant.jti}`,
        scopes: (accessToken.scope ?? "").split(" ").filter(Boolean),
        audience,
      };
    },
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
