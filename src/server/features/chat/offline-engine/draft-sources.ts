/**
 * Where each field of a draft came from: the words of the message it was read from, and whether
 * the reading is sure of it. A field is sure unless a doubt of the reading is about it; a day not
 * written has no words (the product's default, today, stands). The draft card shows both, so a
 * guess is seen on the field it is in rather than only in the reply's sentence.
 */
import type { CalendarDate } from "../../../../shared/calendar-date.js";
import type { DraftField, DraftSources } from "../../../../shared/contracts/chat.js";
import { tidy } from "./cut-text.js";
import type { FieldDoubt } from "./doubts.js";
import { findColor } from "./extract-color.js";
import { findDate, findSpan } from "./extract-dates.js";
import { restoreQuotes } from "./quoted-text.js";
import type { Understanding } from "./understanding.js";

/** Each field's words as read; null for the day when none was written; absent when not read. */
export type FieldWords = Partial<Record<DraftField, string | null>>;

const fields: readonly DraftField[] = ["title", "date", "color", "category", "description"];

export function draftSources(words: FieldWords, doubts: readonly FieldDoubt[]): DraftSources {
  const sources: DraftSources = {};
  for (const field of fields) {
    const said = words[field];
    if (said === undefined) continue;
    const doubt = doubts.find((each) => each.fields.includes(field));
    sources[field] = doubt
      ? { words: said, sure: false, doubt: doubt.text }
      : { words: said, sure: true };
  }
  return sources;
}

/** The sources with these fields doubted for this reason (a field doubted already keeps its own). */
export function doubting(
  sources: DraftSources,
  fields: readonly DraftField[],
  doubt: string,
): DraftSources {
  const doubted: DraftSources = { ...sources };
  for (const field of fields) {
    const source = sources[field];
    if (source?.sure) doubted[field] = { words: source.words, sure: false, doubt };
  }
  return doubted;
}

/**
 * The words each field of a change was read from: a new title, description or category as
 * written, the colour's word, and the day or range as the request wrote it. A field the change
 * leaves alone has none; a new day whose words cannot be pointed at is left unsourced rather than
 * credited to other words.
 */
export function changeWords(
  read: Pick<
    Understanding,
    "newTitle" | "newDescription" | "category" | "color" | "date" | "endDate" | "clearEnd"
  >,
  request: { rest: string; quotes: readonly string[]; today: CalendarDate },
): FieldWords {
  const { rest, quotes, today } = request;
  const said = (index: number, end: number) => tidy(restoreQuotes(rest.slice(index, end), quotes));
  const words: FieldWords = {};
  if (read.newTitle !== undefined) words.title = read.newTitle;
  if (read.newDescription !== undefined) words.description = read.newDescription;
  if (read.category !== undefined) words.category = read.category;
  if (read.color) {
    const colour = findColor(rest, "loose");
    words.color = colour?.color === read.color ? colour.word : read.color.toLowerCase();
  }
  if (read.date || read.endDate || read.clearEnd) {
    const day = findSpan(rest, today) ?? findDate(rest, today);
    if (day) words.date = said(day.index, day.end);
  }
  return words;
}
