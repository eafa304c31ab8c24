import { formatMoment } from "./annotation-dates.js";
import { isKnownTimeZone } from "./property-time-zone.js";

/** Daily allowances (annotations, assistant messages) reset at midnight UTC for everyone. */
export function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/**
 * The count that applies today: a count recorded on an earlier UTC day has expired. `countDay`
 * is the start of the UTC day the stored count belongs to.
 */
export function countForToday(count: number, countDay: Date | null, now: Date): number {
  return countDay !== null && countDay.getTime() >= startOfUtcDay(now).getTime() ? count : 0;
}

const minuteMs = 60_000;

/** The midnight UTC after `at`: when the day's allowances start again. */
export function nextDailyReset(at: Date): Date {
  return new Date(startOfUtcDay(at).getTime() + 24 * 60 * minuteMs);
}

/**
 * When the day's allowances start again, in the same words wherever a daily limit is shown: on
 * the property's clock, as every time the product shows, with the UTC midnight it is ("Resets at
 * 2026-12-07 11:00 GMT+11 (midnight UTC) — in 3 h"), or "Resets at midnight UTC — in 3 h" where
 * the zone is UTC or not known. "— in 25 min" in the last hour. Without a clock (a page drawn on
 * the server, whose time the browser's may not match) it stops after "UTC".
 */
export function dailyResetText(now: Date | null, timeZone: string | null = null): string {
  if (!now) return "Resets at midnight UTC";
  const reset = nextDailyReset(now);
  const minutes = Math.max(1, Math.ceil((reset.getTime() - now.getTime()) / minuteMs));
  const left = minutes < 60 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
  const onPropertyClock =
    timeZone && timeZone !== "UTC" && isKnownTimeZone(timeZone)
      ? `${formatMoment(reset, timeZone)} (midnight UTC)`
      : "midnight UTC";
  return `Resets at ${onPropertyClock} — in ${left}`;
}

/**
 * Why no annotation can be added now, or null while some are left today: the one reason every
 * create entry point (New Annotation, the chart's Annotate, the assistant's create prompt) shows,
 * the plan card and the server's refusal of a create over the limit (in chat, the API and MCP).
 */
export function annotationLimitReason(
  allowance: { used: number; quota: number },
  now: Date | null,
  timeZone: string | null = null,
): string | null {
  if (allowance.used < allowance.quota) return null;
  return dailyLimitMessage(allowance.quota, now, timeZone);
}

/** 'Daily limit reached: all 5 of today's annotations are added. Resets at …'. */
export function dailyLimitMessage(
  quota: number,
  now: Date | null,
  timeZone: string | null,
): string {
  return `Daily limit reached: all ${quota} of today's annotations are added. ${dailyResetText(now, timeZone)}.`;
}
