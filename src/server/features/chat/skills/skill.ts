/**
 * One assistant capability, whole: the intent patterns it claims, how the offline engine reads
 * its pieces, what the offline engine does with them, and the tool a language model calls for
 * it. Both engines of a capability sit in its one file, so neither is forgotten; the registry
 * lists the capabilities, and the same definitions are what a public API's tools would expose.
 */
import type { Tool } from "ai";
import type { CalendarDate } from "../../../../shared/calendar-date.js";
import type { Category } from "../../../../shared/contracts/categories.js";
import type { AssistantActions } from "../assistant-actions.js";
import type { AssistantTurn } from "../assistant-reply.js";
import type { ConversationMemory, PendingQuestion } from "../conversation-state.js";
import type { Intent } from "../offline-engine/intents.js";
import type { SlotReader } from "../offline-engine/slots.js";
import type { Understanding } from "../offline-engine/understanding.js";
import type { Resolution } from "./resolve.js";
import type { ModelWritePolicy, ToolContext } from "./tool-turn.js";

/** What a capability's offline act is given: the request read and resolved, and how to answer. */
export interface SkillTurn {
  understood: Understanding;
  /** The annotations the request was resolved to (its target, or every match of a deletion). */
  resolution: Extract<Resolution, { kind: "ready" }>;
  actions: AssistantActions;
  today: CalendarDate;
  /** The conversation's property; "" for capabilities that need none. */
  propertyId: string;
  memory: ConversationMemory;
  /** The category the request named, found among the person's. */
  category: Category | undefined;
  /** The person's categories (none on a plan without them). */
  categories: readonly Category[];
  /** An answer that keeps the annotation in focus unless `extra.memory` says otherwise. */
  reply(text: string, extra?: Partial<AssistantTurn>): AssistantTurn;
  /** An answer that asks a question, which the next message may answer. */
  ask(text: string, question: PendingQuestion, extra?: Partial<AssistantTurn>): AssistantTurn;
  /** The memory an answer keeps when it changes nothing. */
  keep: ConversationMemory;
}

export interface Skill {
  /** The capability's name, as its file is named. */
  name: string;
  /** The intents the offline engine reads for it. */
  intents: readonly Intent[];
  /**
   * The patterns that claim a message for it. They compete, so the engine's intent stage tries
   * them in one order of its own; this is which of them are this capability's.
   */
  patterns: readonly RegExp[];
  /** Whether it works on a property (and must ask for one when none is chosen). */
  needsProperty: boolean;
  /** The offline engine's reading of its pieces; without one, only the intent is read. */
  readSlots?: SlotReader;
  /** The offline engine's answer, through the assistant's actions only. */
  act(turn: SkillTurn): AssistantTurn | Promise<AssistantTurn>;
  /** The language model's tools of its own (chat help, not operations), bound to one turn. */
  tools?(context: ToolContext): Record<string, Tool>;
  /**
   * Its policy for each catalogue write the model may call, by operation name: the operation
   * itself (its contract as input, its service call) is the catalogue's.
   */
  writes?: Readonly<Record<string, ModelWritePolicy>>;
}
