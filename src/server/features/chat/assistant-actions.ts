/**
 * The assistant's abilities, bound to the signed-in person for one request. Both engines (the
 * language model's tools and the offline engine) act only through these, and these act only
 * through the same services, with the same request contracts, as the REST routes — so every
 * rule (tier, quota, locked property, validation) is the services' and applies identically.
 * Nothing here takes a user id from the conversation. Each concern has its own file; this one
 * binds them.
 */
import { confirmationActions, previewActions } from "./assistant-confirmations.js";
import { insightActions } from "./assistant-insights.js";
import { accountReads, annotationReads } from "./assistant-reads.js";
import type { AssistantContext, AssistantDeps } from "./assistant-scope.js";
import { historyActions, writeActions } from "./assistant-writes.js";

export type { CarriedOut } from "./assistant-confirmations.js";
export type {
  ActionResult,
  AnnotationFilter,
  AssistantContext,
  AssistantDeps,
} from "./assistant-scope.js";
export type { AnnotationReference } from "./annotation-reference.js";
export {
  categoryMatchProblem,
  inCategory,
  maxDeletionsPerConfirmation,
  noPropertyMessage,
} from "./assistant-rules.js";

export function createAssistantActions(deps: AssistantDeps, context: AssistantContext) {
  const scope = { deps, context, user: context.user };
  return {
    /** The conversation's property, as the person chose it (not yet checked). */
    propertyId: context.propertyId,
    ...annotationReads(scope),
    ...accountReads(scope),
    ...insightActions(scope),
    ...writeActions(scope),
    ...historyActions(scope),
    ...previewActions(scope),
    ...confirmationActions(scope),
  };
}

export type AssistantActions = ReturnType<typeof createAssistantActions>;
