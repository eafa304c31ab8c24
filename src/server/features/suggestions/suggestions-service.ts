import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type {
  HolidayCalendarRequest,
  InboxSettings,
} from "../../../shared/contracts/suggestions.js";
import { holidayCountries, holidayRegions, isKnownCalendar } from "./sources/holidays-source.js";
import { createInboxDecisions } from "./inbox-decisions.js";
import { createInboxReads } from "./inbox-reads.js";
import { createInboxRules, ruleView } from "./inbox-rules.js";
import { createInboxWebhooks } from "./inbox-webhooks.js";
import type { SuggestionsDeps } from "./suggestions-deps.js";
import { inboxMessages } from "./suggestion-words.js";

export { firstReadDays } from "./inbox-reads.js";
export { webhookBodyLimitBytes, type DeliveryOutcome } from "./inbox-webhooks.js";
export { hooksPerProperty, inboxMessages, webhookMessages } from "./suggestion-words.js";

/**
 * The suggestion inbox of each GA4 property: sources read into suggestions (by jobs, one property
 * and source at a time), a person's accept (through the annotations service, once), dismiss and
 * rules, webhooks and holiday calendars. Suggestions belong to the property, not to a person:
 * anyone who may use the property sees and decides them.
 * Reading sources (inbox-reads), decisions (inbox-decisions), webhooks (inbox-webhooks) and rules
 * (inbox-rules) have files of their own.
 */
export function createSuggestionsService(deps: SuggestionsDeps) {
  const { repository } = deps;
  const decisions = createInboxDecisions(deps);
  const { requireSource, categoriesOf } = decisions;
  const { queueRead, readSource, sweep } = createInboxReads(deps, decisions.acceptRow);
  const webhooks = createInboxWebhooks(deps, { requireSource, queueRead });
  const { hookView } = webhooks;

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

    ...createInboxRules(deps, { requireSource, categoriesOf }),
  };
}

export type SuggestionsService = ReturnType<typeof createSuggestionsService>;
