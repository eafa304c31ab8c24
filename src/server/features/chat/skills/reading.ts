/**
 * The offline engine's reading of one message on its own — stages 1 to 3 (normalise → intents →
 * slots) — a pure, deterministic function. What the conversation already knows and the
 * property's annotations are added by the later stages (continue, resolve).
 */
import { todayIn } from "../../../../shared/calendar-date.js";
import { readIntent } from "./intents.js";
import { normalise } from "./normalise.js";
import { readSlots, type Understanding } from "./slots.js";

export type { Understanding, Intent, AnnotationReference, Missing } from "./slots.js";

export interface UnderstandingContext {
  now: Date;
  /** IANA, e.g. "Europe/Paris"; dates resolve against today in this zone. */
  timeZone: string;
}

export function understandMessage(message: string, context: UnderstandingContext): Understanding {
  const today = todayIn(context.now, context.timeZone);
  const normalised = normalise(message);
  return readSlots(readIntent(normalised.text), normalised, today);
}
