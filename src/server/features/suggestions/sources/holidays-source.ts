import Holidays from "date-holidays";
import {
  addDays,
  compareDates,
  fromIsoDate,
  parseIsoDate,
  toIsoDate,
  type CalendarDate,
} from "../../../../shared/calendar-date.js";
import type { SourceDeps } from "./source.js";
import type { SourceBatch, SourceRun, SuggestionDraft, SuggestionSource } from "./source.js";

export interface PublicHoliday {
  date: CalendarDate;
  name: string;
  /** A day off in place of a holiday that fell on a weekend ("observed"), not the legal date. */
  observed: boolean;
}

/**
 * A country's (and region's) public holidays between two days, both inclusive, from the offline
 * `date-holidays` data: public days off only (not bank, school or observance days), with the days
 * they are observed on when the legal date falls on a weekend.
 */
export function publicHolidays(
  calendar: { country: string; region: string | null },
  from: CalendarDate,
  to: CalendarDate,
): PublicHoliday[] {
  const holidays = calendar.region
    ? new Holidays(calendar.country, calendar.region)
    : new Holidays(calendar.country);
  // English names for a product written in English, in the country's own English where it has
  // one ("Labor Day" in the US, not "Labour Day").
  const language = holidays.getLanguages().find((code) => code.startsWith("en")) ?? "en";
  const found: PublicHoliday[] = [];
  for (let year = from.year; year <= to.year; year++) {
    for (const holiday of holidays.getHolidays(year, language)) {
      if (holiday.type !== "public") continue;
      const date = fromIsoDate(holiday.date.slice(0, 10));
      if (compareDates(date, from) < 0 || compareDates(date, to) > 0) continue;
      found.push({ date, name: holiday.name, observed: holiday.substitute === true });
    }
  }
  return found.sort((a, b) => compareDates(a.date, b.date));
}

/** Whether `date-holidays` knows the country, and the region within it when one is given. */
export function isKnownCalendar(country: string, region: string | null): boolean {
  const all = new Holidays();
  if (!Object.hasOwn(all.getCountries("en"), country)) return false;
  if (region === null) return true;
  return Object.hasOwn(all.getStates(country, "en") ?? {}, region);
}

/** The countries (code → name) and, for one country, its regions, for the settings' choices. */
// The dataset names countries in several styles ('Italia', "People's Republic of Bangladesh",
// 'United States of America'); the runtime's CLDR names are one consistent style, and the ones the
// person's browser would show.
const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** Countries with a holiday calendar, by ISO code, named in CLDR's English, in name order. */
export function holidayCountries(): Record<string, string> {
  const named = Object.entries(new Holidays().getCountries("en")).map(
    ([code, datasetName]): [string, string] => [code, regionNames.of(code) ?? datasetName],
  );
  return Object.fromEntries(named.sort(([, a], [, b]) => a.localeCompare(b, "en")));
}
export function holidayRegions(country: string): Record<string, string> {
  return new Holidays().getStates(country, "en") ?? {};
}

/**
 * Public holidays of the property's chosen calendar, up to today. The cursor is the last day read
 * (YYYY-MM-DD); choosing another calendar clears it, so the new one's last 90 days are read.
 */
export function createHolidaysSource(deps: Pick<SourceDeps, "holidayCalendars">): SuggestionSource {
  return {
    kind: "holidays",
    async fetchSince(run: SourceRun, cursor: string | null): Promise<SourceBatch> {
      const calendar = await deps.holidayCalendars.holidayCalendar(run.propertyId);
      if (!calendar) return { suggestions: [], cursor, more: false };
      const after = cursor === null ? null : parseIsoDate(cursor);
      const from =
        after && compareDates(addDays(after, 1), run.earliest) > 0
          ? addDays(after, 1)
          : run.earliest;
      const today = parseIsoDate(run.now.toISOString().slice(0, 10))!;
      if (compareDates(from, today) > 0) return { suggestions: [], cursor, more: false };
      const place = calendar.region ? `${calendar.country}-${calendar.region}` : calendar.country;
      const suggestions: SuggestionDraft[] = publicHolidays(calendar, from, today).map(
        (holiday) => ({
          itemKey: `holiday:${place}:${toIsoDate(holiday.date)}:${holiday.name}`,
          annotationDate: holiday.date,
          title: holiday.name,
          description: holiday.observed
            ? `Public holiday in ${place}, observed on this day because the legal date falls on a weekend.`
            : `Public holiday in ${place}.`,
        }),
      );
      return { suggestions, cursor: toIsoDate(today), more: false };
    },
  };
}
