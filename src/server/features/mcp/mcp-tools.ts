/**
 * The MCP tools that are policy rather than one catalogue operation (the catalogue's own tools
 * come from catalogue-tools.ts): deletions and the undo of a create, which run only once the
 * person says yes — in their AI client, or on a notice in Tidemark, never on a call the client
 * makes itself — the approval's status, and the traffic reading the assistant shares. They act
 * through the assistant's actions: the same services, plan rules and daily quota.
 */
import { z } from "zod";
import type { Annotation } from "../../../shared/contracts/annotations.js";
import { propertyId } from "../../../shared/contracts/annotations.js";
import { annotationId } from "../../../shared/contracts/annotations.js";
import { errorMessages, type ErrorCode } from "../../../shared/contracts/errors.js";
import { trafficMetrics } from "../../../shared/contracts/traffic.js";
import { operations } from "../../operations/registry.js";
import type { ActionResult } from "../chat/assistant-actions.js";
import { maxDeletionsPerConfirmation } from "../chat/assistant-actions.js";
import type { PendingDeletion } from "../chat/conversation-state.js";
import { undoneText } from "../chat/skills/undo.js";
import { catalogueTools } from "./catalogue-tools.js";
import { approvalHours, type PersonAnswer } from "./mcp-approvals-service.js";
import {
  plain,
  withData,
  type McpToolContext,
  type McpToolDefinition,
  type ToolOutcome,
} from "./mcp-tool.js";

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "A date as YYYY-MM-DD")
  .describe("A calendar date as YYYY-MM-DD");

function failed(result: { error: string; code?: ErrorCode }): ToolOutcome {
  return { ok: false, code: result.code ?? "invalid_request", message: result.error };
}

function unwrap<T>(result: ActionResult<T>): T | ToolOutcome {
  return result.ok ? result.value : failed(result);
}

const isOutcome = (value: unknown): value is ToolOutcome =>
  typeof value === "object" &&
  value !== null &&
  "ok" in value &&
  ("text" in value || "code" in value);

