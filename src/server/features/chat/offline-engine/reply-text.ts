/**
 * The engine's words for what it read: a request written back as the person could send it, the
 * periods, colours and categories as replies name them, and what it says when it cannot read a
 * period. Plain text from plain data.
 */
import { annotationColors, annotationColorSwatches } from "../../../../shared/annotation-colors.js";
import { compareDates, toIsoDate, type CalendarDate } from "../../../../shared/calendar-date.js";
import type { Category } from "../../../../shared/contracts/categories.js";
import type { Understanding } from "./understanding.js";

/** Period words for days that have not come yet ("next week", "the coming month"). */
export const STILL_TO_COME = /\b(?:next|coming|upcoming|following|tomorrow|from\s+now)\b/i;

/**
 * What the assistant can do, with examples to send. Premium's items are labelled "(Premium)" only
 * for a person whose plan does not include them.
 */
export function helpTextFor({ premium }: { premium: boolean }): string {
  const forFree = (free: string, paid: string) => (premium ? paid : free);
  return [
    "I can manage this property's annotations. Try:",
    "• Create an annotation called “Winter sale launched” on 2026-11-20",
    "• Show me last month's annotations / the last 5 / the red or blue ones",
    "• What happened on Nov 12? / Anything unexplained last month?",
    forFree(
      "• Log a release “Checkout v2” today (categories are Premium)",
      "• Log a release “Checkout v2” today (filed in your category for releases)",
    ),
    forFree("• Rename “Sale” to “Winter sale” (Premium)", "• Rename “Sale” to “Winter sale”"),
    forFree(
      "• Delete “Checkout outage” (Premium; I'll ask you to confirm)",
      "• Delete “Checkout outage” (I'll ask you to confirm)",
    ),
  ].join("\n");
}

/** "on 2026-11-24" for one day, "from 2026-11-01 to 2026-11-30" for several. */
export function describePeriod(range: { start: CalendarDate; end: CalendarDate }): string {
  return compareDates(range.start, range.end) === 0
    ? `on ${toIsoDate(range.start)}`
    : `from ${toIsoDate(range.start)} to ${toIsoDate(range.end)}`;
}

/** "red", "red or blue", "red, blue or green". */
export function anyOf(words: readonly string[]): string {
  return words.length < 2
    ? (words[0] ?? "")
    : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}

/** The colours a person's annotations can take, in words: "purple, brown, …, red and cyan". */
export function colourChoices(): string {
  return anyOf(annotationColors.map(colourName)).replace(/ or (\w+)$/, " and $1");
}

export function colourName(color: string): string {
  return (
    annotationColorSwatches[color as keyof typeof annotationColorSwatches]?.label.toLowerCase() ??
    color.toLowerCase()
  );
}

/**
 * A create request written out as the person could send it: without a category, what a free
 * person is offered when they named one, so none of their words are lost; with one, what is
 * offered when "put “X” in Campaigns" finds no “X”.
 */
export function createRequestText(
  understood: Understanding,
  today: CalendarDate,
  /** A category to name in the request, quoted so any name reads back whole. */
  categoryName?: string,
): string {
  const start = toIsoDate(understood.date ?? today);
  const when = understood.endDate
    ? `from ${start} to ${toIsoDate(understood.endDate)}`
    : `on ${start}`;
  const colour = understood.color ? ` in ${understood.color.toLowerCase()}` : "";
  const description = understood.description ? ` with description "${understood.description}"` : "";
  const category = categoryName ? ` in the "${categoryName}" category` : "";
  return `Create an annotation called "${understood.title ?? ""}" ${when}${colour}${category}${description}`;
}

/** A category's name with its colour, as replies mention it: "Incidents (red)". */
export function describeCategory(category: Category): string {
  return `${category.name} (${colourName(category.color)})`;
}

/** When the person named a colour and a category of another colour: the category's wins, said so. */
export function colourNote(understood: Understanding, category: Category | undefined): string {
  if (!category || !understood.color || understood.color === category.color) return "";
  return ` ${category.name} annotations take the category's colour, so it is ${colourName(category.color)}, not ${colourName(understood.color)}.`;
}

/** A create request with its missing piece laid out for the person to fill in, or null. */
export function completionFor(understood: Understanding, today: CalendarDate): string | null {
  if (understood.intent !== "create") return null;
  if (understood.missing.includes("date"))
    return `Create an annotation called "${understood.title ?? ""}" on ${toIsoDate(today)}`;
  if (!understood.title)
    return `Create an annotation called "" on ${toIsoDate(understood.date ?? today)}`;
  return null;
}

/**
 * The periods findDateRange reads, named for a person whose period it could not read: answering
 * about some other period instead would look like an answer to their question.
 */
export function unreadPeriodReply(words: string): string {
  return (
    `I can't tell which days “${words}” means, so I haven't answered about a different period. ` +
    "I understand a day (yesterday, Friday, Nov 12), this or last week, weekend, month, quarter " +
    "or year, the last fortnight, a month or quarter by name (October, Q3), " +
    "the last N days, weeks or months (the last 14 days), or two dates (from Nov 1 to Nov 10). " +
    "For example: anything unexplained in the last 14 days?"
  );
}

/** Why a colour cannot be had, and the six there are: orange is GA4's own for its annotations. */
export function colourRefusal(word: string): string {
  return /^orange$/i.test(word)
    ? `GA4 keeps orange for the annotations it makes itself: yours can be ${colourChoices()}`
    : `GA4 has no ${word}: its colours are ${colourChoices()}`;
}

/** A month's name in English ("November"), as the date pickers show it. */
const monthName = (month: number) =>
  new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(2000, month - 1, 1)),
  );

/**
 * Why a day must be asked for: "3/11" is the 3rd of November read day-first and March 11 read
 * month-first; any other words are a day the reading could not place.
 */
export function unplacedDay(words: string): string {
  const slashed = /^(\d{1,2})\/(\d{1,2})$/.exec(words);
  if (!slashed) return `I can't tell which day “${words}” means.`;
  const [first, second] = [Number(slashed[1]), Number(slashed[2])];
  return `“${words}” could be ${monthName(second)} ${first} or ${monthName(first)} ${second}.`;
}
