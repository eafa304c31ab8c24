/**
 * A person's decisions in the inbox: the list as they may see it, accept (written through the
 * annotations service, exactly once by the suggestion's own request id), dismiss and its undo.
 */
import type { InboxSuggestion, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type { Category } from "../../../shared/contracts/categories.js";
import type {
  AcceptSuggestionRequest,
  BulkSuggestionRequest,
  BulkSuggestionResponse,
  Suggestion,
} from "../../../shared/contracts/suggestions.js";
import type { SuggestionSourceKind } from "../../../shared/suggestion-sources.js";
import { createInboxAccept } from "./inbox-accept.js";
import { availableSources, createInboxList, toSuggestion } from "./inbox-list.js";
import type { SuggestionsDeps } from "./suggestions-deps.js";
import { inboxMessages } from "./suggestion-words.js";

export function createInboxDecisions(deps: SuggestionsDeps) {
  const now = deps.now ?? (() => new Date());
  const { repository } = deps;
  const { categoriesOf, acceptRow } = createInboxAccept(deps);

  function requireSource(user: User, kind: SuggestionSourceKind): void {
    if (!availableSources(user).includes(kind))
      throw new AppError("premium_required", inboxMessages.sourceLocked(kind));
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
      ...createInboxList(deps, categoriesOf),

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
