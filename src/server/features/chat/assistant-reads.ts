/**
 * What the assistant reads for the person: annotations and one named annotation, categories, an
 * annotation's history, the day's allowance, the inbox and the saved properties — each through
 * the service the pages use.
 */
import { AppError } from "../../app-error.js";
import type { Category } from "../../../shared/contracts/categories.js";
import { countForToday, dailyResetText } from "../../../shared/daily-quota.js";
import { capabilitiesOf } from "../../../shared/plans.js";
import { requirePremiumFeature } from "../annotations/annotations-service.js";
import type { AnyOperation } from "../../operations/operation.js";
import type { AnnotationReference } from "./annotation-reference.js";
import { categoryMatchProblem } from "./assistant-rules.js";
import {
  attempt,
  categoryNameOf,
  conversationProperty,
  listAnnotationsIn,
  resolveReference,
  type ActionScope,
  type AnnotationFilter,
} from "./assistant-scope.js";

function inboxService({ deps }: ActionScope) {
  if (!deps.suggestions)
    throw new AppError("invalid_request", "The suggestion inbox is not available here.");
  return deps.suggestions;
}

/** Annotations, categories and an annotation's history. */
export function annotationReads(scope: ActionScope) {
  const { deps, user } = scope;
  return {
    /** A catalogue operation, run for this person as the assistant; refusals as sentences. */
    runOperation: (
      operation: AnyOperation,
      input: { params: Record<string, unknown>; query: unknown; body: unknown },
    ) =>
      attempt(scope, async (): Promise<unknown> => {
        if (!deps.operations) throw new AppError("invalid_request", "That is not available here.");
        if ("propertyId" in input.params) await conversationProperty(scope);
        return operation.run(deps.operations, { user, via: "assistant" }, input as never);
      }),

    /** Whether the person's plan allows a kind of change: the services' own rule, asked early. */
    mayChange: (change: "edit" | "delete") =>
      attempt(scope, async () => requirePremiumFeature(user, change)),

    listAnnotations: (filter: AnnotationFilter) =>
      attempt(scope, () => listAnnotationsIn(scope, filter)),

    findAnnotation: (reference: AnnotationReference) =>
      attempt(scope, () => resolveReference(scope, reference)),

    /**
     * The category a word names, through the categories service (its plan check included: a free
     * person gets the one Premium message as the error).
     */
    matchCategory: (reference: string) =>
      attempt(scope, () => deps.categories.matchReference(user, reference)),

    /**
     * The one category a name means, for the model's tools: an unknown or ambiguous name is an
     * error saying so plainly, with the person's categories, for the model to relay.
     */
    findCategory: (reference: string) =>
      attempt(scope, async (): Promise<Category> => {
        const match = await deps.categories.matchReference(user, reference);
        if (match.kind === "found") return match.category;
        throw new AppError(
          match.kind === "ambiguous" ? "ambiguous" : "category_not_found",
          categoryMatchProblem(reference, match)!,
        );
      }),

    /** The person's categories, or none when their plan does not include them. */
    usableCategories: async (): Promise<Category[]> =>
      capabilitiesOf(user.subscriptionTier).canUseCategories ? deps.categories.list(user) : [],

    /** A category's name by its id, for a person whose plan includes categories. */
    categoryName: (categoryId: string | null) => categoryNameOf(scope, categoryId),

    /** One annotation's history as the pages show it: the person's changes and category names. */
    annotationHistory: (annotationId: string) =>
      attempt(scope, async () =>
        deps.annotations.history(user, await conversationProperty(scope), annotationId),
      ),
  };
}

/** The day's allowance, the inbox and the saved properties. */
export function accountReads(scope: ActionScope) {
  const { deps, user, context } = scope;
  return {
    /**
     * Today's annotation allowance, counted as the plan card counts it, and when it resets in the
     * card's words, on the property's clock ('Resets at 2026-12-07 11:00 GMT+11 (midnight UTC) —
     * in 3 h').
     */
    dailyAllowance: (): { used: number; quota: number; resets?: string } => ({
      used: countForToday(user.dailyAnnotationCount, user.dailyCountResetAt, context.now),
      quota: user.annotationQuota,
      resets: dailyResetText(context.now, context.timeZone ?? null),
    }),

    /** The property's open suggestions, and accepting one by its id, through the suggestions service. */
    inbox: {
      open: () =>
        attempt(scope, async () => {
          const propertyId = await conversationProperty(scope);
          return (await inboxService(scope).list(user, propertyId, "open")).suggestions;
        }),
      accept: (suggestionId: string) =>
        attempt(scope, async () =>
          inboxService(scope).accept(user, await conversationProperty(scope), suggestionId, {}),
        ),
    },

    /** The saved properties; `canEdit` false for one the person may only view in Google. */
    listProperties: () =>
      attempt(scope, async () => {
        const saved = await deps.properties.savedWithAccess(user);
        return saved.map((property) => ({
          propertyId: property.propertyId,
          name: property.name,
          locked: property.locked,
          canEdit: property.canEdit,
        }));
      }),
  };
}
