/**
 * The offline engine's pipeline of small stages — normalise → intents → slots → continue the
 * conversation → resolve against the property's annotations → act or ask — each a module of its
 * own with its own tests.
 */
import type { CalendarDate } from "../../../../shared/calendar-date.js";
import type { AssistantActions } from "../assistant-actions.js";
import type { AssistantTurn } from "../assistant-reply.js";
import type { ConversationMemory } from "../conversation-state.js";
import type { ReadingRequest } from "../offline-engine/read-message.js";
import type { Reading } from "../offline-engine/reading-thread.js";
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
  const reading = await read({
    message: input.message,
    today: input.today,
    categoryNames: categories.map((c) => c.name),
    ...(input.memory.question ? { question: input.memory.question } : {}),
  });
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