const isoOf = (d: { year: number; month: number; day: number }) =>
  `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;

/** An annotation as a client reads it: its dates as YYYY-MM-DD. */
function shown(annotation: Annotation) {
  const iso = isoOf;
  return {
    annotationId: annotation.annotationId,
    title: annotation.title,
    description: annotation.description,
    ...(annotation.annotationDateRange
      ? {
          startDate: iso(annotation.annotationDateRange.startDate),
          endDate: iso(annotation.annotationDateRange.endDate),
        }
      : { date: iso(annotation.annotationDate) }),
    color: annotation.color,
    categoryId: annotation.categoryId,
    systemGenerated: annotation.systemGenerated,
  };
}

/** What the person's answer to a deletion means for the client, in words and in data. */
function answered(answer: PersonAnswer, pending: PendingDeletion): ToolOutcome {
  const annotationIds = pending.items.map((item) => item.annotationId);
  switch (answer.kind) {
    case "done":
      return withData(answer.summary, {
        status: "done",
        deleted: answer.deleted.map(shown),
        skipped: answer.skipped,
      });
    case "declined":
      return plain("The person declined. Nothing was deleted.", {
        status: "declined",
        annotationIds,
      });
    case "no_answer":
      return plain("The person did not answer in time. Nothing was deleted.", {
        status: "expired",
        annotationIds,
      });
    case "waiting":
      return withData(
        `Nothing is deleted yet: the person approves or declines this in Tidemark (a notice on their dashboard and Account page, for ${approvalHours} hours). ${pending.summary} Tell the person; you can check the answer with get_approval.`,
        {
          status: "waiting_for_approval",
          approvalId: answer.approvalId,
          expiresAt: answer.expiresAt,
          summary: pending.summary,
          annotationIds,
        },
      );
    case "failed":
      return { ok: false, code: answer.code ?? "invalid_request", message: answer.message };
  }
}

/** The notice every answer carrying GA4 text has beside the data. */
const withNotice = { untrustedTextNotice: z.string() };

const annotationOut = z.object({
  annotationId: z.string(),
  title: z.string(),
  description: z.string(),
  date: isoDay.optional(),
  startDate: isoDay.optional(),
  endDate: isoDay.optional(),
  color: z.string(),
  categoryId: z.string().nullable(),
  systemGenerated: z.boolean(),
});

const skippedOut = z.object({ title: z.string(), reason: z.enum(["gone", "changed"]) });

/** What a deletion's answer holds, whichever way the person answered. */
const deletionOut = z.object({
  status: z.enum(["done", "declined", "expired", "waiting_for_approval"]),
  deleted: z.array(annotationOut).optional(),
  skipped: z.array(skippedOut).optional(),
  approvalId: z.uuid().optional(),
  expiresAt: z.string().optional(),
  summary: z.string().optional(),
  annotationIds: z.array(z.string()).optional(),
  untrustedTextNotice: z.string().optional(),
});

const propertyInput = { propertyId: propertyId.describe("The GA4 property's ID, e.g. 123456789") };

const deleteInput = z.strictObject({
  ...propertyInput,
  annotationIds: z.array(annotationId).min(1).max(maxDeletionsPerConfirmation),
});

const trafficInput = z.strictObject({
  ...propertyInput,
  metric: z.enum(trafficMetrics).default("sessions"),
  date: isoDay.optional().describe("One day to explain"),
  startDate: isoDay.optional().describe("With endDate: a period whose unexplained changes to list"),
  endDate: isoDay.optional(),
});

function define<S extends z.ZodType>(
  tool: Omit<McpToolDefinition, "inputSchema" | "run"> & {
    inputSchema: S;
    run(input: z.output<S>, context: McpToolContext): Promise<ToolOutcome>;
  },
): McpToolDefinition {
  return tool as unknown as McpToolDefinition;
}

export const policyTools: readonly McpToolDefinition[] = [
  define({
    name: "delete_annotations",
    operation: "deleteAnnotation",
    title: "Delete annotations",
    description: `Deletes up to ${maxDeletionsPerConfirmation} annotations by ID, once the person approves: their AI client asks them when it supports elicitation, otherwise the deletion waits for their approval in Tidemark (status waiting_for_approval; check it with get_approval). Nothing is deleted without the person's yes, unless they let this app delete without asking.`,
    scope: "annotations:write",
    annotations: {
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    },
    asksPerson: true,
    inputSchema: deleteInput,
    outputSchema: deletionOut,
    async run(input, context) {
      const result = unwrap(
        await context
          .actionsFor(input.propertyId)
          .proposeDeletion(
            input.annotationIds.map((id) => ({ kind: "id" as const, annotationId: id })),
          ),
      );
      if (isOutcome(result)) return result;
      return answered(await context.askPerson(result), result);
    },
  }),
  define({
    name: "undo_last_change",
    title: "Undo the last change",
    description:
      "Undoes the person's last change on a property, as Tidemark's Undo does: an edit is put back and a deletion made again at once. Undoing a create deletes it, so that waits for the person's approval as any deletion does.",
    scope: "annotations:write",
    annotations: {
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    },
    asksPerson: true,
    inputSchema: z.strictObject(propertyInput),
    outputSchema: deletionOut.extend({
      status: z.enum(["undone", "done", "declined", "expired", "waiting_for_approval"]),
      annotation: annotationOut.nullable().optional(),
    }),
    async run(input, context) {
      const actions = context.actionsFor(input.propertyId);
      const result = unwrap(await actions.undoLast());
      if (isOutcome(result)) return result;
      if (result.kind === "undone")
        return withData(undoneText(result), {
          status: "undone",
          annotation: result.annotation ? shown(result.annotation) : null,
        });
      const proposal = unwrap(
        await actions.proposeDeletion([{ kind: "id", annotationId: result.change.annotationId }]),
      );
      if (isOutcome(proposal)) return proposal;
      return answered(await context.askPerson(proposal), proposal);
    },
  }),
  define({
    name: "get_approval",
    title: "Check an approval",
    description:
      "Where a deletion waiting for the person's approval stands (waiting, done, declined or expired), by the approvalId delete_annotations returned. It only reads: the person answers in Tidemark.",
    scope: "annotations:read",
    annotations: { readOnlyHint: true, openWorldHint: false },
    inputSchema: z.strictObject({
      approvalId: z.uuid({ message: "That is not an approval ID from delete_annotations" }),
    }),
    outputSchema: z.object({
      approvalId: z.string(),
      status: z.string(),
      expiresAt: z.string(),
      outcome: z.string().nullable(),
    }),
    async run(input, context) {
      const status = await context.approvalStatus(input.approvalId);
      return plain(`The approval is ${String(status["status"]).replace(/_/g, " ")}.`, status);
    },
  }),
  define({
    name: "traffic_insight",
    title: "Explain traffic",
    description:
      "What happened on one day (date), or the unusual days no annotation explains in a period (startDate and endDate), for sessions, activeUsers or keyEvents.",
    scope: "annotations:read",
    annotations: { readOnlyHint: true, openWorldHint: true },
    inputSchema: trafficInput,
    outputSchema: z.object({ insight: z.record(z.string(), z.unknown()), ...withNotice }),
    async run(input, context) {
      const { propertyId: property, ...request } = input;
      const result = unwrap(await context.actionsFor(property).trafficInsight(request));
      if (isOutcome(result)) return result;
      return withData("Traffic analysis.", {
        insight: result as unknown as Record<string, unknown>,
      });
    },
  }),
];

/** Every MCP tool: the catalogue's, then the policy tools. */
export const mcpTools: readonly McpToolDefinition[] = [
  ...catalogueTools(operations),
  ...policyTools,
];

/** The message for a failure of ours: never the error's own text (it may name files or queries). */
export const internalFailure: ToolOutcome = { ok: false, message: errorMessages.internal };
