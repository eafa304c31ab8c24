/**
 * The offline engine's pipeline of small stages — normalise → intents → slots → continue the
 * conversation → resolve against the property's annotations → act or ask — each a module of its
 * own with its own tests.
 */
import { annotationSpan } from "../../../../shared/annotation-span.js";
import { compareDates, toIsoDate, type CalendarDate } from "../../../../shared/calendar-date.js";
import type { AssistantActions } from "../assistant-actions.js";
import type { AssistantTurn } from "../assistant-reply.js";
import type { ConversationMemory } from "../conversation-state.js";
import {
  findMention,
  KNOWN_ANNOTATIONS_LIMIT,
  type KnownAnnotation,
} from "../offline-engine/known-annotations.js";
import type { ReadingRequest } from "../offline-engine/read-message.js";
import type { Reading } from "../offline-engine/reading-thread.js";
import type { Understanding } from "../offline-engine/understanding.js";
import { act } from "./act.js";
import { readMessage } from "./reading.js";
import { resolve } from "./resolve.js";

export interface OfflineTurnInput {
  actions: AssistantActions;
  message: string;
  today: CalendarDate;
  propertyId: string | null;
  memory: ConversationMemory;
  /** The actions bound to another property, for a message that names one. */
  actionsFor?: (propertyId: string) => AssistantActions;
}

/** Reads a message (stages 1–4): on the reading thread in the product, in place in tests. */
export type ReadMessage = (request: ReadingRequest) => Promise<Reading>;

const readInPlace: ReadMessage = async (request) => ({
  kind: "read",
  understanding: readMessage(request),
});

/** The answer when reading a message took more than its budget: a clear ask, nothing written. */
export const unreadableReply =
  "I couldn't read that message: it took me too long, so I stopped and changed nothing. Please say what you need more briefly, for example “Create an annotation called Winter sale on 2026-11-20”.";

export async function runPipeline(
  input: OfflineTurnInput,
  read: ReadMessage = readInPlace,
): Promise<AssistantTurn> {
  // The person's own category names, so "in Promos" can name one; presets' words always can.
  const categories = await input.actions.usableCategories();
  const request: ReadingRequest = {
    message: input.message,
    today: input.today,
    categoryNames: categories.map((c) => c.name),
    ...(input.memory.question ? { question: input.memory.question } : {}),
    ...(input.memory.asked ? { asked: input.memory.asked } : {}),
  };
  const first = await read(request);
  // A reading that is not sure enough alone is read again knowing the property's titles, so a
  // title written anywhere is a reference ("Release 4.2 went out on the 3rd actually").
  const annotations =
    first.kind === "read" && input.propertyId && mayNameAnnotations(first.understanding)
      ? await knownAnnotations(input.actions)
      : [];
  // Read again only when a title is there to find: a message naming none reads the same.
  const titled = annotations.length > 0 && findMention(input.message, annotations) !== undefined;
  const reading = titled ? await read({ ...request, annotations }) : first;
  if (reading.kind === "unreadable")
    return { reply: unreadableReply, showAnnotations: false, suggestedInput: null };
  const named = reading.understanding.propertyId;
  const propertyId = named ?? input.propertyId;
  const actions =
    named && named !== input.propertyId && input.actionsFor
      ? input.actionsFor(named)
      : input.actions;
  // The focus belongs to the property it was found on.
  const focus = input.memory.focus?.propertyId === propertyId ? input.memory.focus : undefined;
  const resolution = await resolve(reading.understanding, focus, actions);
  const turn = await act(resolution, {
    actions,
    today: input.today,
    propertyId,
    memory: input.memory,
    categories,
  });
  return named ? { ...turn, propertyId: named } : turn;
}

/** A reading that may name one of the property's annotations without the engine knowing it. */
function mayNameAnnotations(understanding: Understanding): boolean {
  switch (understanding.intent) {
    case "unknown":
    case "update":
    case "delete":
    case "impact":
      return true;
    case "traffic_day":
      return !understanding.date;
    case "traffic_period":
      return !understanding.dateRange || understanding.periodAssumed === true;
    case "create":
      // Always: a new annotation whose title the property already has is a reference to that
      // one, never a second (the write gate's first guard), so a sure create is checked too.
      return true;
    default:
      return false;
  }
}

/** The property's annotations as the reading knows them, newest first; none when listing fails. */
async function knownAnnotations(actions: AssistantActions): Promise<KnownAnnotation[]> {
  const listed = await actions.listAnnotations({});
  if (!listed.ok) return [];
  return listed.value.annotations.slice(0, KNOWN_ANNOTATIONS_LIMIT).map((annotation) => {
    const span = annotationSpan(annotation);
    return {
      title: annotation.title,
      date: toIsoDate(span.start),
      ...(compareDates(span.end, span.start) > 0 ? { endDate: toIsoDate(span.end) } : {}),
    };
  });
}
