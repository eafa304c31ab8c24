import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { properties } from "../src/server/db/schema/index.js";
import { parseIsoDate } from "../src/shared/calendar-date.js";
import type { SavedPropertyView } from "../src/shared/contracts/properties.js";
import {
  requestAs,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";

// GA4 dates a property's days in the property's zone, so "today" for a create is the property's
// today, not the server's (UTC) nor the person's. Two zones at the ends of the clock: Kiritimati
// (UTC+14, midnight at 10:00 UTC) is a day ahead of UTC for most of it, Pago Pago (UTC-11,
// midnight at 11:00 UTC) a day behind.

let harness: AppHarness;
let clock = new Date();

beforeAll(async () => {
  harness = await startAppHarness({ deps: { now: () => clock } });
});
afterAll(async () => {
  await harness?.close();
});

/** The latest instant before the real now at `hour`:00 UTC, moved by `minutes`. */
function lastUtcHour(hour: number, minutes: number): Date {
  const at = new Date();
  at.setUTCHours(hour, 0, 0, 0);
  if (at.getTime() > Date.now()) at.setUTCDate(at.getUTCDate() - 1);
  return new Date(at.getTime() + minutes * 60_000);
}

const isoDay = (at: Date, shiftHours: number) =>
  new Date(at.getTime() + shiftHours * 3_600_000).toISOString().slice(0, 10);

async function create(who: TestPerson, day: string) {
  return requestAs(harness, who.jar, "POST", `/api/annotations/${who.propertyId}`, {
    title: `On ${day}`,
    annotationDate: parseIsoDate(day),
  });
}

describe("a create's latest day is the property's today", () => {
  it("Pacific/Kiritimati: the next UTC day is allowed only once it has begun there", async () => {
    const who = await setUpPerson(harness, "premium", { timeZone: "Pacific/Kiritimati" });

    clock = lastUtcHour(10, -30); // 23:30 in Kiritimati
    const kiritimatiToday = isoDay(clock, 14);
    const kiritimatiTomorrow = isoDay(clock, 38);
    expect((await create(who, kiritimatiToday)).statusCode).toBe(201);
    const early = await create(who, kiritimatiTomorrow);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: "future_date" });

    clock = lastUtcHour(10, 30); // 00:30 the next day in Kiritimati
    expect((await create(who, kiritimatiTomorrow)).statusCode).toBe(201);
    expect((await create(who, isoDay(clock, 38))).json()).toMatchObject({ code: "future_date" });
  });

  it("Pacific/Pago_Pago: the UTC today is refused until it has begun there", async () => {
    const who = await setUpPerson(harness, "premium", { timeZone: "Pacific/Pago_Pago" });

    clock = lastUtcHour(11, -30); // 23:30 the day before, in Pago Pago
    const utcToday = isoDay(clock, 0);
    const refused = await create(who, utcToday);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "future_date" });
    expect((await create(who, isoDay(clock, -11))).statusCode).toBe(201);

    clock = lastUtcHour(11, 30); // 00:30 in Pago Pago, the same day as UTC
    expect((await create(who, utcToday)).statusCode).toBe(201);
  });
});

describe("the property's time zone comes from Google", () => {
  it("is read from the Admin API for a property saved before it was kept, and then kept", async () => {
    clock = new Date();
    const who = await setUpPerson(harness, "freemium");
    const { db } = harness.database;
    const row = and(eq(properties.propertyId, who.propertyId));
    await db.update(properties).set({ timeZone: null }).where(row);

    const listed = await requestAs(harness, who.jar, "GET", "/api/properties");
    expect(listed.statusCode).toBe(200);
    const [saved] = listed.json<{ properties: SavedPropertyView[] }>().properties;
    // The sandbox seeds its properties in zones such as America/Los_Angeles or Australia/Sydney.
    expect(saved!.timeZone).toMatch(/^[A-Z][A-Za-z_]+\/[A-Za-z_]+/);
    const [stored] = await db.select().from(properties).where(row);
    expect(stored!.timeZone).toBe(saved!.timeZone);
  });
});
