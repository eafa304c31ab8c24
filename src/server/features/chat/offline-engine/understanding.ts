/**
 * What the offline engine makes of a message: the request's kind and its pieces, what it still
 * needs to ask, and the question it asked last. Plain data, so the reading can run on a thread of
 * its own and be stored with the conversation.
 */
import type { CalendarDate } from "../../../../shared/calendar-date.js";
import type { AnnotationColor } from "../../../../shared/annotation-colors.js";
import type { DraftSources } from "../../../../shared/contracts/chat.js";
import type { TrafficMetric } from "../../../../shared/contracts/traffic.js";
import type { Intent } from "./intents.js";
import type { LengthSaid } from "./lengths.js";

export type { Intent } from "./intents.js";

export type AnnotationReference =
  | { kind: "id"; annotationId: string }
  | { kind: "title"; title: string }
  /** "yesterday's note", "the one on Nov 12": whatever is on that day (a range covering it too). */
  | { kind: "date"; date: CalendarDate }
  /** "the red one": the one annotation of that colour. */
  | { kind: "color"; color: AnnotationColor }
  | { kind: "last" };

/** The questions about Tidemark itself the assistant answers in so many words. */
export type HelpTopic =
  | "ranges"
  | "colours"
  | "undo"
  | "connect"
  | "modes"
  | "plans"
  | "categories"
  | "export"
  | "properties"
  | "inbox"
  | "history"
  | "integrations"
  /** "what did you just do?": where the changes made are told, and how to take one back. */
  | "recap"
  /** Small talk and what Tidemark does not do: answered in a line, then with what it does. */
  | "greeting"
  | "thanks"
  | "outside"
  | "rules"
  | "complaint";

export type Missing = "title" | "date" | "target" | "change" | "category" | "period";

export interface Understanding {
  intent: Intent;
  /** create: the new annotation's title. */
  title?: string;
  description?: string;
  /** create: its date; update: the date to move it to. For a range, its first day. */
  date?: CalendarDate;
  /**
   * create: the last day, when the annotation marks a range of days; update: its new last day
   * ("extend the sale to Friday").
   */
  endDate?: CalendarDate;
  /** create: "to all my properties", "on every property": on each of the person's saved properties. */
  allProperties?: boolean;
  /** list: the period asked about ("last month", "in March", "between Nov 1 and Nov 10", "this week"). */
  dateRange?: { start: CalendarDate; end: CalendarDate };
  /**
   * list: "around the 9th", "near Black Friday last year": the day the annotations should be
   * close to. `dateRange` holds the days either side that are shown.
   */
  near?: CalendarDate;
  /** create: its colour; update: the new colour; list: colour filter. */
  color?: AnnotationColor;
  /** list / delete-all: several colours, any of which will do ("red or blue ones"). */
  colors?: AnnotationColor[];
  /** list / delete-all: only this many of the newest annotations by date ("the last 5"). */
  latest?: number;
  /**
   * create/update: the category to put the annotation in; list: the category to show. As the
   * person wrote it ("release", "Paid Social"): the categories service decides what it names.
   */
  category?: string;
  /** update: take the annotation out of its category. */
  clearCategory?: boolean;
  /** update: make a range one day again, its first ("drop the end date", "it was only one day"). */
  clearEnd?: boolean;
  /** update/delete: which annotation (by id, by its title, or "the last one"). */
  target?: AnnotationReference;
  /** update/delete: the request points back at the annotation of the previous turn ("it", "that one"). */
  pointsBack?: boolean;
  /** delete: every annotation matching the period/colour ("delete all the red ones from last week"). */
  everyMatch?: boolean;
  /** update: "rename X to Y" → newTitle Y. */
  newTitle?: string;
  /** update: new description. */
  newDescription?: string;
  /** list: text the title should contain ("show annotations about Black Friday"). */
  titleContains?: string;
  /**
   * list / traffic / delete-all: a period named in words the engine does not read ("last
   * fortnight"); create: a period that names no one day ("next week"), asked about instead.
   */
  unreadPeriod?: string;
  /** traffic_day / traffic_period: the measure asked about; sessions unless another is named. */
  metric?: TrafficMetric;
  /**
   * traffic_period: no period was named, so `dateRange` is the chart's own; words naming an
   * annotation ("after the outage") may still name the period.
   */
  periodAssumed?: boolean;
  /** traffic_period: the usual week asked about ("which weekday brings the most visits?"). */
  by?: "weekday";
  /** undo: the kind of change the person means to take back ("bring back the one you deleted"). */
  reverts?: "create" | "update" | "delete";
  /** A GA4 property id written in the message ("for property 123456789"). */
  propertyId?: string;
  /** What the request lacks and must be asked for instead of guessed, e.g. create without a title. */
  missing: Missing[];
  /**
   * Why the reading may be a guess: words it could not account for, or two readings left (a date
   * phrase inside the title, a pronoun where the title should be, a title made from a story).
   * A write with doubts is never made at once: it is shown as a preview to confirm or edit.
   */
  doubts?: string[];
  /**
   * create: which words each field of the draft was read from, and whether the reading is sure of
   * it (a field a doubt is about is not). The draft card shows it, so a guess is seen where it is.
   */
  sources?: DraftSources;
  /** The year written beside a day that does not exist ("Feb 29, 2025"): the answer's year. */
  yearWritten?: number;
  /** help: the question about Tidemark asked ("how do I add a range of days?"), when one is. */
  helpTopic?: HelpTopic;
  /** A colour word GA4 has no colour for ("pink", "orange"): asked about, never dropped. */
  unknownColour?: string;
  /**
   * update: the new description corrects part of the old one ("the description should say about
   * 40% of sessions"): the words it is a slip of are replaced, the rest kept (`correctedText`).
   */
  descriptionCorrects?: boolean;
  /** create: the last day said, still to come: left open on the draft, which says so. */
  endStillToCome?: CalendarDate;
  /** update: move it this many days ("it was two weeks earlier"), from the day it is on. */
  shiftDays?: number;
  /** update: its last day said as a length ("it ran for 3 days", "a day longer"), from its days. */
  lengthSaid?: LengthSaid;
  /** list: the person asked for the annotations' ids ("with their IDs"); otherwise none are shown. */
  showIds?: boolean;
  /** A part of a several-part request that could not be read: nothing is written, it is asked. */
  unreadPart?: string;
  /**
   * update: the days were said as days of a month only ("actually the 5th", "through the 12th"):
   * the month is the annotation's own, not today's (a story's day is never replaced by today's).
   */
  bareDays?: boolean;
}

export type { AskedBefore, AskedFor, PendingQuestion } from "../../../db/schema/chat-memory.js";
