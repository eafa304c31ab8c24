/**
 * A person's decisions in the inbox: the list as they may see it, accept (written through the
 * annotations service, exactly once by the suggestion's own request id), dismiss and its undo.
 */
import type { InboxSuggestion, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import { fromIsoDate } from "../../../shared/calendar-date.js";
import { applyTitleTemplate, categoryForPreset } from "../../../shared/categories.js";
import {
  annotationTitleMaxLength,
  type CreateAnnotationRequest,
} from "../../../shared/contracts/annotations.js";
import type { Category } from "../../../shared/contracts/categories.js";
import type {
  AcceptSuggestionRequest,
  BulkSuggestionRequest,
  BulkSuggestionResponse,
  Suggestion,
  SuggestionListResponse,
  SuggestionStatusValue,
} from "../../../shared/contracts/suggestions.js";
import { capabilitiesOf } from "../../../shared/plans.js";
import {
  suggestionSourceKinds,
  type SuggestionSourceKind,
} from "../../../shared/suggestion-sources.js";
import { canUseCategories } from "../categories/categories-service.js";
import type { SuggestionsDeps } from "./suggestions-deps.js";
import { inboxMessages, presetOf } from "./suggestion-words.js";

export function createInboxDecisions(deps: SuggestionsDeps) {
  const now = deps.now ?? (() => new Date());
  const { repository } = deps;

  function availableSources(user: User): readonly SuggestionSourceKind[] {
    return capabilitiesOf(user.subscriptionTier).suggestionSources;
  }

  function requireSource(user: User, kind: SuggestionSourceKind): void {
    if (!availableSources(user).includes(kind))
      throw new AppError("premium_required", inboxMessages.sourceLocked(kind));
  }

  async function categoriesOf(user: User): Promise<Category[]> {
    return canUseCategories(user) ? deps.categories.list(user) : [];
  }

  function toSuggestion(row: InboxSuggestion, categories: readonly Category[]): Suggestion {
    const preset = presetOf(row.categoryPreset);
    const category = categoryForPreset(categories, preset);
    const start = fromIsoDate(row.startDate);
    return {
      id: row.id,
      propertyId: row.propertyId,
      source: row.source,
      annotationDate: start,
      ...(row.endDate
        ? { annotationDateRange: { startDate: start, endDate: fromIsoDate(row.endDate) } }
        : {}),
      title: applyTitleTemplate(
        row.title,
        category ? category.titleTemplate : preset.titleTemplate,
        annotationTitleMaxLength,
      ),
      description: row.description,
      color: row.color,
      categoryPreset: row.categoryPreset,
      categoryId: category?.id ?? null,
      status: row.status,
      annotationId: row.annotationId,
      decidedHow: row.decidedHow,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /**
   * Writes a suggestion as an annotation through the annotations service, with the suggestion's
   * own create request id: an accept repeated after Google's answer was lost (a second click, a
   * retry, a rule's job run again) finds the first create instead of making a second.
   */
  async function acceptRow(
    user: User,
    propertyId: string,
    row: InboxSuggestion,
    edits: AcceptSuggestionRequest,
    how: "person" | "rule",
  ): Promise<Suggestion> {
    if (row.status !== "open") throw new AppError("suggestion_closed", inboxMessages.closed);
    const categories = await categoriesOf(user);
    const suggested = toSuggestion(row, categories);
    const categoryId = edits.categoryId !== undefined ? edits.categoryId : suggested.categoryId;
    const chosen = categories.find((category) => category.id === categoryId);
    const title =
      edits.title !== undefined
        ? applyTitleTemplate(
            edits.title,
            chosen?.titleTemplate ?? presetOf(row.categoryPreset).titleTemplate,
            annotationTitleMaxLength,
          )
        : chosen
          ? applyTitleTemplate(row.title, chosen.titleTemplate, annotationTitleMaxLength)
          : suggested.title;
    const description = edits.description ?? row.description;
    const target =
      edits.annotationDate || edits.annotationDateRange
        ? edits.annotationDate
          ? { annotationDate: edits.annotationDate }
          : { annotationDateRange: edits.annotationDateRange! }
        : suggested.annotationDateRange
          ? { annotationDateRange: suggested.annotationDateRange }
          : { annotationDate: suggested.annotationDate };
    const request: CreateAnnotationRequest = {
      title,
      ...(description ? { description } : {}),
      ...target,
      color: edits.color ?? row.color,
      ...(categoryId ? { categoryId } : {}),
      requestId: row.requestId,
    };
    let created;
    try {
      // The suggestion holds the content: a create that provably did not happen is sent again
      // under the next id of its chain rather than refused (decision 0066).
      created = await deps.annotations.create(user, propertyId, request, "inbox", {
        resendWhenMissing: true,
      });
    } catch (error) {
      // A create that surely made nothing (Google refused it, or gave up) has ended for good
      // under this id; the next accept gets a fresh one. An unconfirmed one keeps its id, so the
      // next accept settles it rather than writing again.
      if (
        error instanceof AppError &&
        error.code.startsWith("google_") &&
        error.code !== "google_unconfirmed"
      )
        await repository.renewRequestId(row.id, crypto.randomUUID());
      throw error;
    }
    const decided = await repository.decide(row.id, {
      status: "accepted",
      userId: user.id,
      how,
      annotationId: created.annotationId,
      at: now(),
    });
    // Decided meanwhile by someone else: the annotation is the same one (same request id).
    const final = decided ?? (await repository.find(propertyId, row.id)) ?? row;
    return toSuggestion(final, categories);
  }

  async function findOpen(propertyId: string, id: string): Promise<InboxSuggestion> {
    const row = await repository.find(propertyId, id);
    if (!row) throw new AppError("suggestion_not_found", inboxMessages.notFound);
    return row;
  }

  async function dismissRow(user: User, row: InboxSuggestion, categories: readonly Category[]) {
    if (row.status !== "open") throw new AppError("suggestion_closed", inboxMessages.closed);
    const decided = await repository.decide(row.id, {
      status: "dismissed",
      userId: user.id,
      how: "person",
      at: now(),
    });
    if (!decided) throw new AppError("suggestion_closed", inboxMessages.closed);
    return toSuggestion(decided, categories);
  }

  return {
    requireSource,
    categoriesOf,
    acceptRow,
    operations: {
      async list(
        user: User,
        propertyId: string,
        status: SuggestionStatusValue,
      ): Promise<SuggestionListResponse> {
        await deps.properties.requireAllowed(user, propertyId);
        const available = availableSources(user);
        const [rows, openRows, categories] = await Promise.all([
          repository.list(propertyId, status),
          status === "open" ? null : repository.list(propertyId, "open"),
          categoriesOf(user),
        ]);
        const visible = rows.filter((row) => available.includes(row.source));
        const open = (openRows ?? rows).filter((row) => available.includes(row.source));
        return {
          suggestions: visible.map((row) => toSuggestion(row, categories)),
          openCount: open.length,
          sources: suggestionSourceKinds.map((kind) => ({
            kind,
            available: available.includes(kind),
          })),
        };
      },

      async accept(
        user: User,
        propertyId: string,
        id: string,
        edits: AcceptSuggestionRequest,
      ): Promise<Suggestion> {
        await deps.properties.requireAllowed(user, propertyId);
        const row = await findOpen(propertyId, id);
        requireSource(user, row.source);
        return acceptRow(user, propertyId, row, edits, "person");
      },

      async dismiss(user: User, propertyId: string, id: string): Promise<Suggestion> {
        await deps.properties.requireAllowed(user, propertyId);
        const row = await findOpen(propertyId, id);
        requireSource(user, row.source);
        return dismissRow(user, row, await categoriesOf(user));
      },

      /** Undoes a dismissal: the suggestion is open again, as it was. */
      async restore(user: User, propertyId: string, id: string): Promise<Suggestion> {
        await deps.properties.requireAllowed(user, propertyId);
        const row = await findOpen(propertyId, id);
        requireSource(user, row.source);
        const reopened = row.status === "dismissed" ? await repository.reopen(row.id) : null;
        if (!reopened) throw new AppError("suggestion_closed", inboxMessages.notDismissed);
        return toSuggestion(reopened, await categoriesOf(user));
      },

      /** Each suggestion decided on its own: one refused (quota, closed) does not stop the rest. */
      async bulk(
        user: User,
        propertyId: string,
        request: BulkSuggestionRequest,
      ): Promise<BulkSuggestionResponse> {
        await deps.properties.requireAllowed(user, propertyId);
        const ids = [...new Set(request.ids)];
        const rows = new Map(
          (await repository.findMany(propertyId, ids)).map((row) => [row.id, row]),
        );
        const categories = await categoriesOf(user);
        const results: BulkSuggestionResponse["results"] = [];
        for (const id of ids) {
          try {
            const row = rows.get(id);
            if (!row) throw new AppError("suggestion_not_found", inboxMessages.notFound);
            requireSource(user, row.source);
            const suggestion =
              request.action === "accept"
                ? await acceptRow(user, propertyId, row, {}, "person")
                : await dismissRow(user, row, categories);
            results.push({ id, ok: true, suggestion });
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            results.push({ id, ok: false, code: error.code, error: error.message });
          }
        }
        return { results };
      },
    },
  };
}
