/**
 * The calendar behind a date field (DateInput): the browser's own date field its button opens,
 * which holds the bounds (min, max) the calendar offers.
 */
export function calendarOf(field: HTMLElement): HTMLInputElement {
  const calendar = field.parentElement?.querySelector<HTMLInputElement>('input[type="date"]');
  if (!calendar) throw new Error("This field has no calendar beside it");
  return calendar;
}
