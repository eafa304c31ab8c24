/**
 * A suggestion accepted: written through the annotations service, exactly once by the
 * suggestion's own request id.
 */
import type { InboxSuggestion, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import { applyTitleTemplate } from "../../../shared/categories.js";
import {
  annotationTitleMaxLength,
  type CreateAnnotationRequest,
} from "../../../shared/contracts/annotations.js";
import type { Category } from "../../../shared/contracts/categories.js";
import type { AcceptSuggestionRequest, Suggestion } from "../../../shared/contracts/suggestions.js";
import { canUseCategories } from "../categories/categories-service.js";
import { toSuggestion } from "./inbox-list.js";
import type { SuggestionsDeps } from "./suggestions-deps.js";
import { inboxMessages, presetOf } from "./suggestion-words.js";

/** The create an accept sends: the suggestion as shown, with the person's edits over it. */
function acceptedRequest(
  row: InboxSuggestion,
  categories: readonly Category[],
  edits: AcceptSuggestionRequest,
): CreateAnnotationRequest {
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
  return {
    title,
    ...(description ? { description } : {}),
    ...target,
    color: edits.color ?? row.color,
    ...(categoryId ? { categoryId } : {}),
    requestId: row.requestId,
  };
}

export function createInboxAccept(deps: SuggestionsDeps) {
  const now = deps.now ?? (() => new Date());
  const { repository } = deps;

  async function categoriesOf(user: User): Promise<Category[]> {
    return canUseCategories(user) ? deps.categories.list(user) : [];
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
    const request = acceptedRequest(row, categories, edits);
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

  return { categoriesOf, acceptRow };
}
