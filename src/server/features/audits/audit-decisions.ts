import { z } from "zod";
import type { updateSuggestionRequest, AuditSuggestion } from "../../../shared/contracts/audits.js";
import type { AnnotationAuditSession, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import { isApplicable, toSuggestion } from "./audit-views.js";
import type { AuditsRepository } from "./audits-repository.js";
import type { AuditsServiceDeps } from "./audits-deps.js";

export const suggestionNotFoundMessage = "That suggestion was not found.";

const uuid = z.uuid();

/** A person's say on one suggestion: accepted or rejected, its title or its category changed. */
export function createAuditDecisions(
  deps: AuditsServiceDeps,
  access: {
    requireAccess: (user: User) => void;
    ownSession: (user: User, id: string) => Promise<AnnotationAuditSession>;
  },
) {
  const { repository, categories } = deps;
  const { requireAccess, ownSession } = access;
  return {
    async updateSuggestion(
      user: User,
      id: string,
      suggestionId: string,
      input: z.output<typeof updateSuggestionRequest>,
    ): Promise<AuditSuggestion> {
      requireAccess(user);
      const session = await ownSession(user, id);
      const parsedId = uuid.safeParse(suggestionId);
      const suggestion = parsedId.success
        ? await repository.findSuggestion(session.id, parsedId.data)
        : null;
      if (!suggestion) throw new AppError("suggestion_not_found", suggestionNotFoundMessage);

      let changes: Parameters<AuditsRepository["updateOpenSuggestion"]>[2];
      if ("status" in input) {
        if (input.status === "accepted" && !isApplicable(suggestion))
          throw new AppError(
            "nothing_to_apply",
            "There is nothing to apply yet: edit the title or pick a category first.",
          );
        changes = { status: input.status };
      } else if ("modifiedTitle" in input) {
        changes = {
          modifiedTitle: input.modifiedTitle,
          ...(input.modifiedDescription !== undefined
            ? { modifiedDescription: input.modifiedDescription }
            : {}),
        };
      } else {
        if (input.modifiedCategoryId !== null)
          await categories.requireUsable(user, input.modifiedCategoryId);
        changes = { modifiedCategoryId: input.modifiedCategoryId };
      }
      const updated = await repository.updateOpenSuggestion(session.id, suggestion.id, changes);
      if (!updated)
        throw new AppError(
          "suggestion_closed",
          "This suggestion has already been applied and can no longer change.",
        );
      return toSuggestion(updated);
    },
  };
}
