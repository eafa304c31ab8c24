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
