/**
 * What the language model's tools share: the record of one turn (what Google accepted, what
 * failed, the confirmation issued), from which the server writes the parts of the reply that
 * must be true, and the input pieces every tool reads the same way.
 */
import type { Tool } from "ai";
import { z } from "zod";
import { annotationColors } from "../../../../shared/annotation-colors.js";
import { fromIsoDate, type CalendarDate } from "../../../../shared/calendar-date.js";
import type { Annotation } from "../../../../shared/contracts/annotations.js";
import type { ModelToolAnswer, ModelWriteInput } from "../../../operations/doors/model.js";
import type { AnyOperation } from "../../../operations/operation.js";
import type { AnnotationReference } from "../annotation-reference.js";
import type { AssistantActions } from "../assistant-actions.js";
import { annotationView } from "../assistant-reply.js";
import type { ChatCard } from "../../../../shared/contracts/chat.js";
import type { PendingConfirmation } from "../conversation-state.js";

export type ChangeKind = "create" | "update";

export interface TurnRecord {
  showAnnotations: boolean;
  /** Changes Google accepted this turn, each described for the person. */
  writes: { kind: ChangeKind; text: string }[];
  /** Errors the tools answered with, and changes refused, as the person should read them. */
  errors: string[];
  /**
   * Titles the tools showed the model this turn: quoted in its reply they are data, so words
   * such as "deleted" inside a title are not read as a claim.
   */
  seenTitles: Set<string>;
  /** Creations, changes and deletion proposals attempted; more than one needs the person's go-ahead. */
  changes: number;
  confirmation: PendingConfirmation | null;
  suggestedInput: string | null;
  /** The change Google accepted, as its card (with Show on chart and Undo), as offline. */
  card: ChatCard | null;
}

export function newTurnRecord(): TurnRecord {
  return {
    showAnnotations: false,
    writes: [],
    errors: [],
    seenTitles: new Set(),
    changes: 0,
    confirmation: null,
    suggestedInput: null,
    card: null,
  };
}

export interface ToolContext {
  actions: AssistantActions;
  turn: TurnRecord;
  /**
   * Whether the person's own message asked for this kind of change. A create or change it did
   * not ask for (any, when the message asked a question) is not written: it waits for Confirm.
   */
  asked: (kind: ChangeKind) => boolean;
  /** Tells the log about a tool that failed for a reason of ours (a bug, the database). */
  failed?: (error: unknown) => void;
}

/**
 * Counts a change attempted this turn. The first goes ahead; any further one is refused, and the
 * person is told what was attempted (`attempted`, e.g. "creating “Sale” (2026-11-03)"), so a
 * steered model's extra writes are never silent.
 */
export function secondChange(turn: TurnRecord, attempted: string) {
  if (turn.changes++ === 0) return null;
  turn.errors.push(
    `Not done: the assistant also tried ${attempted} in this message, and only one change runs per message.`,
  );
  return {
    ok: false as const,
    error:
      "Only one annotation can be created, changed or deleted per message. Do this one, then ask the person to confirm the next.",
  };
}

export const isoDate = z
  .string()
  // The pattern says it is YYYY-MM-DD; a description on each date field would repeat it.
  .regex(/^\d{4}-\d{2}-\d{2}$/, "A date as YYYY-MM-DD");

export const colorInput = z.enum(annotationColors);

export const categoryInput = z
  .string()
  .max(100)
  .describe("A category, named as the person said it");

export const referenceInput = z
  .object({
    annotationId: z.string().max(64).optional().describe("Preferred"),
    title: z.string().max(200).optional(),
    date: isoDate.optional().describe("A day it is on"),
    last: z.boolean().optional().describe("The one most recently added"),
  })
  .describe("Which annotation: one of its ID, title, day, or last");

export const parseIsoDate: (value: string) => CalendarDate = fromIsoDate;

export function toReference(input: z.infer<typeof referenceInput>): AnnotationReference {
  if (input.annotationId) return { kind: "id", annotationId: input.annotationId };
  if (input.title) return { kind: "title", title: input.title };
  if (input.date) return { kind: "date", date: parseIsoDate(input.date) };
  return { kind: "last" };
}

/** Notes a failed action so the reply can say it plainly, and passes the result on. */
export function noted<T extends { ok: boolean; error?: string }>(turn: TurnRecord, result: T): T {
  if (!result.ok && result.error) turn.errors.push(result.error);
  return result;
}

/**
 * A model tool, typed by its input schema. The AI SDK's own `tool` is this same identity; taking
 * it from the SDK would load the whole SDK wherever a capability is read, the reading thread too.
 */
export function tool<INPUT, OUTPUT>(definition: Tool<INPUT, OUTPUT>): Tool<INPUT, OUTPUT> {
  return definition;
}

/**
 * The chat's policy for one catalogue write the model calls (the operation is the tool, its input
 * the operation's contract): what the chat adds around the write, such as one change per message,
 * a preview for what the person did not ask, and the notes the reply is worded from.
 */
export type ModelWritePolicy = (
  context: ToolContext,
  operation: AnyOperation,
  input: ModelWriteInput,
) => Promise<ModelToolAnswer>;

/** What the model is told about an annotation it wrote: its ID, and its days as YYYY-MM-DD. */
export function writtenForModel(annotation: Annotation, categoryName: string | null) {
  const { title, startDate, endDate, color } = annotationView(annotation, categoryName);
  return {
    id: annotation.annotationId,
    title,
    date: startDate,
    ...(endDate ? { endDate } : {}),
    color,
    ...(categoryName ? { category: categoryName } : {}),
  };
}
