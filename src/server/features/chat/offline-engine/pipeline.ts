/**
 * The offline engine's pipeline of small stages — normalise → intents → slots → continue the
 * conversation → resolve against the property's annotations → act or ask — each a module of its
 * own with its own tests.
 */
import type { CalendarDate } from "../../../../shared/calendar-date.js";
import type { AssistantActions } from "../assistant-actions.js";
import type { AssistantTurn } from "../assistant-reply.js";
import type { ConversationMemory } from "../conversation-state.js";
import { act } from "./act.js";
import { continueConversation } from "./continue-conversation.js";
import { readIntent } from "./intents.js";
import { normalise } from "./normalise.js";
import { resolve } from "./resolve.js";
import { readSlots } from "./slots.js";

export interface OfflineTurnInput {
  actions: AssistantActions;
  message: string;
  today: CalendarDate;
  propertyId: string | null;
  memory: ConversationMemory;
}

export async function runPipeline(input: OfflineTurnInput): Promise<AssistantTurn> {
  const normalised = normalise(input.message);
  // The person's own category names, so "in Promos" can name one; presets' words always can.
  const categories = await input.actions.usableCategories();
  const categoryNames = categories.map((c) => c.name);
  const alone = readSlots(readIntent(normalised.text), normalised, input.today, categoryNames);
  const understood = continueConversation(alone, normalised, input.memory.question, input.today);
  // The focus belongs to the property it was found on.
  const focus =
    input.memory.focus?.propertyId === input.propertyId ? input.memory.focus : undefined;
  const resolution = await resolve(understood, focus, input.actions);
  return act(resolution, {
    actions: input.actions,
    today: input.today,
    propertyId: input.propertyId,
    memory: input.memory,
    categories,
  });
}
