import { calendarDateOf, type CalendarDate } from "./calendar-date.js";

// GA4 counts a property's days in the property's own reporting time zone: an annotation dated
// 2026-11-20 is that day in Sydney for a Sydney property, whoever reads it and wherever. Tidemark
// follows the same rule on both sides, so the table, the dialogs, the chart, the assistant and
// the audit all read one calendar.

/** Whether `timeZone` is an IANA zone name this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  if (timeZone === "") return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The property's today: the latest day an annotation may start on. */
export function propertyToday(now: Date, timeZone: string): CalendarDate {
  return calendarDateOf(now, isKnownTimeZone(timeZone) ? timeZone : "UTC");
}

/** 'Dates in Australia/Sydney': said once, beside the property's name. */
export function datesInTimeZone(timeZone: string): string {
  return `Dates in ${timeZone}`;
}
