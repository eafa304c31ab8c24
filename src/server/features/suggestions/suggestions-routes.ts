import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  createRuleRequest,
  holidayCalendarRequest,
  suggestionIdParam,
} from "../../../shared/contracts/suggestions.js";
import { sessionRoute } from "../../http/identity.js";
import { parseInput } from "../../parse-input.js";
import { hookRoutes, propertyOf, type ItemParams, type PropertyParams } from "./hook-routes.js";
import type { SuggestionsService } from "./suggestions-service.js";

const countryQuery = z.strictObject({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "Choose a country by its two-letter code, like US or DE")
    .optional(),
});

export async function suggestionsRoutes(
  app: FastifyInstance,
  deps: { suggestions: SuggestionsService },
): Promise<void> {
  const { suggestions } = deps;
  const property = propertyOf;

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

  await hookRoutes(app, suggestions);
}
