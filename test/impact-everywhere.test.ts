import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { control } from "../src/sandbox/testing/sandbox-test-kit.js";
import { annotationExportColumns } from "../src/shared/annotation-export.js";
import {
  calendarDateOf,
  fromIsoDate,
  latestTodayAnywhere,
  toIsoDate,
} from "../src/shared/calendar-date.js";
import type { AllAnnotationsResponse } from "../src/shared/contracts/all-annotations.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import type { CreatedFeedResponse } from "../src/shared/contracts/feeds.js";
import type {
  AnnotationImpact,
  ExplainDaysResponse,
  ImpactListResponse,
} from "../src/shared/contracts/impact.js";
import { addDays } from "../src/shared/contracts/traffic.js";
import {
  requestAs,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";
import { clearSeededAnnotationsNear } from "./seeded-annotations.js";

/**
 * The Impact column's figures beyond the page: All annotations sorts by them, its CSV and JSON
 * export and the feed carry them as extra columns, and the inbox's days are explained in one
 * request — each the same numbers the property's impact list gives.
 */
let harness: AppHarness;
let premium: TestPerson;
let free: TestPerson;
let launch: Annotation;
let outage: Annotation;
let upcoming: Annotation;
let measured: Map<string, AnnotationImpact>;
const today = toIsoDate(calendarDateOf(new Date()));
const launchDay = addDays(today, -30);
const outageDay = addDays(today, -16);
/**
 * Not one day of it is over in the zone Google reports in, whichever zone the sandbox seeded and
 * whatever the hour ("today" in UTC is already over in Sydney by mid-afternoon UTC). The saved
 * property is put on UTC+14 so that Tidemark lets it be created.
 */
const upcomingDay = toIsoDate(latestTodayAnywhere(new Date()));

async function annotate(person: TestPerson, title: string, day: string): Promise<Annotation> {
  const created = await requestAs(
    harness,
    person.jar,
    "POST",
    `/api/annotations/${person.propertyId}`,
    { title, annotationDate: fromIsoDate(day) },
  );
  expect(created.statusCode, created.body).toBe(201);
  return created.json<Annotation>();
}

beforeAll(async () => {
  harness = await startAppHarness();
  premium = await setUpPerson(harness, "premium", { timeZone: "Pacific/Kiritimati" });
  free = await setUpPerson(harness, "freemium");
  // Without the seeded sales and outages the planted effects are the only ones in their weeks.
  await control(harness.sandbox.url, "DELETE", `/traffic-effects/${premium.propertyId}`);
  for (const [day, factor] of [
    [launchDay, 1.6],
    [outageDay, 0.5],
  ] as const)
    await control(harness.sandbox.url, "POST", "/traffic-effects", {
      propertyId: premium.propertyId,
      factor,
      shape: "step",
      startDate: day,
      endDate: addDays(day, 6),
    });
  await clearSeededAnnotationsNear(harness, premium, [launchDay, outageDay]);
  launch = await annotate(premium, "Planted launch", launchDay);
  outage = await annotate(premium, "Planted outage", outageDay);
  upcoming = await annotate(premium, "Sale starting today", upcomingDay);
  const list = await requestAs(
    harness,
    premium.jar,
    "GET",
    `/api/properties/${premium.propertyId}/impact?metric=sessions`,
  );
  expect(list.statusCode, list.body).toBe(200);
  measured = new Map(list.json<ImpactListResponse>().impacts.map((i) => [i.annotationId, i]));
});
afterAll(async () => {
  await harness?.close();
});

const percent = (change: number) => Math.round(change * 1000) / 10;

describe("the Impact column beyond Property View", () => {
  it("sorts All annotations by the measured effect, either way, the unmeasured last", async () => {
    expect(measured.get(launch.annotationId)?.estimate?.verdict).toBe("up");
    expect(measured.get(outage.annotationId)?.estimate?.verdict).toBe("down");
    expect(measured.get(upcoming.annotationId)?.unavailable).toBe("future");
    const effect = (id: string) => measured.get(id)?.estimate?.effect ?? null;

    for (const dir of ["desc", "asc"] as const) {
      const page = await requestAs(
        harness,
        premium.jar,
        "GET",
        `/api/annotations?sort=impact&dir=${dir}&limit=200`,
      );
      expect(page.statusCode, page.body).toBe(200);
      const ids = page
        .json<AllAnnotationsResponse>()
        .rows.map((row) => row.annotation.annotationId);
      expect(ids.length).toBe(measured.size);
      const effects = ids.map(effect);
      const firstUnmeasured = effects.indexOf(null);
      const known = effects.slice(0, firstUnmeasured === -1 ? undefined : firstUnmeasured);
      // Every measured row comes before every unmeasured one.
      if (firstUnmeasured !== -1)
        expect(effects.slice(firstUnmeasured).every((e) => e === null)).toBe(true);
      expect(known).toEqual([...known].sort((a, b) => (dir === "desc" ? b! - a! : a! - b!)));
      expect(ids.at(-1) === upcoming.annotationId || effects.at(-1) === null).toBe(true);
      expect(ids.indexOf(upcoming.annotationId)).toBeGreaterThanOrEqual(known.length);
      expect(ids[0]).toBe(dir === "desc" ? launch.annotationId : outage.annotationId);
    }
  });

  it("writes the impact as extra columns in the view's CSV and JSON, in the view's order", async () => {
    const csv = await requestAs(
      harness,
      premium.jar,
      "GET",
      "/api/annotations/export?format=csv&sort=impact&dir=desc",
    );
    expect(csv.statusCode, csv.body).toBe(200);
    const parsed = Papa.parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ""), {
      header: true,
      skipEmptyLines: true,
    });
    // The old columns keep their places; the impact's follow them.
    expect(parsed.meta.fields).toEqual([...annotationExportColumns]);
    expect(parsed.meta.fields!.slice(0, 8)).toEqual([
      "start_date",
      "end_date",
      "title",
      "description",
      "color",
      "category",
      "property_id",
      "property_name",
    ]);
    expect(parsed.data[0]!.title).toBe("Planted launch");
    const launchImpact = measured.get(launch.annotationId)!.estimate!;
    expect(parsed.data[0]).toMatchObject({
      impact_metric: "sessions",
      impact_effect_pct: String(percent(launchImpact.effect)),
      impact_low_pct: String(percent(launchImpact.low)),
      impact_high_pct: String(percent(launchImpact.high)),
      impact_verdict: "likely up",
    });
    // A drop is a plain negative number, not a guarded formula.
    const outageRow = parsed.data.find((row) => row.title === "Planted outage")!;
    expect(outageRow.impact_effect_pct).toBe(
      String(percent(measured.get(outage.annotationId)!.estimate!.effect)),
    );
    expect(outageRow.impact_effect_pct).toMatch(/^-\d/);
    expect(outageRow.impact_verdict).toBe("likely down");
    const upcomingRow = parsed.data.find((row) => row.title === "Sale starting today")!;
    expect(upcomingRow).toMatchObject({
      impact_metric: "sessions",
      impact_effect_pct: "",
      impact_low_pct: "",
      impact_high_pct: "",
      impact_verdict: "Not yet",
    });

    const json = await requestAs(
      harness,
      premium.jar,
      "GET",
      "/api/annotations/export?format=json&sort=impact&dir=asc",
    );
    expect(json.statusCode, json.body).toBe(200);
    const rows = json.json<Record<string, unknown>[]>();
    expect(rows[0]).toMatchObject({
      title: "Planted outage",
      impact_metric: "sessions",
      impact_effect_pct: percent(measured.get(outage.annotationId)!.estimate!.effect),
      impact_verdict: "likely down",
    });
    expect(rows.find((row) => row.title === "Sale starting today")).toMatchObject({
      impact_effect_pct: null,
      impact_verdict: "Not yet",
    });
  });

  it("serves the impact in the feed as the same extra columns", async () => {
    const created = await requestAs(harness, premium.jar, "POST", "/api/account/feeds", {
      name: "Impact sheet",
      propertyIds: [premium.propertyId],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { url } = created.json<CreatedFeedResponse>();
    const feed = await harness.app.inject({ method: "GET", url: new URL(url).pathname });
    expect(feed.statusCode, feed.body).toBe(200);
    const parsed = Papa.parse<Record<string, string>>(feed.body, {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.meta.fields).toEqual([...annotationExportColumns]);
    for (const row of parsed.data) {
      const annotation = [launch, outage, upcoming].find((a) => a.title === row.title);
      if (!annotation) continue;
      const impact = measured.get(annotation.annotationId)!;
      expect(row.impact_metric).toBe("sessions");
      expect(row.impact_effect_pct).toBe(
        impact.estimate ? String(percent(impact.estimate.effect)) : "",
      );
    }
    expect(parsed.data.find((row) => row.title === "Planted launch")!.impact_verdict).toBe(
      "likely up",
    );
  });
});

describe("the inbox's unexplained days, explained at once", () => {
  it("ranks what is on record for each day asked, as the one-day explanation does", async () => {
    const days = await requestAs(
      harness,
      premium.jar,
      "GET",
      `/api/properties/${premium.propertyId}/explain/days?metric=sessions&dates=${launchDay},${addDays(outageDay, 1)}`,
    );
    expect(days.statusCode, days.body).toBe(200);
    const { explanations } = days.json<ExplainDaysResponse>();
    expect(explanations.map((e) => e.startDate)).toEqual([launchDay, addDays(outageDay, 1)]);
    expect(explanations[0]!.causes[0]).toMatchObject({
      kind: "annotation",
      title: "Planted launch",
    });
    expect(explanations[1]!.causes[0]).toMatchObject({
      kind: "annotation",
      title: "Planted outage",
    });
    expect(explanations[1]!.causes[0]!.why).toMatch(/before the change/);

    const one = await requestAs(
      harness,
      premium.jar,
      "GET",
      `/api/properties/${premium.propertyId}/explain?metric=sessions&date=${launchDay}`,
    );
    expect(one.json()).toEqual(explanations[0]);
  });

  it("is Premium, and refuses a list it cannot read", async () => {
    const refused = await requestAs(
      harness,
      free.jar,
      "GET",
      `/api/properties/${free.propertyId}/explain/days?dates=${launchDay}`,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("premium_required");
    const bad = await requestAs(
      harness,
      premium.jar,
      "GET",
      `/api/properties/${premium.propertyId}/explain/days?dates=yesterday`,
    );
    expect(bad.statusCode).toBe(400);
  });
});
