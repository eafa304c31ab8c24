import { dataRetention } from "../../../shared/data-retention.js";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { User } from "../../db/schema/index.js";
import type { UsersRepository } from "./users-repository.js";
import { sessionLifetimeSeconds, sessionRefreshAgeSeconds, type Auth } from "./auth-instance.js";
import type { SessionsRepository } from "./sessions-repository.js";
import { cookieValue, createSessionTokenReader } from "./signed-session-cookie.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, or null. Read once per request and remembered. */
    sessionUser(): Promise<User | null>;
  }
}

const activityResolutionMs = dataRetention.activityRecordingHours * 60 * 60 * 1000;

/**
 * Who is signed in. The common case — a validly signed cookie for a live session that is not yet
 * due for its daily extension — costs one query (session joined to user). Everything else
 * (extending the session and its cookie, cleaning up an expired one, "don't remember me") goes
 * through Better Auth's own getSession, so the library stays the authority on sessions.
 */
export async function registerSessionUser(
  app: FastifyInstance,
  deps: { auth: Auth; sessions: SessionsRepository; users: UsersRepository; secret: string },
): Promise<void> {
  const cache = new WeakMap<FastifyRequest, Promise<User | null>>();
  /** Set-Cookie lines from Better Auth (an extended session) to pass on with the answer. */
  const cookiesToSend = new WeakMap<FastifyRequest, string[]>();
  const { authCookies } = await deps.auth.$context;
  const sessionCookie = authCookies.sessionToken.name;
  const dontRememberCookie = authCookies.dontRememberToken.name;
  const readSessionToken = createSessionTokenReader({
    cookieName: sessionCookie,
    secret: deps.secret,
  });

  /** Keeps `lastActiveAt` at most `activityRecordingHours` behind, with one write per period. */
  async function noteActivity(user: User | null): Promise<User | null> {
    if (!user) return null;
    const at = new Date();
    if (at.getTime() - user.lastActiveAt.getTime() >= activityResolutionMs) {
      await deps.users.recordActivity(user.id, at, activityResolutionMs);
    }
    return user;
  }

  async function load(request: FastifyRequest): Promise<User | null> {
    const header = request.headers.cookie;
    const token = readSessionToken(header);
    if (!token) return null;
    if (cookieValue(header, dontRememberCookie) !== null) return viaLibrary(request);
    const found = await deps.sessions.findUserBySessionToken(token);
    if (!found) return null;
    const endsAt = found.expiresAt.getTime();
    const now = Date.now();
    const dueForExtension =
      endsAt - sessionLifetimeSeconds * 1000 + sessionRefreshAgeSeconds * 1000 <= now;
    if (endsAt <= now || dueForExtension) return viaLibrary(request);
    return found.user;
  }

  async function viaLibrary(request: FastifyRequest): Promise<User | null> {
    const { headers, response } = await deps.auth.api.getSession({
      headers: fromNodeHeaders(request.headers),
      returnHeaders: true,
    });
    const setCookies = headers.getSetCookie();
    if (setCookies.length > 0) cookiesToSend.set(request, setCookies);
    if (!response) return null;
    return deps.users.findById(response.user.id);
  }

  app.decorateRequest("sessionUser", function sessionUser(this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = load(this).then(noteActivity);
      cache.set(this, pending);
    }
    return pending;
  });

  app.addHook("onSend", (request, reply, payload, done) => {
    const lines = cookiesToSend.get(request);
    if (lines) {
      // A route that sets the session cookie itself (signing out, signing in) has the last word.
      const existing = reply.getHeader("set-cookie");
      const already = (
        Array.isArray(existing) ? existing : existing === undefined ? [] : [String(existing)]
      ).some((line) => line.startsWith(`${sessionCookie}=`));
      if (!already) for (const line of lines) reply.header("set-cookie", line);
    }
    done(null, payload);
  });
}
