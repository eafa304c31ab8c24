import { z } from "zod";
import { flatInput, splitFlatInput, type AnyOperation } from "../../operations/operation.js";
import { plain, withData, type McpToolDefinition, type ToolOutcome } from "./mcp-tool.js";

/**
 * The MCP door: each catalogue operation with an MCP name becomes a tool with the operation's own
 * contracts (its input as one object), hints and scope. Its answer is the operation's output as
 * data, opened by a line in words; GA4's text in it is marked as data, never instructions.
 */
export function catalogueTools(catalogue: readonly AnyOperation[]): McpToolDefinition[] {
  return catalogue.flatMap((operation): McpToolDefinition[] => {
    const door = operation.mcp;
    if (!door) return [];
    const output = operation.output as z.ZodObject;
    return [
      {
        name: door.tool,
        operation: operation.name,
        title: operation.title,
        description: operation.description,
        scope: operation.scope,
        annotations: {
          readOnlyHint: operation.hints.readOnly,
          ...(operation.hints.readOnly
            ? {}
            : {
                destructiveHint: operation.hints.destructive,
                idempotentHint: operation.hints.idempotent,
              }),
          openWorldHint: operation.hints.openWorld,
        },
        inputSchema: flatInput(operation),
        outputSchema: door.carriesGa4Text
          ? output.safeExtend({ untrustedTextNotice: z.string() })
          : output,
        async run(input, context): Promise<ToolOutcome> {
          const answer: unknown = await context.call(
            operation,
            splitFlatInput(operation, input as Record<string, unknown>),
          );
          // As the REST door writes it: dates and other values in their JSON form.
          const data = JSON.parse(JSON.stringify(answer)) as Record<string, unknown>;
          const summary = door.summary(answer as never);
          return door.carriesGa4Text ? withData(summary, data) : plain(summary, data);
        },
      },
    ];
  });
}
