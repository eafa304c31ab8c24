import type { User } from "../../../db/schema/index.js";
import type { AnnotationColor } from "../../../../shared/annotation-colors.js";
import type { CalendarDate } from "../../../../shared/calendar-date.js";
import type { CategoryPreset } from "../../../../shared/categories.js";
import type { SuggestionSourceKind } from "../../../../shared/suggestion-sources.js";
import type { AnalyticsGateway } from "../../google-connection/analytics-gateway.js";
import type { TrafficService } from "../../traffic/traffic-service.js";
import type { SuggestionsRepository } from "../suggestions-repository.js";

/**
 * The one interface every suggestion source implements: given where it stopped last time (its
 * cursor for this GA4 property), it answers the items that are new since then as suggestions,
 * and the cursor to store for next time. The suggestions feature stores the drafts (deduplicated
 * by property, source and item key, so an item is never suggested twice and a dismissed one never
 * returns) and the cursor together, so a source never has to remember anything itself.
 */
export interface SuggestionSource {
  kind: SuggestionSourceKind;
  fetchSince(run: SourceRun, cursor: string | null): Promise<SourceBatch>;
}

/** What a source knows about the read it is asked for. */
export interface SourceRun {
  /** The GA4 property, digits only (suggestions belong to the property, not to a person). */
  propertyId: string;
  /**
   * Someone who has saved the property, for sources that read Google on a person's behalf
   * (through the analytics gateway). Null when no one with a Google connection has it saved:
   * such a source answers an empty batch and keeps its cursor.
   */
  reader: User | null;
  now: Date;
  /**
   * The earliest day worth suggesting: on a first read (cursor null) a source looks back no
   * further than this (the last 90 days); later reads go from the cursor.
   */
  earliest: CalendarDate;
}

export interface SourceBatch {
  suggestions: SuggestionDraft[];
  /**
   * The cursor to store: the next read starts from it. Opaque to everything but the source
   * (a time, a page token, a row number). Answering the cursor it was given means "nothing new".
   */
  cursor: string | null;
  /** True when the source stopped at a page boundary: the job reads again straight away. */
  more: boolean;
}

/** One proposed annotation, before it is stored; the shape every source answers. */
export interface SuggestionDraft {
  /**
   * The item's identity within its source and property, e.g. "release:acme/shop:1234" or
   * "holiday:2026-12-25:christmas". The same key is never stored twice for a property, so a
   * redelivered webhook or a re-read page suggests nothing new.
   */
  itemKey: string;
  /** Exactly one of the two, as for an annotation. */
  annotationDate?: CalendarDate;
  annotationDateRange?: { startDate: CalendarDate; endDate: CalendarDate };
  /**
   * The "What" of the title: the mapped category's naming template is applied to it when the
   * suggestion is shown and accepted ("v2.4.0" becomes "RELEASE · … · v2.4.0 · …").
   */
  title: string;
  description: string;
  /** Defaults to the mapped preset's colour. */
  color?: AnnotationColor;
  /** Defaults to the source's preset (`suggestionSourceInfo[kind].categoryPreset`). */
  categoryPreset?: CategoryPreset["key"];
  /**
   * Where within the source the item came from, for per-origin rules (a webhook's id: "always
   * accept releases from this hook"). Null when the source has one origin per property.
   */
  origin?: string | null;
}

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
