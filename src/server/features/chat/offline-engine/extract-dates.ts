/**
 * Finds the date or period a message talks about, against "today" in the person's time zone.
 * chrono-node reads written and relative dates; the engine adds what chrono gets wrong for an
 * annotations product: weekdays and year-less dates resolve to the past (an annotation marks
 * something that happened), "Black Friday" is a title rather than a date, and periods ("last
 * month", "in March", "this week") are whole calendar periods.
 *
 * The readers live in dates/, one room a concern, importing one way: calendar, months and
 * phrases; then holidays, weekdays and chrono; then periods, month parts and days (which reads
 * "since the start of the month"); then spans and ranges, which read days; then vague words.
 */
export type { DateRange, FoundDate, FoundRange } from "./dates/calendar.js";
export { findDate } from "./dates/days.js";
export { dateLeadIn } from "./dates/phrases.js";
export { findDateRange, findSpan } from "./dates/ranges.js";
export { ROLLING_PERIOD } from "./dates/periods.js";
export { slashesEitherWay } from "./dates/spans.js";
export { lastYearTaken } from "./dates/assumed.js";
export { findDayChoice, findNearDay, findUnreadPeriod, findVagueWhen } from "./dates/vague.js";
