import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { propertyId } from "../../../shared/contracts/annotations.js";
import {
  createHookRequest,
  createRuleRequest,
  holidayCalendarRequest,
  suggestionIdParam,
} from "../../../shared/contracts/suggestions.js";
import { publicRoute, sessionRoute } from "../../http/identity.js";
import { parseInput } from "../../parse-input.js";
import { webhookBodyLimitBytes, type SuggestionsService } from "./suggestions-service.js";

interface PropertyParams {
  propertyId: string;
}
interface ItemParams extends PropertyParams {
  id: string;
}

const countryQuery = z.strictObject({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "Choose a country by its two-letter code, like US or DE")
    .optional(),
});

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export async function suggestionsRoutes(
  app: FastifyInstance,
  deps: { suggestions: SuggestionsService },
): Promise<void> {
  const { suggestions } = deps;
  const property = (params: PropertyParams) => parseInput(propertyId, params.propertyId);

  app.post<{ Params: ItemParams }>(
    "/api/properties/:propertyId/suggestions/:id/restore",
    sessionRoute,
    async (request) => {
      const user = await request.requireUser();
      const id = parseInput(suggestionIdParam, request.params.id);
      return suggestions.restore(user, property(request.params), id);
    },
  );

  app.get<{ Params: PropertyParams }>(
    "/api/properties/:propertyId/inbox-settings",
    sessionRoute,
    async (request) => {
      const user = await request.requireUser();
      return suggestions.settings(user, property(request.params));
    },
  );

  app.get("/api/holiday-calendars", sessionRoute, async (request) => {
    await request.requireUser();
    const { country } = parseInput(countryQuery, request.query);
    return suggestions.holidayChoices(country ?? null);
  });

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

  app.put<{ Params: PropertyParams }>(
    "/api/properties/:propertyId/holiday-calendar",
    sessionRoute,
    async (request) => {
      const user = await request.requireUser();
      // A body of JSON null turns the calendar off.
      const calendar =
        request.body === null ? null : parseInput(holidayCalendarRequest, request.body);
      return suggestions.setHolidayCalendar(user, property(request.params), calendar);
    },
  );

  app.post<{ Params: PropertyParams }>(
    "/api/properties/:propertyId/inbox-rules",
    sessionRoute,
    async (request, reply) => {
      const user = await request.requireUser();
      const body = parseInput(createRuleRequest, request.body);
      return reply
        .code(201)
        .send(await suggestions.createRule(user, property(request.params), body));
    },
  );

  app.delete<{ Params: ItemParams }>(
    "/api/properties/:propertyId/inbox-rules/:id",
    sessionRoute,
    async (request) => {
      const user = await request.requireUser();
      await suggestions.deleteRule(user, property(request.params), request.params.id);
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
