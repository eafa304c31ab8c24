/**
 * The offline engine's natural-language understanding: a pure, deterministic reading of one chat
 * message into an intent and slots, used when no LLM provider is configured. It never guesses: a
 * piece it cannot find is listed in `missing` for the reply to ask about. The one default is the
 * product's own: an annotation created without a date is for today.
 */
import type { AnnotationColor } from "../../../../shared/annotation-colors.js";
import type { CalendarDate } from "../../../../shared/calendar-date.js";
import { todayIn } from "./extract-dates.js";
import { classify, type Intent } from "./intent-patterns.js";
import { parseDelete, parseUpdate } from "./parse-change.js";
import { parseCreate } from "./parse-create.js";
import { parseList } from "./parse-list.js";
import type { AnnotationReference } from "./extract-target.js";
import { extractPropertyId, extractQuotes } from "./text-utils.js";

export type { Intent } from "./intent-patterns.js";
export type { AnnotationReference } from "./extract-target.js";

export interface Understanding {
  intent: Intent;
  /** create: the new annotation's title. */
  title?: string;
  description?: string;
  /** create: its date; update: the date to move it to. */
  date?: CalendarDate;
  /** list: the period asked about ("last month", "in March", "between Nov 1 and Nov 10", "this week"). */
  dateRange?: { start: CalendarDate; end: CalendarDate };
  /** create: its colour; update: the new colour; list: colour filter. */
  color?: AnnotationColor;
  /** update/delete: which annotation (by id, by its title, or "the last one"). */
  target?: AnnotationReference;
  /** update: "rename X to Y" → newTitle Y. */
  newTitle?: string;
  /** update: new description. */
  newDescription?: string;
  /** list: text the title should contain ("show annotations about Black Friday"). */
  titleContains?: string;
  /** A GA4 property id written in the message ("for property 123456789"). */
  propertyId?: string;
  /** What the request lacks and must be asked for instead of guessed, e.g. create without a title. */
  missing: ("title" | "date" | "target" | "change")[];
}

export interface UnderstandingContext {
  now: Date;
  /** IANA, e.g. "Europe/Paris"; dates resolve against today in this zone. */
  timeZone: string;
}

/** Copies only the slots that were found, so results compare cleanly and carry no undefined keys. */
function defined<T extends object>(slots: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(slots).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

export function understandMessage(message: string, context: UnderstandingContext): Understanding {
  const today = todayIn(context.now, context.timeZone);
  const quoted = extractQuotes(typeof message === "string" ? message : "");
  const { propertyId, text } = extractPropertyId(quoted.text);
  const { intent, verb, rest } = classify(text);
  const understanding: Understanding = { intent, missing: [] };
  if (propertyId) understanding.propertyId = propertyId;

  switch (intent) {
    case "create": {
      const { invalidDate, date, ...slots } = parseCreate(rest, quoted.quotes, today);
      Object.assign(understanding, defined(slots));
      if (!slots.title) understanding.missing.push("title");
      // A written date that does not exist is asked about, not replaced by today.
      if (invalidDate) understanding.missing.push("date");
      else understanding.date = date;
      break;
    }
    case "list":
      Object.assign(understanding, defined(parseList(verb, rest, quoted.quotes, today)));
      break;
    case "update":
    case "delete": {
      const slots =
        intent === "update"
          ? parseUpdate(verb, rest, quoted.quotes, today)
          : parseDelete(rest, quoted.quotes, today);
      Object.assign(understanding, defined(slots));
      break;
    }
    default:
      break;
  }
  return understanding;
}
