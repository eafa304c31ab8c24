import type { FastifyInstance, FastifyRequest } from "fastify";
import { readCookie, serializeCookie } from "../../http/cookies.js";
import { stateChangingGet } from "../../http/origin-guard.js";
import type { GoogleConnectionService } from "./google-connection-service.js";
import { publicRoute, sessionRoute } from "../../http/identity.js";
import { cookieFacts } from "../../../shared/cookies.js";

const pendingCookie = cookieFacts.googleConnection.name;
const cookiePath = "/api/google";

export async function googleConnectionRoutes(
  app: FastifyInstance,
  deps: { connections: GoogleConnectionService; secureCookies: boolean },
): Promise<void> {
  const { connections } = deps;

  // A navigation: sends the browser to Google's consent screen for the Analytics scopes.
  app.get<{ Querystring: { mode?: string } }>(
    "/api/google/authorize",
    publicRoute,
    async (request, reply) => {
      const user = await request.sessionUser();
      if (!user) return reply.redirect("/login", 302);
      const mode =
        request.query.mode === "agent" || request.query.mode === "property"
          ? request.query.mode
          : undefined;
      const { url, pending } = connections.startAuthorization(user, mode);
      reply.header(
        "set-cookie",
        serializeCookie(pendingCookie, pending, {
          maxAgeSeconds: cookieFacts.googleConnection.maxAgeSeconds,
          path: cookiePath,
          secure: deps.secureCookies,
        }),
      );
      return reply.redirect(url, 302);
    },
  );

  // Google sends the browser back here; the dashboard shows the outcome.
  app.get<{ Querystring: { code?: string; state?: string; error?: string } }>(
    "/api/google/callback",
    publicRoute,
    async (request, reply) => {
      const user = await request.sessionUser();
      if (!user) return reply.redirect("/login", 302);
      const { outcome, mode } = await connections.completeAuthorization(
        user,
        {
          code: stringOrUndefined(request.query.code),
          state: stringOrUndefined(request.query.state),
          error: stringOrUndefined(request.query.error),
        },
        readCookie(request.headers.cookie, pendingCookie),
      );
      reply.header(
        "set-cookie",
        serializeCookie(pendingCookie, "", {
          maxAgeSeconds: 0,
          path: cookiePath,
          secure: deps.secureCookies,
        }),
      );
      return reply.redirect(`/dashboard?${mode ? `mode=${mode}&` : ""}oauth=${outcome}`, 302);
    },
  );

  app.get("/api/google/status", sessionRoute, async (request) =>
    connections.status(await request.requireUser()),
  );

  // The spec calls this with GET; the origin guard holds it to same-origin like a POST.
  const disconnect = async (request: FastifyRequest) => {
    await connections.disconnect(await request.requireUser());
    return { connected: false };
  };
  app.get("/api/google/disconnect", stateChangingGet("session"), disconnect);
  app.post("/api/google/disconnect", sessionRoute, disconnect);
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}
