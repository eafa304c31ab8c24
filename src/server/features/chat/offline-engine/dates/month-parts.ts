/**
 * Parts of one month: its halves, its early, mid and late days, its weeks and weekends, or all
 * of it.
 */
import { addDays, type CalendarDate } from "../../../../../shared/calendar-date.js";
import { addMonthsClamped, monthRange, weekdayOf } from "./calendar.js";
import type { DateRange, SpanReader } from "./calendar.js";
import { MONTHS, MONTH_NAMES, yearOf, YEAR_WORDS } from "./months.js";

const HALF_OF = new RegExp(
  String.raw`\b(?:the\s+)?(first|second|1st|2nd|latter)\s+half\s+of\s+(?:(this|last|the)\s+month\b|${MONTH_NAMES}${YEAR_WORDS})`,
  "i",
);

/** "the first half of November": the 1st to the 15th; the second half, the 16th to its end. */
export const halfOfMonth: SpanReader = (text, today) => {
  const match = HALF_OF.exec(text);
  if (!match) return undefined;
  const month = namedMonth(match[2], match[3], { relative: match[4], year: match[5] }, today);
  const whole = monthRange(month.year, month.month);
  const range = /^(?:first|1st)$/i.test(match[1] ?? "")
    ? { start: whole.start, end: { ...whole.start, day: 15 } }
    : { start: { ...whole.start, day: 16 }, end: whole.end };
  return { range, index: match.index, end: match.index + match[0].length, spans: true };
};

const WHOLE_MONTH_SPAN = new RegExp(
  String.raw`(?:\b(?:for|during|over|throughout|across|covering|in)\s+)?(?:\b(?:the\s+)?(?:whole|entire|full|all)\s+(?:of\s+)?|\bthroughout\s+|\bcovering\s+)${MONTH_NAMES}${YEAR_WORDS}\b(?!\s*\d)`,
  "i",
);
const MONTH_OF_YEAR = new RegExp(
  String.raw`(?<!\d(?:st|nd|rd|th)?\s+(?:of\s+)?)(?:\b(?:in|during|for|from|of|since)\s+)?\b${MONTH_NAMES}\s+(?:of\s+)?(last|previous|this)\s+year\b()`,
  "i",
);

/** "all of October", "covering all of July last year", "December last year": a whole month. */
export const wholeMonth: SpanReader = (text, today) => {
  const spanned = WHOLE_MONTH_SPAN.exec(text);
  const match = spanned ?? MONTH_OF_YEAR.exec(text);
  if (!match) return undefined;
  const word = (match[1] ?? "").toLowerCase();
  const month = MONTHS[word];
  // "may" is usually the verb.
  const introduced = /^(?:in|during|for|from|of|since)\s/i.test(match[0]);
  if (!month || (word === "may" && !spanned && !introduced && match[1] !== "May")) return undefined;
  const range = monthRange(yearOf(month, { relative: match[2], year: match[3] }, today), month);
  if (/^since\b/i.test(match[0])) range.end = today;
  return {
    range,
    index: match.index,
    end: match.index + match[0].length,
    ...(spanned ? { spans: true } : {}),
  };
};

const PART_OF_MONTH = new RegExp(
  String.raw`(?:\b(?:in|during|for|from|since|at|by)\s+)?\b(?:the\s+)?(early|mid|middle|late|end)(?:\s*-\s*|\s+(?:of\s+)?)(?:(this|last|the)\s+month\b|${MONTH_NAMES}${YEAR_WORDS}\b(?!\s*\d))`,
  "i",
);

/** The month a phrase names: "this month", "last month" or a month's name with its year words. */
function namedMonth(
  relative: string | undefined,
  name: string | undefined,
  written: { relative?: string; year?: string },
  today: CalendarDate,
): { year: number; month: number } {
  if (relative)
    return /^last$/i.test(relative) ? addMonthsClamped({ ...today, day: 1 }, -1) : today;
  const month = MONTHS[(name ?? "").toLowerCase()]!;
  return { year: yearOf(month, written, today), month };
}

/**
 * "early October" is its 1st to 10th, "mid October" the 11th to 20th, "late October" (or "the
 * end of October") the 21st to its end: a convention, said in the answer's dates. Not a span a
 * create covers: it is asked.
 */
export const partOfMonth: SpanReader = (text, today) => {
  const match = PART_OF_MONTH.exec(text);
  if (!match) return undefined;
  const month = namedMonth(match[2], match[3], { relative: match[4], year: match[5] }, today);
  const whole = monthRange(month.year, month.month);
  const part = (match[1] ?? "").toLowerCase();
  const [first, last] =
    part === "early" ? [1, 10] : /^mid/.test(part) ? [11, 20] : [21, whole.end.day];
  return {
    range: { start: { ...whole.start, day: first }, end: { ...whole.start, day: last } },
    index: match.index,
    end: match.index + match[0].length,
  };
};

const WEEK_OF_MONTH = new RegExp(
  String.raw`(?:\b(?:in|during|for|over|from|on)\s+)?\b(?:the\s+)?(first|1st|second|2nd|third|3rd|fourth|4th|last|final)\s+(week|weekend)\s+(?:of|in)\s+(?:(this|last|the)\s+month\b|${MONTH_NAMES}${YEAR_WORDS})`,
  "i",
);
const NTH: Record<string, number> = {
  first: 0,
  "1st": 0,
  second: 1,
  "2nd": 1,
  third: 2,
  "3rd": 2,
  fourth: 3,
  "4th": 3,
};

/**
 * "the first week of November": its 1st to 7th (the last week, its last seven days); "the last
 * weekend of October": that month's last Saturday and the Sunday after it.
 */
export const weekOfMonth: SpanReader = (text, today) => {
  const match = WEEK_OF_MONTH.exec(text);
  if (!match) return undefined;
  const month = namedMonth(match[3], match[4], { relative: match[5], year: match[6] }, today);
  const whole = monthRange(month.year, month.month);
  const nth = NTH[(match[1] ?? "").toLowerCase()];
  let range: DateRange;
  if (/^weekend$/i.test(match[2] ?? "")) {
    const firstSaturday = addDays(whole.start, (6 - weekdayOf(whole.start) + 7) % 7);
    const lastSaturday = addDays(whole.end, -((weekdayOf(whole.end) + 1) % 7));
    const saturday = nth === undefined ? lastSaturday : addDays(firstSaturday, 7 * nth);
    if (saturday.month !== month.month) return undefined;
    range = { start: saturday, end: addDays(saturday, 1) };
  } else if (nth === undefined) range = { start: addDays(whole.end, -6), end: whole.end };
  else {
    const start = addDays(whole.start, 7 * nth);
    range = { start, end: addDays(start, 6) };
  }
  return { range, index: match.index, end: match.index + match[0].length, spans: true };
};
