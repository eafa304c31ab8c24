import type { Db } from "../../db/database.js";
import { createInboxHookRows } from "./inbox-hook-rows.js";
import { createInboxCalendarRows, createInboxRuleRows } from "./inbox-rule-rows.js";
import { createInboxServedProperties } from "./inbox-served-properties.js";
import { createSuggestionBatchRows, createSuggestionRows } from "./suggestion-rows.js";

export type { NewDelivery, StoredDelivery } from "./inbox-hook-rows.js";

/**
 * The inbox's rows, per GA4 property. It also reads (never writes) the saved properties: they are
 * the list of properties the inbox serves and who may read them. One repository over parts by
 * concern.
 */
export function createSuggestionsRepository(db: Db) {
  return {
    ...createSuggestionBatchRows(db),
    ...createSuggestionRows(db),
    ...createInboxHookRows(db),
    ...createInboxCalendarRows(db),
    ...createInboxRuleRows(db),
    ...createInboxServedProperties(db),
  };
}

export type SuggestionsRepository = ReturnType<typeof createSuggestionsRepository>;
