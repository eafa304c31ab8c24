import type { User } from "../../db/schema/index.js";
import type { BearerIdentity } from "../../http/identity.js";
import type { AuthorizationServer } from "./authorization-server.js";
import { createConnectedApps } from "./connected-apps.js";
import { createOAuthConsent } from "./oauth-consent.js";
import type { OAuthRecordsRepository } from "./oauth-records-repository.js";

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

  return {
    ...createOAuthConsent({ server: deps.server, records: deps.records, now }),
    ...createConnectedApps(deps.records, resource),

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
