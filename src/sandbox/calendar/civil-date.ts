// The sandbox plays Google, so its calendar rules are its own rather than src/shared's: a mistake
// in the app's date handling must meet an independent stand-in that refuses it, not a copy of the
// same code that agrees with it.

/** A calendar date without a time zone, shaped like `google.type.Date`. */
export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

const msPerDay = 86_400_000;

/** Days since 1970-01-01 (may be negative). Handy for arithmetic and comparisons. */
export function toDayNumber(date: CivilDate): number {
  return Math.floor(Date.UTC(date.year, date.month - 1, date.day) / msPerDay);
}

export function fromDayNumber(dayNumber: number): CivilDate {
  const d = new Date(dayNumber * msPerDay);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Why a date is not a complete, real calendar date, or undefined when it is one. */
export function civilDateProblem(date: CivilDate): string | undefined {
  if (date.year < 1 || date.year > 9999) return "year must be between 1 and 9999";
  if (date.month < 1 || date.month > 12) return "month must be between 1 and 12";
  if (date.day < 1 || date.day > daysInMonth(date.year, date.month))
    return "day is not valid for the month";
  return undefined;
}

/** `YYYY-MM-DD`. */
export function formatIsoDate(date: CivilDate): string {
  return `${String(date.year).padStart(4, "0")}-${pad2(date.month)}-${pad2(date.day)}`;
}

/** `YYYYMMDD`, the Data API's `date` dimension format. */
export function formatCompactDate(date: CivilDate): string {
  return `${String(date.year).padStart(4, "0")}${pad2(date.month)}${pad2(date.day)}`;
}

/** Parses a strict `YYYY-MM-DD` into a valid date, or undefined. */
export function parseIsoDate(text: string): CivilDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return civilDateProblem(date) ? undefined : date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date at instant `epochMs` in an IANA time zone. */
export function civilDateInZone(epochMs: number, timeZone: string): CivilDate {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(new Date(epochMs));
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: value("year"), month: value("month"), day: value("day") };
}

function pad2(value: number): string {
  return String(value).padStart(2, "0");
}
