import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  createApiTokenRequest,
  type ApiTokenListResponse,
} from "../../../shared/contracts/api-tokens.js";
import { sessionRoute } from "../../http/identity.js";
import { parseInput } from "../../parse-input.js";
import type { ApiTokensService } from "./api-tokens-service.js";

const tokenId = z.uuid({ message: "That token was not found." });

/** The person's personal access tokens, managed from /account. */
export async function apiTokensRoutes(
  app: FastifyInstance,
  deps: { apiTokens: ApiTokensService },
): Promise<void> {
  const { apiTokens } = deps;

  app.get("/api/account/tokens", sessionRoute, async (request): Promise<ApiTokenListResponse> => {
    return apiTokens.list(await request.requireUser());
  });

  app.post("/api/account/tokens", sessionRoute, async (request, reply) => {
    const user = await request.requireUser();
    const input = parseInput(createApiTokenRequest, request.body);
    // Shown once: no cache may keep the token.
    reply.header("Cache-Control", "no-store");
    return reply.code(201).send(await apiTokens.create(user, input));
  });

  app.delete<{ Params: { id: string } }>(
    "/api/account/tokens/:id",
    sessionRoute,
    async (request) => {
      const user = await request.requireUser();
      await apiTokens.revoke(user, parseInput(tokenId, request.params.id));
      return { revoked: true };
    },
  );
}
