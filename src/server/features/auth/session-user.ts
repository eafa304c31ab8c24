import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { User } from "../../db/schema/index.js";
import { HttpError } from "../../http/http-error.js";
import type { UsersRepository } from "../users/users-repository.js";
import type { Auth } from "./auth-instance.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, or null. Read once per request and remembered. */
    sessionUser(): Promise<User | null>;
    /** The signed-in user; answers 401 when there is none. */
    requireUser(): Promise<User>;
  }
}

const notSignedIn = () => new HttpError(401, "Please sign in to continue.", "unauthenticated");

export function registerSessionUser(app: FastifyInstance, deps: { auth: Auth; users: UsersRepository }): void {
  const cache = new WeakMap<FastifyRequest, Promise<User | null>>();

  async function load(request: FastifyRequest): Promise<User | null> {
    const session = await deps.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return null;
    return deps.users.findById(session.user.id);
  }

  app.decorateRequest("sessionUser", function sessionUser(this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = load(this);
      cache.set(this, pending);
    }
    return pending;
  });

  app.decorateRequest("requireUser", async function requireUser(this: FastifyRequest) {
    const user = await this.sessionUser();
    if (!user) throw notSignedIn();
    return user;
  });
}
