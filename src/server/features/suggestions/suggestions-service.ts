import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type {
  CreateRuleRequest,
  HolidayCalendarRequest,
  InboxRule,
  InboxSettings,
} from "../../../shared/contracts/suggestions.js";
import type { SuggestionSourceKind } from "../../../shared/suggestion-sources.js";
import { holidayCountries, holidayRegions, isKnownCalendar } from "./sources/holidays-source.js";
import { createInboxDecisions } from "./inbox-decisions.js";
import { createInboxReads } from "./inbox-reads.js";
import { createInboxWebhooks } from "./inbox-webhooks.js";
import type { SuggestionsDeps } from "./suggestions-deps.js";
import { inboxMessages, uuidPattern, webhookMessages } from "./suggestion-words.js";

export { firstReadDays } from "./inbox-reads.js";
export { webhookBodyLimitBytes, type DeliveryOutcome } from "./inbox-webhooks.js";
export { hooksPerProperty, inboxMessages, webhookMessages } from "./suggestion-words.js";

/**
 * The suggestion inbox of each GA4 property: sources read into suggestions (by jobs, one property
 * and source at a time), a person's accept (through the annotations service, once), dismiss and
 * rules, webhooks and holiday calendars. Suggestions belong to the property, not to a person:
 * anyone who may use the property sees and decides them.
 * Reading sources (inbox-reads), decisions (inbox-decisions) and webhooks (inbox-webhooks) have
 * files of their own.
 */
export function createSuggestionsService(deps: SuggestionsDeps) {
  const { repository } = deps;
  const decisions = createInboxDecisions(deps);
  const { requireSource, categoriesOf } = decisions;
  const { queueRead, readSource, sweep } = createInboxReads(deps, decisions.acceptRow);
  const webhooks = createInboxWebhooks(deps, { requireSource, queueRead });
  const { hookView } = webhooks;

  function ruleView(rule: {
    id: string;
    source: SuggestionSourceKind;
    origin: string | null;
    categoryId: string | null;
    createdAt: Date;
  }): InboxRule {
    return {
      id: rule.id,
      source: rule.source,
      origin: rule.origin,
      categoryId: rule.categoryId,
      createdAt: rule.createdAt.toISOString(),
    };
  }

  return {
    queueRead,
    readSource,
    sweep,
    ...decisions.operations,
    ...webhooks.operations,

    async settings(user: User, propertyId: string): Promise<InboxSettings> {
      await deps.properties.requireAllowed(user, propertyId);
      const [hooks, holidayCalendar, rules] = await Promise.all([
        repository.listHooks(propertyId),
        repository.holidayCalendar(propertyId),
        repository.listRules(propertyId),
      ]);
      return {
        hooks: hooks.map(hookView),
        holidayCalendar,
        rules: rules.map(ruleView),
      };
    },

    holidayChoices(country: string | null) {
      return {
        countries: holidayCountries(),
        regions: country ? holidayRegions(country.toUpperCase()) : {},
      };
    },

    async setHolidayCalendar(
      user: User,
      propertyId: string,
      calendar: HolidayCalendarRequest,
    ): Promise<{ holidayCalendar: { country: string; region: string | null } | null }> {
      await deps.properties.requireAllowed(user, propertyId);
      requireSource(user, "holidays");
      const chosen = calendar
        ? { country: calendar.country, region: calendar.region ?? null }
        : null;
      if (chosen && !isKnownCalendar(chosen.country, chosen.region))
        throw new AppError("invalid_request", inboxMessages.unknownCalendar);
      await repository.setHolidayCalendar(propertyId, chosen);
      // Read at once; the sweep would otherwise find it within a minute.
      if (chosen) await queueRead(propertyId, "holidays");
      return { holidayCalendar: chosen };
    },

    async createRule(
      user: User,
      propertyId: string,
      request: CreateRuleRequest,
    ): Promise<InboxRule> {
      await deps.properties.requireAllowed(user, propertyId);
      requireSource(user, request.source);
      if (request.origin) {
        const hook = await repository.findHook(request.origin);
        if (!hook || hook.propertyId !== propertyId)
          throw new AppError("hook_not_found", webhookMessages.hookNotFound);
      }
      if (request.categoryId) {
        const categories = await categoriesOf(user);
        if (!categories.some((category) => category.id === request.categoryId))
          throw new AppError("category_not_found", "That category was not found.");
      }
      return ruleView(
        await repository.createRule({
          propertyId,
          source: request.source,
          origin: request.origin ?? null,
          categoryId: request.categoryId ?? null,
          userId: user.id,
        }),
      );
    },

    async deleteRule(user: User, propertyId: string, ruleId: string): Promise<void> {
      await deps.properties.requireAllowed(user, propertyId);
      if (!uuidPattern.test(ruleId) || !(await repository.deleteRule(propertyId, ruleId)))
        throw new AppError("rule_not_found", inboxMessages.ruleNotFound);
    },
  };
}

export type SuggestionsService = ReturnType<typeof createSuggestionsService>;
