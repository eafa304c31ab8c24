import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type { Category } from "../../../shared/contracts/categories.js";
import type { CreateRuleRequest, InboxRule } from "../../../shared/contracts/suggestions.js";
import type { SuggestionSourceKind } from "../../../shared/suggestion-sources.js";
import type { SuggestionsDeps } from "./suggestions-deps.js";
import { inboxMessages, uuidPattern, webhookMessages } from "./suggestion-words.js";

export function ruleView(rule: {
  id: string;
  source: SuggestionSourceKind;
  origin: string | null;
  categoryId: string | null;
  createdAt: Date;
}): InboxRule {
  return {
    id: rule.id,
    source: rule.source,
    origin: rule.origin,
    categoryId: rule.categoryId,
    createdAt: rule.createdAt.toISOString(),
  };
}

/** Rules that accept a source's (or one hook's) suggestions for the person who made them. */
export function createInboxRules(
  deps: SuggestionsDeps,
  parts: {
    requireSource: (user: User, kind: SuggestionSourceKind) => void;
    categoriesOf: (user: User) => Promise<Category[]>;
  },
) {
  const { repository } = deps;
  const { requireSource, categoriesOf } = parts;
  return {
    async createRule(
      user: User,
      propertyId: string,
      request: CreateRuleRequest,
    ): Promise<InboxRule> {
      await deps.properties.requireAllowed(user, propertyId);
      requireSource(user, request.source);
      if (request.origin) {
        const hook = await repository.findHook(request.origin);
        if (!hook || hook.propertyId !== propertyId)
          throw new AppError("hook_not_found", webhookMessages.hookNotFound);
      }
      if (request.categoryId) {
        const categories = await categoriesOf(user);
        if (!categories.some((category) => category.id === request.categoryId))
          throw new AppError("category_not_found", "That category was not found.");
      }
      return ruleView(
        await repository.createRule({
          propertyId,
          source: request.source,
          origin: request.origin ?? null,
          categoryId: request.categoryId ?? null,
          userId: user.id,
        }),
      );
    },

    async deleteRule(user: User, propertyId: string, ruleId: string): Promise<void> {
      await deps.properties.requireAllowed(user, propertyId);
      if (!uuidPattern.test(ruleId) || !(await repository.deleteRule(propertyId, ruleId)))
        throw new AppError("rule_not_found", inboxMessages.ruleNotFound);
    },
  };
}
