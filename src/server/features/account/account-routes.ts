import type { FastifyInstance, FastifyRequest } from "fastify";
import { accountExportFileName, deleteAccountRequest } from "../../../shared/contracts/account.js";
import { parseInput } from "../../parse-input.js";
import type { RateLimiter, RateLimitRule } from "../../http/rate-limiter.js";
import type { AddressKey } from "../../security/address-key.js";
import type { AccountService } from "./account-service.js";
import { sessionRoute } from "../../http/identity.js";

export interface AccountRouteDependencies {
  account: AccountService;
  rateLimiter: RateLimiter;
  limits: { export: RateLimitRule; delete: RateLimitRule };
  /** Per-person limits are keyed by the address's key, so deleting the account resets none. */
  addressKey: AddressKey;
  /** Set-Cookie lines that end this browser's session cookie. */
  signOutCookies(request: FastifyRequest): Promise<string[]>;
}

export async function accountRoutes(
  app: FastifyInstance,
  deps: AccountRouteDependencies,
): Promise<void> {
  // A POST, so only our own pages can ask (the origin guard); the answer is the file itself.
  app.post("/api/account/export", sessionRoute, async (request, reply) => {
    const user = await request.requireUser();
    await deps.rateLimiter.hit(deps.limits.export, deps.addressKey(user.email));
    const data = await deps.account.exportData(user);
    const fileName = accountExportFileName(data.exportedAt.slice(0, 10));
    return reply
      .header("content-disposition", `attachment; filename="${fileName}"`)
      .type("application/json; charset=utf-8")
      .send(JSON.stringify(data, null, 2));
  });

  app.post("/api/account/delete", sessionRoute, async (request, reply) => {
    const user = await request.requireUser();
    await deps.rateLimiter.hit(deps.limits.delete, deps.addressKey(user.email));
    const { confirmEmail } = parseInput(deleteAccountRequest, request.body);
    await deps.account.deleteAccount(user, confirmEmail);
    // Every session went with the account; this browser's cookie goes too.
    reply.header("set-cookie", await deps.signOutCookies(request));
    return reply.code(200).send({ deleted: true });
  });
}
