import { toIsoDate } from "../src/shared/calendar-date.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import { addDays } from "../src/shared/contracts/traffic.js";
import { requestAs, type AppHarness, type TestPerson } from "./app-harness.js";

/**
 * Deletes the sandbox's seeded annotations (dated from today, so they move with the date) whose
 * day or range touches `margin` days either side of the given days, so a test's planted
 * annotation is the only one on record there: a test of what ranks first must not depend on the
 * day it runs. A range counts by its whole span: a two-week campaign that began ten days earlier
 * is still on record on the day asked.
 */
export async function clearSeededAnnotationsNear(
  harness: AppHarness,
  person: TestPerson,
  days: readonly string[],
  margin = 3,
): Promise<void> {
  const listed = await requestAs(
    harness,
    person.jar,
    "GET",
    `/api/annotations/${person.propertyId}`,
  );
  const windows = days.map((day) => [addDays(day, -margin), addDays(day, margin)] as const);
  for (const annotation of listed.json<{ reportingDataAnnotations: Annotation[] }>()
    .reportingDataAnnotations) {
    const range = annotation.annotationDateRange;
    const start = toIsoDate(range ? range.startDate : annotation.annotationDate!);
    const end = range ? toIsoDate(range.endDate) : start;
    // ISO days compare as strings.
    const touches = windows.some(([from, to]) => start <= to && end >= from);
    if (annotation.systemGenerated || !touches) continue;
    const gone = await requestAs(
      harness,
      person.jar,
      "DELETE",
      `/api/annotations/${person.propertyId}/${annotation.annotationId}`,
    );
    if (gone.statusCode !== 200)
      throw new Error(`could not clear a seeded annotation: ${gone.body}`);
  }
}
