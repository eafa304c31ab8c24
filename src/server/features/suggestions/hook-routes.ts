import type { FastifyInstance } from "fastify";
import { propertyId } from "../../../shared/contracts/annotations.js";
import { createHookRequest } from "../../../shared/contracts/suggestions.js";
import { publicRoute, sessionRoute } from "../../http/identity.js";
import { parseInput } from "../../parse-input.js";
import { webhookBodyLimitBytes, type SuggestionsService } from "./suggestions-service.js";

export interface PropertyParams {
  propertyId: string;
}
export interface ItemParams extends PropertyParams {
  id: string;
}

export const propertyOf = (params: PropertyParams) => parseInput(propertyId, params.propertyId);

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A property's webhooks, and the address each receives its deliveries on. */
export async function hookRoutes(app: FastifyInstance, suggestions: SuggestionsService) {
  const property = propertyOf;

  app.get<{ Params: PropertyParams }>(
    "/api/properties/:propertyId/hooks",
    sessionRoute,
    async (request) => {
      const user = await request.requireUser();
      return { hooks: await suggestions.listHooks(user, property(request.params)) };
    },
  );

  app.post<{ Params: PropertyParams }>(
    "/api/properties/:propertyId/hooks",
    sessionRoute,
    async (request, reply) => {
      const user = await request.requireUser();
      const { name } = parseInput(createHookRequest, request.body);
      return reply
        .code(201)
        .send(await suggestions.createHook(user, property(request.params), name));
    },
  );

  // A hook's id is its delivery address: no log line may hold it, here either.
  app.delete<{ Params: ItemParams }>(
    "/api/properties/:propertyId/hooks/:id",
    { config: { ...sessionRoute.config, secretParams: ["id"] } },
    async (request) => {
      const user = await request.requireUser();
      await suggestions.deleteHook(user, property(request.params), request.params.id);
      return { deleted: true };
    },
  );

  // The webhook reads its body as bytes, in a scope of its own: the signature is over the exact
  // bytes sent, and no other route's parsing changes.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: webhookBodyLimitBytes },
      (_request, body, done) => done(null, body),
    );
    scope.post<{ Params: { hookId: string } }>(
      "/api/hooks/:hookId",
      {
        bodyLimit: webhookBodyLimitBytes,
        // The hook id is the address senders need besides the signature: kept out of the logs.
        config: { ...publicRoute.config, verifiedBySignature: true, secretParams: ["hookId"] },
      },
      async (request, reply) => {
        const outcome = await suggestions.receiveDelivery(request.params.hookId, {
          event: header(request.headers["x-github-event"]),
          deliveryId: header(request.headers["x-github-delivery"]),
          signature: header(request.headers["x-hub-signature-256"]),
          body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        });
        return reply.code(outcome === "stored" ? 202 : 200).send({ outcome });
      },
    );
  });
}
