import type { AnalyticsGateway } from "../../google-connection/analytics-gateway.js";
import type { TrafficService } from "../../traffic/traffic-service.js";
import type { SuggestionSourceKind } from "../../../../shared/suggestion-sources.js";
import type { SuggestionsRepository } from "../suggestions-repository.js";
import { createHolidaysSource } from "./holidays-source.js";
import { createReleaseWebhookSource } from "./release-webhook-source.js";
import { createChangeHistorySource } from "./change-history.js";
import type { SuggestionSource } from "./source.js";
import { createUnexplainedChangeSource } from "./unexplained-change-source.js";

/**
 * What the suggestions feature hands every source when it builds them, once, at start-up. A
 * source takes the parts it needs; a new source that needs something else adds a field here and
 * the feature's wiring passes it.
 */
export interface SourceDeps {
  /** The one way to read Google on a person's behalf (fresh token, retries, error messages). */
  gateway: AnalyticsGateway;
  /** The traffic chart's detector, for unusual days no annotation explains. */
  traffic: Pick<TrafficService, "unexplained">;
  /** Verified webhook deliveries waiting to be read. */
  deliveries: Pick<SuggestionsRepository, "deliveriesAfter">;
  /** Each property's chosen public-holiday calendar. */
  holidayCalendars: Pick<SuggestionsRepository, "holidayCalendar">;
  now: () => Date;
}

export interface SourceRegistration {
  kind: SuggestionSourceKind;
  create(deps: SourceDeps): SuggestionSource;
  /**
   * "hourly": polled for every saved property by the schedule (spread out over the hour);
   * "on-demand": read only when something tells the feature there is news (a delivery arrived,
   * a calendar was chosen).
   */
  schedule: "hourly" | "on-demand";
  /** Read straight after a property is saved, so its last 90 days are in the inbox at once. */
  readWhenPropertySaved: boolean;
}

/**
 * The registry: one row per source. Plans say which sources each tier may use
 * (`tierCapabilities[tier].suggestionSources` in src/shared/plans.ts); labels and the category
 * each maps to live in src/shared/suggestion-sources.ts.
 */
export const sourceRegistry: readonly SourceRegistration[] = [
  {
    kind: "change-history",
    create: createChangeHistorySource,
    // Once an hour per property (the job spreads them); the first read brings the last 90 days.
    schedule: "hourly",
    readWhenPropertySaved: true,
  },
  {
    kind: "release-webhook",
    create: createReleaseWebhookSource,
    schedule: "on-demand",
    readWhenPropertySaved: false,
  },
  {
    kind: "holidays",
    create: createHolidaysSource,
    // Daily would do; hourly keeps the day a holiday starts in the inbox that morning.
    schedule: "hourly",
    readWhenPropertySaved: false,
  },
  {
    kind: "unexplained-change",
    create: createUnexplainedChangeSource,
    schedule: "hourly",
    readWhenPropertySaved: true,
  },
];

export function registrationOf(kind: SuggestionSourceKind): SourceRegistration | undefined {
  return sourceRegistry.find((row) => row.kind === kind);
}
