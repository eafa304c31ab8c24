import type { User } from "../../db/schema/index.js";
import type { AnnotationsService } from "../annotations/annotations-service.js";
import type { CategoriesService } from "../categories/categories-service.js";
import type { ExplainService } from "../impact/explain-service.js";
import { createAssistantActions, type AssistantActions } from "../chat/assistant-actions.js";
import type { PropertiesService } from "../properties/properties-service.js";
import type { SuggestionsService } from "../suggestions/suggestions-service.js";
import type { TrafficService } from "../traffic/traffic-service.js";

export interface McpActionDeps {
  annotations: AnnotationsService;
  properties: PropertiesService;
  categories: CategoriesService;
  traffic: TrafficService;
  /** The suggestion inbox, for its two tools (listing and accepting). */
  suggestions?: Pick<SuggestionsService, "list" | "accept">;
  /** Why a day moved: traffic_insight's ranked causes. */
  explain?: Pick<ExplainService, "explain">;
  now?: () => Date;
}

export type McpActionsFor = (user: User, propertyId: string | null) => AssistantActions;

/**
 * The assistant's actions for what an MCP client (or a person approving what it asked) does: the
 * same services, plan rules and daily quota as the assistant's own tools, with every change
 * recorded as made through the API. Previews are not kept here: whoever asked for one holds it.
 */
export function createMcpActions(deps: McpActionDeps): McpActionsFor {
  const now = deps.now ?? (() => new Date());
  const annotations: AnnotationsService = {
    ...deps.annotations,
    create: (user, propertyId, request) =>
      deps.annotations.create(user, propertyId, request, "api"),
    update: (user, propertyId, annotationId, request) =>
      deps.annotations.update(user, propertyId, annotationId, request, "api"),
    remove: (user, propertyId, annotationId) =>
      deps.annotations.remove(user, propertyId, annotationId, "api"),
    undo: (user, propertyId, changeId, request) =>
      deps.annotations.undo(user, propertyId, changeId, request, "api"),
    restore: (user, propertyId, annotationId, changeId, request) =>
      deps.annotations.restore(user, propertyId, annotationId, changeId, request, "api"),
  };
  return (user, propertyId) =>
    createAssistantActions(
      {
        annotations,
        properties: deps.properties,
        categories: deps.categories,
        traffic: deps.traffic,
        ...(deps.suggestions ? { suggestions: deps.suggestions } : {}),
        ...(deps.explain ? { explain: deps.explain } : {}),
        chat: { setPendingAction: async () => {} },
      },
      { user, sessionId: "", propertyId, now: now() },
    );
}
