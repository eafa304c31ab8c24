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

export function calendarDateOf(at: Date, timeZone = "UTC"): CalendarDate {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part("year"), month: part("month"), day: part("day") };
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
