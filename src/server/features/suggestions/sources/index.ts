import type { SuggestionSourceKind } from "../../../../shared/suggestion-sources.js";
import { createHolidaysSource } from "./holidays-source.js";
import { createReleaseWebhookSource } from "./release-webhook-source.js";
import { createChangeHistorySource } from "./change-history.js";
import type { SourceDeps, SuggestionSource } from "./source.js";
import { createUnexplainedChangeSource } from "./unexplained-change-source.js";

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
