import type { Db } from "../../db/database.js";
import { createAuditSessionProgress, createAuditSessionReads } from "./audit-session-rows.js";
import { createAuditSuggestionClaims, createAuditSuggestionRows } from "./audit-suggestion-rows.js";

export type { NewSuggestion } from "./audit-session-rows.js";

/** Audits and their suggestions: one repository over parts by concern. */
export function createAuditsRepository(db: Db) {
  return {
    ...createAuditSessionReads(db),
    ...createAuditSessionProgress(db),
    ...createAuditSuggestionRows(db),
    ...createAuditSuggestionClaims(db),
  };
}

export type AuditsRepository = ReturnType<typeof createAuditsRepository>;
