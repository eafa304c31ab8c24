import { createAnnotationTool } from "./create-annotation-tool.js";
import { deleteAnnotationsTool } from "./delete-annotations-tool.js";
import { listAnnotationsTool } from "./list-annotations-tool.js";
import { listPropertiesTool } from "./list-properties-tool.js";
import { suggestRequestTool } from "./suggest-request-tool.js";
import type { ToolContext } from "./tool-turn.js";
import { trafficInsightTool } from "./traffic-insight-tool.js";
import { updateAnnotationTool } from "./update-annotation-tool.js";

/**
 * The tools the language model may call, bound to this person's actions for one turn and to what
 * their message asked for.
 */
export function assistantTools(context: ToolContext) {
  return {
    listAnnotations: listAnnotationsTool(context),
    createAnnotation: createAnnotationTool(context),
    updateAnnotation: updateAnnotationTool(context),
    deleteAnnotations: deleteAnnotationsTool(context),
    listProperties: listPropertiesTool(context),
    suggestRequest: suggestRequestTool(context),
    trafficInsight: trafficInsightTool(context),
  };
}
