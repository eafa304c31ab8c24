/**
 * Calendar periods named in words, against today: "last month", "Q3", "the last 30 days",
 * "the start of the month", "YTD". Periods are whole calendar periods, and none reads a day.
 */
import { addDays, compareDates, type CalendarDate } from "../../../../../shared/calendar-date.js";
import { parseCount } from "../count-words.js";
import {
  addMonthsClamped,
  lastDayOfMonth,
  monthRange,
  ordered,
  weekdayOf,
  weekRange,
} from "./calendar.js";
import type { DateRange, FoundRange, SpanReader } from "./calendar.js";
import { MONTHS, MONTH_NAMES, pastMonth, yearOf, YEAR_WORDS } from "./months.js";

// A month on its own ("in March", "March 2025"), not followed by a day and not after one ("3rd of March").
const MONTH_PATTERN =
  /(?<!\d(?:st|nd|rd|th)?\s+(?:of\s+)?)(?:\b(in|during|for|from|of|since)\s+)?\b(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?(?:\s+(\d{4}))?\b(?!\s*\d{1,2}(?:st|nd|rd|th)?\b)/gi;
const PERIOD_PATTERN =
  /(?:\bso\s+far\s+)?(?:\b(?:from|in|during|for|over|within|of)\s+)?(?:\ball\s+of\s+)?(?:\bthe\s+)?\b(this|last|past|previous|current)\s+(week|month|year)(?:'s)?\b(?:\s+so\s+far)?/i;
const LAST_N_PATTERN =
  /(?:\b(?:in|over|during|from|for|within)\s+)?(?:\bthe\s+)?\b(?:last|past|previous)\s+(\d+|a\s+few|few|a\s+couple(?:\s+of)?|couple(?:\s+of)?|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|fifteen|twenty|thirty|sixty|ninety)\s+(days?|weeks?|months?)\b/i;
// "the last fortnight": the 14 days ending today, as "the last two weeks" is.
const FORTNIGHT_PATTERN =
  /(?:\b(?:in|over|during|from|for|within)\s+)?(?:\bthe\s+)?\b(?:last|past|previous)\s+fortnight\b/i;
const QUARTER_PATTERN =
  /(?:\b(?:from|in|during|for|over|within|of)\s+)?(?:\bthe\s+)?\b(this|last|past|previous|current)\s+quarter\b(?:\s+so\s+far)?/i;
// "Q3" is a quarter only after a preposition or before a year: "Q4 planning" is a title.
const NAMED_QUARTER_PATTERN =
  /(?:\b(?:in|during|for|over|within|of|from)\s+(?:the\s+)?\bq([1-4])\b(?:\s+(\d{4})\b)?|\bq([1-4])\s+(\d{4})\b|(?:\b(?:in|during|for|over|within|of|from)\s+)?\bthe\s+(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter\b(?:\s+of\s+(\d{4})\b)?)/i;
const QUARTER_ORDINALS: Record<string, number> = {
  first: 1,
  "1st": 1,
  second: 2,
  "2nd": 2,
  third: 3,
  "3rd": 3,
  fourth: 4,
  "4th": 4,
};
// Weekends are Saturday and Sunday; "last weekend" is the one before this week's.
const WEEKEND_PATTERN =
  /(?:\b(?:from|in|during|for|over|on|at)\s+)?(?:\bthe\s+)?\b(this\s+past|this|last|past|previous)\s+weekend\b/i;
const YEAR_PATTERN = /\b(?:in|during|for|from|of)\s+(\d{4})\b(?!\s*[-/])/i;

function quarterRange(year: number, quarter: number): DateRange {
  const startMonth = (quarter - 1) * 3 + 1;
  return {
    start: { year, month: startMonth, day: 1 },
    end: { year, month: startMonth + 2, day: lastDayOfMonth(year, startMonth + 2) },
  };
}

const START_OF = new RegExp(
  String.raw`(?:\b(since|from|on|for|at|by)\s+)?\b(?:the\s+)?(start|beginning)\s+of\s+(?:(?:the|this)\s+(month|week|year)|last\s+(month|week|year)|${MONTH_NAMES}${YEAR_WORDS})\b`,
  "i",
);

const TO_NOW =
  /^\s+(?:to|until|till|through|thru)\s+(?:(?:right\s+)?now|today|date|the\s+present)\b/i;

/**
 * "the start of the month", "since the beginning of October": the first day of that period; after
 * "since", from it to today. "The end of October" is days, not one (see partOfMonth).
 */
export const startOfPeriod: SpanReader = (text, today) => {
  const match = START_OF.exec(text);
  if (!match) return undefined;
  let period: DateRange;
  const unit = (match[3] ?? match[4] ?? "").toLowerCase();
  const back = match[4] !== undefined;
  if (unit === "week") period = weekRange(back ? addDays(today, -7) : today);
  else if (unit === "year") {
    const year = back ? today.year - 1 : today.year;
    period = { start: { year, month: 1, day: 1 }, end: { year, month: 12, day: 31 } };
  } else if (unit === "month") {
    const month = back ? addMonthsClamped({ ...today, day: 1 }, -1) : today;
    period = monthRange(month.year, month.month);
  } else {
    const named = MONTHS[(match[5] ?? "").toLowerCase()]!;
    period = monthRange(yearOf(named, { relative: match[6], year: match[7] }, today), named);
  }
  const day = period.start;
  const end = match.index + match[0].length;
  const toNow = TO_NOW.exec(text.slice(end, end + 30));
  const since = /^(?:since|from)$/i.test(match[1] ?? "") && (toNow || /^since$/i.test(match[1]!));
  return {
    range: since ? ordered(day, today) : { start: day, end: day },
    index: match.index,
    end: since && toNow ? end + toNow[0].length : end,
  };
};

/** "this month so far": up to today, not to the month's end. */
function soFar(range: DateRange, phrase: string, today: CalendarDate): DateRange {
  if (!/\bso\s+far\b/i.test(phrase) || compareDates(range.end, today) <= 0) return range;
  return { start: range.start, end: today };
}

const BEFORE_LAST =
  /(?:\b(?:in|during|for|over|from|on)\s+)?\b(?:the\s+)?(week|weekend)\s+before\s+last\b|\b(two|2|three|3)\s+(weeks|weekends)\s+ago\b(?!\s+(?:on|today|yesterday)\b)/i;

/** "the week before last", "the weekend before last", "three weekends ago": whole weeks back. */
export const weeksBack: SpanReader = (text, today) => {
  const match = BEFORE_LAST.exec(text);
  if (!match) return undefined;
  const back = match[1] ? 2 : (parseCount(match[2] ?? "") ?? 2);
  const weekend = /^weekend/i.test(match[1] ?? match[3] ?? "");
  // Only "weeks ago" said as a whole week ("the week two weeks ago") is left to chrono's day.
  if (!match[1] && !weekend) return undefined;
  let range: DateRange;
  if (weekend) {
    const saturday = addDays(today, -((weekdayOf(today) + 1) % 7) - 7 * (back - 1));
    range = { start: saturday, end: addDays(saturday, 1) };
  } else range = weekRange(addDays(today, -7 * back));
  return { range, index: match.index, end: match.index + match[0].length, spans: true };
};

/** A period counted back from today ("the last 7 days", "the past fortnight"). */
export const ROLLING_PERIOD = new RegExp(
  `${LAST_N_PATTERN.source}|${FORTNIGHT_PATTERN.source}`,
  "i",
);

const TO_DATE = /\b(?:(month|year|week)[\s-]+to[\s-]+date|(mtd|ytd))\b/i;

/** "month to date", "YTD": from the start of the period to today. */
export const toDate: SpanReader = (text, today) => {
  const match = TO_DATE.exec(text);
  if (!match) return undefined;
  const unit = (match[1] ?? match[2] ?? "").toLowerCase();
  const start = /^(?:month|mtd)$/.test(unit)
    ? { ...today, day: 1 }
    : /^(?:year|ytd)$/.test(unit)
      ? { year: today.year, month: 1, day: 1 }
      : weekRange(today).start;
  return { range: { start, end: today }, index: match.index, end: match.index + match[0].length };
};

/**
 * "the last 7 days", "the past two weeks": that many days, today the last of them, as people
 * count them (decision 0076). Traffic, whose today is incomplete, moves such a period back a day
 * (`ROLLING_PERIOD`), as GA4's own "Last 7 days" does.
 */
const lastDays: SpanReader = (text, today) => {
  const lastN = LAST_N_PATTERN.exec(text);
  if (!lastN) return undefined;
  const words = (lastN[1] ?? "").toLowerCase();
  // "a few" is read as three and "a couple of" as two; the reply names the days it used.
  const count = /few/.test(words) ? 3 : /couple/.test(words) ? 2 : (parseCount(words) ?? 1);
  const unit = (lastN[2] ?? "").toLowerCase();
  const start = unit.startsWith("day")
    ? addDays(today, 1 - count)
    : unit.startsWith("week")
      ? addDays(today, 1 - 7 * count)
      : addDays(addMonthsClamped(today, -count), 1);
  return { range: { start, end: today }, index: lastN.index, end: lastN.index + lastN[0].length };
};

const lastFortnight: SpanReader = (text, today) => {
  const fortnight = FORTNIGHT_PATTERN.exec(text);
  if (!fortnight) return undefined;
  return {
    range: { start: addDays(today, -13), end: today },
    index: fortnight.index,
    end: fortnight.index + fortnight[0].length,
  };
};

const thisOrLastQuarter: SpanReader = (text, today) => {
  const quarter = QUARTER_PATTERN.exec(text);
  if (!quarter) return undefined;
  const current = Math.floor((today.month - 1) / 3) + 1;
  const previous = !/^(?:this|current)$/i.test(quarter[1] ?? "");
  const range = !previous
    ? quarterRange(today.year, current)
    : current === 1
      ? quarterRange(today.year - 1, 4)
      : quarterRange(today.year, current - 1);
  return {
    range: soFar(range, quarter[0], today),
    index: quarter.index,
    end: quarter.index + quarter[0].length,
  };
};

const namedQuarter: SpanReader = (text, today) => {
  const named = NAMED_QUARTER_PATTERN.exec(text);
  if (!named) return undefined;
  const number = Number(named[1] ?? named[3] ?? QUARTER_ORDINALS[(named[5] ?? "").toLowerCase()]);
  const written = named[2] ?? named[4] ?? named[6];
  // Without a year, the latest such quarter that has begun.
  const year = written
    ? Number(written)
    : (number - 1) * 3 + 1 <= today.month
      ? today.year
      : today.year - 1;
  return {
    range: quarterRange(year, number),
    index: named.index,
    end: named.index + named[0].length,
  };
};

const namedWeekend: SpanReader = (text, today) => {
  const thisOrLastWeekend = WEEKEND_PATTERN.exec(text);
  if (!thisOrLastWeekend) return undefined;
  const monday = weekRange(today).start;
  const saturday = /^this$/i.test(thisOrLastWeekend[1] ?? "")
    ? addDays(monday, 5)
    : addDays(monday, -2);
  return {
    range: { start: saturday, end: addDays(saturday, 1) },
    index: thisOrLastWeekend.index,
    end: thisOrLastWeekend.index + thisOrLastWeekend[0].length,
    // A weekend is its two days, said as a span as much as "over the weekend".
    spans: true,
  };
};

const thisOrLastPeriod: SpanReader = (text, today) => {
  const period = PERIOD_PATTERN.exec(text);
  if (!period) return undefined;
  const previous = !/^(?:this|current)$/i.test(period[1] ?? "");
  const unit = (period[2] ?? "").toLowerCase();
  let range: DateRange;
  if (unit === "week") range = weekRange(previous ? addDays(today, -7) : today);
  else if (unit === "month") {
    const month = previous ? addMonthsClamped({ ...today, day: 1 }, -1) : today;
    range = monthRange(month.year, month.month);
  } else {
    const year = previous ? today.year - 1 : today.year;
    range = { start: { year, month: 1, day: 1 }, end: { year, month: 12, day: 31 } };
  }
  return {
    range: soFar(range, period[0], today),
    index: period.index,
    end: period.index + period[0].length,
  };
};

const monthAlone: SpanReader = (text, today) => {
  for (const match of text.matchAll(MONTH_PATTERN)) {
    const word = match[2] ?? "";
    // "may" is usually the verb; only a capitalised May, or one after "in"/"during", is the month.
    if (word.toLowerCase() === "may" && !match[1] && !match[3] && word !== "May") continue;
    const month = MONTHS[word.toLowerCase()];
    if (!month) continue;
    const year = match[3] ? Number(match[3]) : pastMonth(month, today);
    const range = monthRange(year, month);
    if (match[1]?.toLowerCase() === "since") range.end = today;
    return { range, index: match.index, end: match.index + match[0].length };
  }
  return undefined;
};

const yearAlone: SpanReader = (text) => {
  const year = YEAR_PATTERN.exec(text);
  if (!year) return undefined;
  const value = Number(year[1]);
  return {
    range: { start: { year: value, month: 1, day: 1 }, end: { year: value, month: 12, day: 31 } },
    index: year.index,
    end: year.index + year[0].length,
  };
};

/** The older rules, read after every other kind of range; the first that matches is the period. */
const PERIOD_READERS: SpanReader[] = [
  lastDays,
  lastFortnight,
  thisOrLastQuarter,
  namedQuarter,
  namedWeekend,
  thisOrLastPeriod,
  monthAlone,
  yearAlone,
];

export function findPeriod(text: string, today: CalendarDate): FoundRange | undefined {
  for (const read of PERIOD_READERS) {
    const found = read(text, today);
    if (found) return found;
  }
  return undefined;
}
