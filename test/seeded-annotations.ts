import { toIsoDate } from "../src/shared/calendar-date.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import { addDays } from "../src/shared/contracts/traffic.js";
import { requestAs, type AppHarness, type TestPerson } from "./app-harness.js";

/**
 * Deletes the sandbox's seeded annotations (dated from today, so they move with the date) that
 * start within `margin` days of the given days, so a test's planted annotation is the only one
 * on record there: a test of what ranks first must not depend on the day it runs.
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
  const near = new Set(
    days.flatMap((day) =>
      Array.from({ length: 2 * margin + 1 }, (_, i) => addDays(day, i - margin)),
    ),
  );
  for (const annotation of listed.json<{ reportingDataAnnotations: Annotation[] }>()
    .reportingDataAnnotations) {
    if (annotation.systemGenerated || !near.has(toIsoDate(annotation.annotationDate))) continue;
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
