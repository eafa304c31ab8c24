import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  consentDecisionRequest,
  mcpOAuthPaths,
  connectedAppDeletionsRequest,
  restrictConnectedAppRequest,
  revokeConnectedAppRequest,
  type ConnectedApp,
  type ConsentDecisionResult,
  type ConsentDetails,
} from "../../../shared/contracts/oauth.js";
import { sessionRoute } from "../../http/identity.js";
import { parseInput } from "../../parse-input.js";
import type { AuthorizationServer } from "./authorization-server.js";
import type { OAuthService } from "./oauth-service.js";

const consentQuery = z.strictObject({ uid: z.string().min(1).max(100) });

/** The person's side: the consent page's two calls, and the apps they have connected. */
export function consentAndAppRoutes(
  app: FastifyInstance,
  deps: { server: AuthorizationServer; oauth: OAuthService },
): void {
  // Under the consent page's path, where the provider's interaction cookie is sent: each call
  // learns which interaction this browser began, and only that one can be read and decided here.
  app.get(
    mcpOAuthPaths.consentDetails,
    sessionRoute,
    async (request, reply): Promise<ConsentDetails> => {
      const user = await request.requireUser();
      const { uid } = parseInput(consentQuery, request.query);
      const browserUid = await deps.server.interactionOfBrowser(request.raw, reply.raw);
      reply.header("cache-control", "no-store");
      return deps.oauth.consentDetails(user, uid, browserUid);
    },
  );

  app.post(
    mcpOAuthPaths.consentDecision,
    sessionRoute,
    async (request, reply): Promise<ConsentDecisionResult> => {
      const user = await request.requireUser();
      const decision = parseInput(consentDecisionRequest, request.body);
      const browserUid = await deps.server.interactionOfBrowser(request.raw, reply.raw);
      return deps.oauth.decide(user, decision, browserUid);
    },
  );

  app.get(
    "/api/account/connected-apps",
    sessionRoute,
    async (request): Promise<{ apps: ConnectedApp[] }> => {
      const user = await request.requireUser();
      return { apps: await deps.oauth.connectedApps(user) };
    },
  );

  app.post("/api/account/connected-apps/read-only", sessionRoute, async (request) => {
    const user = await request.requireUser();
    const { clientId } = parseInput(restrictConnectedAppRequest, request.body);
    await deps.oauth.restrictApp(user, clientId);
    return { restricted: true };
  });

  app.post("/api/account/connected-apps/deletions", sessionRoute, async (request) => {
    const user = await request.requireUser();
    const { clientId, withoutAsking } = parseInput(connectedAppDeletionsRequest, request.body);
    await deps.oauth.setDeletesWithoutAsking(user, clientId, withoutAsking);
    return { deletesWithoutAsking: withoutAsking };
  });

  app.post("/api/account/connected-apps/revoke", sessionRoute, async (request) => {
    const user = await request.requireUser();
    const { clientId } = parseInput(revokeConnectedAppRequest, request.body);
    await deps.oauth.revokeApp(user, clientId);
    return { revoked: true };
  });
}
