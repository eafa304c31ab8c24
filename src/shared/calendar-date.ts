/** A calendar date with no time zone, as Google's `google.type.Date`. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export function isRealDate({ year, month, day }: CalendarDate): boolean {
  if (
    ![year, month, day].every(Number.isInteger) ||
    year < 1 ||
    year > 9999 ||
    month < 1 ||
    month > 12 ||
    day < 1
  ) {
    return false;
  }
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

export function toIsoDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** A strict `YYYY-MM-DD` that names a real day, or null. */
export function parseIsoDate(text: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isRealDate(date) ? date : null;
}

/** The date `days` later (or earlier, when negative), across months and years. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const at = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
}

// One formatter per zone: making one is the costly part (the first in a tab loads ICU's data).
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

export function calendarDateOf(at: Date, timeZone = "UTC"): CalendarDate {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part("year"), month: part("month"), day: part("day") };
}

/** Today in the zone; an unknown zone name falls back to UTC rather than failing the caller. */
export function todayIn(now: Date, timeZone: string): CalendarDate {
  try {
    return calendarDateOf(now, timeZone);
  } catch {
    return calendarDateOf(now, "UTC");
  }
}

/**
 * The latest date that is "today" anywhere on Earth (UTC+14). The server does not know where the
 * person is, so it refuses only dates that are in the future everywhere; the date picker, which
 * knows the person's own today, is stricter.
 */
export function latestTodayAnywhere(now: Date): CalendarDate {
  return calendarDateOf(new Date(now.getTime() + 14 * 60 * 60 * 1000));
}

/** A YYYY-MM-DD string as a calendar date (the string is trusted to have that shape). */
export function fromIsoDate(value: string): CalendarDate {
  const [year = 0, month = 0, day = 0] = value.split("-").map(Number);
  return { year, month, day };
}
