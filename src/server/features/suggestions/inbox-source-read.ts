/**
 * One source read for one property, page by page, as a person who may use it; the property's
 * rules then accept what is new.
 */
import type { InboxSuggestion, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import { addDays, fromIsoDate, toIsoDate } from "../../../shared/calendar-date.js";
import {
  annotationDescriptionMaxLength,
  annotationTitleMaxLength,
} from "../../../shared/contracts/annotations.js";
import type { AcceptSuggestionRequest, Suggestion } from "../../../shared/contracts/suggestions.js";
import { capabilitiesOf } from "../../../shared/plans.js";
import {
  suggestionSourceInfo,
  type SuggestionSourceKind,
} from "../../../shared/suggestion-sources.js";
import { sourceRegistry } from "./sources/index.js";
import type { SourceRun, SuggestionDraft, SuggestionSource } from "./sources/source.js";
import type { SuggestionsDeps } from "./suggestions-deps.js";
import { cut, presetOf } from "./suggestion-words.js";

/** How far back a source looks on its first read of a property. */
export const firstReadDays = 90;
/** A source's pages read in one run before the job yields to other work (it queues its own next run). */
const pagesPerRun = 20;

function toRow(draft: SuggestionDraft, kind: SuggestionSourceKind) {
  const preset = presetOf(draft.categoryPreset ?? suggestionSourceInfo[kind].categoryPreset);
  const start = draft.annotationDate ?? draft.annotationDateRange!.startDate;
  const end = draft.annotationDateRange?.endDate ?? null;
  return {
    itemKey: draft.itemKey,
    origin: draft.origin ?? null,
    startDate: toIsoDate(start),
    endDate: end ? toIsoDate(end) : null,
    title: cut(draft.title, annotationTitleMaxLength),
    description: cut(draft.description, annotationDescriptionMaxLength),
    color: draft.color ?? preset.color,
    categoryPreset: preset.key,
  };
}

/** A suggestion accepted as a person or by their rule (the decisions' acceptRow). */
export type AcceptRow = (
  user: User,
  propertyId: string,
  row: InboxSuggestion,
  edits: AcceptSuggestionRequest,
  how: "person" | "rule",
) => Promise<Suggestion>;

/** Accepts new suggestions a rule covers, as the rule's person, while their quota lasts. */
export function createInboxRuleAccepts(deps: SuggestionsDeps, acceptRow: AcceptRow) {
  const { repository } = deps;
  return async function applyRules(propertyId: string, added: InboxSuggestion[]): Promise<void> {
    const spent = new Set<string>();
    for (const row of added) {
      const rule = await repository.ruleFor(propertyId, row.source, row.origin);
      if (!rule || spent.has(rule.userId)) continue;
      const user = await deps.findUser(rule.userId);
      if (!user || !capabilitiesOf(user.subscriptionTier).suggestionSources.includes(row.source))
        continue;
      try {
        await acceptRow(user, propertyId, row, { categoryId: rule.categoryId }, "rule");
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Out of quota (or Google unreachable): the rest stay in the inbox for a person.
        if (error.code === "daily_limit") spent.add(rule.userId);
        deps.logger?.info(
          { propertyId, suggestionId: row.id, code: error.code },
          "inbox rule left a suggestion open",
        );
      }
    }
  };
}

export function createInboxSourceRead(
  deps: SuggestionsDeps,
  applyRules: (propertyId: string, added: InboxSuggestion[]) => Promise<void>,
) {
  const now = deps.now ?? (() => new Date());
  const { repository } = deps;
  const sources = new Map<SuggestionSourceKind, SuggestionSource>(
    sourceRegistry.map((row) => [
      row.kind,
      row.create({
        ...deps.sourceDeps,
        deliveries: repository,
        holidayCalendars: repository,
        now,
      }),
    ]),
  );

  /**
   * The person a source reads for: the earliest who saved the property and whose plan includes
   * the source; "none" when there is no such person.
   */
  async function readerFor(propertyId: string, kind: SuggestionSourceKind): Promise<User | "none"> {
    for (const userId of await repository.savedBy(propertyId)) {
      const user = await deps.findUser(userId);
      if (user && capabilitiesOf(user.subscriptionTier).suggestionSources.includes(kind))
        return user;
    }
    return "none";
  }

  /**
   * Reads a source's news for a property into the inbox, page by page up to a bound, then applies
   * the property's rules to what is new. Returns whether more pages wait.
   */
  async function readSource(
    propertyId: string,
    kind: SuggestionSourceKind,
    signal?: AbortSignal,
  ): Promise<boolean> {
    const source = sources.get(kind);
    if (!source) return false;
    const reader = await readerFor(propertyId, kind);
    // No one who saved it may use this source: nothing is read, and the cursor stays.
    if (reader === "none") return false;
    const at = now();
    const today = fromIsoDate(at.toISOString().slice(0, 10));
    const run: SourceRun = {
      propertyId,
      reader,
      now: at,
      earliest: addDays(today, -firstReadDays),
    };
    for (let page = 0; page < pagesPerRun; page++) {
      signal?.throwIfAborted();
      const cursor = (await repository.cursorOf(propertyId, kind))?.cursor ?? null;
      let batch;
      try {
        batch = await source.fetchSince(run, cursor);
      } catch (error) {
        // A refusal for the reader (Google disconnected, the property out of reach, a quota) is
        // no fault of the job's: it is tried again on the next sweep, from the same cursor.
        if (error instanceof AppError) {
          deps.logger?.info(
            { propertyId, source: kind, code: error.code },
            "inbox source skipped a read",
          );
          if (cursor === null) await repository.storeBatch(propertyId, kind, [], null);
          return false;
        }
        throw error;
      }
      const added = await repository.storeBatch(
        propertyId,
        kind,
        batch.suggestions.map((draft) => toRow(draft, kind)),
        batch.cursor,
      );
      await applyRules(propertyId, added);
      if (!batch.more) return false;
    }
    return true;
  }

  return readSource;
}
