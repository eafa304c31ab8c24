import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import { calendarDateOf, type CalendarDate } from "../src/shared/calendar-date.js";
import { sameOrigin, setUpPerson, startAppHarness, type AppHarness } from "./app-harness.js";

let harness: AppHarness;
beforeAll(async () => {
  harness = await startAppHarness();
});
afterAll(async () => {
  await harness?.close();
});

const daysAgo = (days: number): CalendarDate =>
  calendarDateOf(new Date(Date.now() - days * 86_400_000));

async function call(
  jar: { header(): string },
  method: "GET" | "POST" | "PATCH",
  url: string,
  payload?: object,
) {
  return harness.app.inject({
    method,
    url,
    headers: { ...sameOrigin, cookie: jar.header() },
    ...(payload ? { payload } : {}),
  });
}

describe("date-range annotations through the sandbox", () => {
  it("creates, lists, edits and turns a range into a single day", async () => {
    const who = await setUpPerson(harness, "premium");
    const base = `/api/annotations/${who.propertyId}`;
    const startDate = daysAgo(9);
    const endDate = daysAgo(2);

    const created = await call(who.jar, "POST", base, {
      title: "Autumn sale",
      annotationDateRange: { startDate, endDate },
    });
    expect(created.statusCode).toBe(201);
    const annotation = created.json<Annotation>();
    expect(annotation.annotationDate).toEqual(startDate);
    expect(annotation.annotationDateRange).toEqual({ startDate, endDate });

    const listed = (await call(who.jar, "GET", base)).json<{
      reportingDataAnnotations: Annotation[];
    }>().reportingDataAnnotations;
    const found = listed.find((entry) => entry.annotationId === annotation.annotationId)!;
    expect(found.annotationDateRange).toEqual({ startDate, endDate });
    expect(found.annotationDate).toEqual(startDate);
    // The seeded annotations include ranges too; every one comes in Google's shape.
    for (const entry of listed.filter((item) => item.annotationDateRange)) {
      expect(entry.annotationDate).toEqual(entry.annotationDateRange!.startDate);
    }

    const widened = await call(who.jar, "PATCH", `${base}/${annotation.annotationId}`, {
      annotationDateRange: { startDate, endDate: daysAgo(1) },
    });
    expect(widened.statusCode).toBe(200);
    expect(widened.json<Annotation>().annotationDateRange).toEqual({
      startDate,
      endDate: daysAgo(1),
    });

    const single = await call(who.jar, "PATCH", `${base}/${annotation.annotationId}`, {
      annotationDate: daysAgo(5),
    });
    expect(single.statusCode).toBe(200);
    expect(single.json<Annotation>().annotationDateRange).toBeUndefined();
    expect(single.json<Annotation>().annotationDate).toEqual(daysAgo(5));

    const back = await call(who.jar, "PATCH", `${base}/${annotation.annotationId}`, {
      annotationDateRange: { startDate: daysAgo(5), endDate: daysAgo(3) },
    });
    expect(back.json<Annotation>().annotationDateRange).toEqual({
      startDate: daysAgo(5),
      endDate: daysAgo(3),
    });
  });

  it("allows a range to run past today but not to start after it", async () => {
    const who = await setUpPerson(harness, "freemium");
    const base = `/api/annotations/${who.propertyId}`;
    const running = await call(who.jar, "POST", base, {
      title: "Sale until next week",
      annotationDateRange: { startDate: daysAgo(1), endDate: daysAgo(-7) },
    });
    expect(running.statusCode).toBe(201);

    const future = await call(who.jar, "POST", base, {
      title: "Too early",
      annotationDateRange: { startDate: daysAgo(-3), endDate: daysAgo(-5) },
    });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({
      error: "Annotations cannot be created for future dates.",
    });
  });

  it("refuses an end before the start, both targets, or neither, and writes nothing", async () => {
    const who = await setUpPerson(harness, "premium");
    const base = `/api/annotations/${who.propertyId}`;
    const before = (await call(who.jar, "GET", base)).json<{
      reportingDataAnnotations: Annotation[];
    }>().reportingDataAnnotations.length;
    const cases: [object, string][] = [
      [
        { title: "Backwards", annotationDateRange: { startDate: daysAgo(2), endDate: daysAgo(4) } },
        "The end date must be on or after the start date",
      ],
      [
        {
          title: "Both",
          annotationDate: daysAgo(2),
          annotationDateRange: { startDate: daysAgo(4), endDate: daysAgo(2) },
        },
        "Give either a date or a date range, not both",
      ],
      [{ title: "Neither" }, "Choose a date"],
      [{ title: "Half", annotationDateRange: { startDate: daysAgo(2) } }, "Choose a date"],
      [
        {
          title: "Not a day",
          annotationDateRange: {
            startDate: daysAgo(2),
            endDate: { year: 2026, month: 2, day: 30 },
          },
        },
        "That date does not exist",
      ],
    ];
    for (const [payload, message] of cases) {
      const answer = await call(who.jar, "POST", base, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().error).toBe(message);
    }
    const existing = (await call(who.jar, "GET", base)).json<{
      reportingDataAnnotations: Annotation[];
    }>().reportingDataAnnotations;
    expect(existing).toHaveLength(before);
    const target = existing.find((entry) => !entry.systemGenerated)!;
    const backwards = await call(who.jar, "PATCH", `${base}/${target.annotationId}`, {
      annotationDateRange: { startDate: daysAgo(2), endDate: daysAgo(4) },
    });
    expect(backwards.statusCode).toBe(400);
  });
});
