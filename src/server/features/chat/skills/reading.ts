/**
 * The offline engine's reading with the registered capabilities' slot readers: one message on
 * its own (stages 1 to 3, normalise → intents → slots), or with the question asked last (stage 4
 * too). Pure and deterministic; the property's annotations are added later (resolve).
 */
import { todayIn, type CalendarDate } from "../../../../shared/calendar-date.js";
import type { Classified } from "../offline-engine/intents.js";
import { readIntent as readIntentWith } from "../offline-engine/intents.js";
import { normalise, type Normalised } from "../offline-engine/normalise.js";
import { readMessage as readWith, type ReadingRequest } from "../offline-engine/read-message.js";
import { readSlots as readSlotsWith } from "../offline-engine/slots.js";
import type { Understanding } from "../offline-engine/understanding.js";
import { capabilityWords, slotReaders } from "./registry.js";

export type {
  Understanding,
  Intent,
  AnnotationReference,
  Missing,
} from "../offline-engine/understanding.js";

/** Stage 3 for the registered capabilities. */
export function readSlots(
  reading: Classified,
  normalised: Pick<Normalised, "quotes" | "propertyId">,
  today: CalendarDate,
  categoryNames: readonly string[] = [],
): Understanding {
  return readSlotsWith(reading, normalised, today, categoryNames, slotReaders);
}

/** Stages 1 to 4 for the registered capabilities: what runs on the reading thread. */
export function readMessage(request: ReadingRequest): Understanding {
  return readWith(request, slotReaders, capabilityWords);
}

/** Stage 2 for the registered capabilities: which kind of request a message is. */
export function readIntent(text: string): Classified {
  return readIntentWith(text, capabilityWords);
}

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
