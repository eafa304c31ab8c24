/**
 * The landing demo's days, counted from the visitor's own today: a sample annotation `daysAgo`
 * days back (1 is yesterday) reads as that day, YYYY-MM-DD, as every date in the product does.
 * Written out here rather than imported: the landing page's script is kept small.
 */
export function demoDay(daysAgo: number, today: Date): string {
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() - daysAgo);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${day.getFullYear()}-${two(day.getMonth() + 1)}-${two(day.getDate())}`;
}

/** The attribute a demo day's element carries, so the landing page's script can fill it in. */
export const demoDayAttribute = "data-days-ago";
