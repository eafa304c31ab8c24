import { describe, expect, it } from "vitest";
import { readMessage } from "../skills/reading.js";
import { askedBefore } from "./follow-up.js";
import type { Understanding } from "./understanding.js";

/** A question asked again with one piece changed, after a list or a traffic answer. */
const today = { year: 2026, month: 11, day: 23 };
const categoryNames = ["Campaigns", "Incidents"];
const day = (iso: string) => ({
  year: Number(iso.slice(0, 4)),
  month: Number(iso.slice(5, 7)),
  day: Number(iso.slice(8, 10)),
});

/** Reads `first`, then `next` with the question the first one asked kept. */
function after(first: string, next: string): Understanding {
  const asked = askedBefore(readMessage({ message: first, today, categoryNames }));
  return readMessage({ message: next, today, categoryNames, ...(asked ? { asked } : {}) });
}

describe("follow-ups to a traffic question", () => {
  it.each([
    ["how many visitors on the 10th?", "and the 11th?", { date: day("2026-11-11") }],
    ["how many visitors on the 10th?", "what about the day after", { date: day("2026-11-11") }],
    [
      "how were sessions in october",
      "and the month before?",
      { dateRange: { start: day("2026-09-01"), end: day("2026-09-30") } },
    ],
    [
      "how were sessions in october",
      "what about key events",
      { metric: "keyEvents", dateRange: { start: day("2026-10-01"), end: day("2026-10-31") } },
    ],
    ["any dips on the 4th", "how about users?", { metric: "activeUsers", date: day("2026-11-04") }],
    [
      "which weekday brings the most visits?",
      "and for users",
      { by: "weekday", metric: "activeUsers" },
    ],
  ])("after '%s', '%s' asks it again", (first, next, expected) => {
    expect(after(first, next)).toMatchObject(expected);
  });

  it("reads a period named after a day as the period", () => {
    expect(after("how many sessions on the 3rd", "and last week?")).toMatchObject({
      intent: "traffic_period",
      dateRange: { start: day("2026-11-16"), end: day("2026-11-22") },
    });
  });
});

describe("follow-ups to a list", () => {
  it.each([
    [
      "any incidents in october?",
      "same for august",
      { category: "incidents", dateRange: { start: day("2026-08-01"), end: day("2026-08-31") } },
    ],
    [
      "what did we add last month",
      "only the red ones",
      { color: "RED", dateRange: { start: day("2026-10-01"), end: day("2026-10-31") } },
    ],
    [
      "show me everything from september",
      "just campaigns",
      { category: "campaigns", dateRange: { start: day("2026-09-01"), end: day("2026-09-30") } },
    ],
  ])("after '%s', '%s' narrows or moves it", (first, next, expected) => {
    expect(after(first, next)).toMatchObject({ intent: "list", ...expected });
  });
});

describe("what is not a follow-up", () => {
  it.each([
    ["how were sessions in october", "delete the launch", "delete"],
    // Thanks is small talk of its own, answered in a line, not a narrower question.
    ["how were sessions in october", "thanks!", "help"],
    ["any incidents in october?", "add Outage on the 3rd", "create"],
    ["what did we add last month", "yes", "confirm"],
    ["what did we add last month", "hmm interesting", "unknown"],
    ["how many visitors on the 10th?", "lol", "unknown"],
  ])("after '%s', '%s' is a %s of its own", (first, next, intent) => {
    expect(after(first, next).intent).toBe(intent);
  });

  it("keeps nothing after a write", () => {
    expect(askedBefore(readMessage({ message: "add Launch today", today, categoryNames }))).toBe(
      undefined,
    );
  });
});

describe("a question about “that week”, “those days” or “then”", () => {
  const range = (from: string, to: string) => ({ start: day(from), end: day(to) });

  it.each([
    [
      "traffic in october?",
      "and what did we annotate then?",
      "list",
      range("2026-10-01", "2026-10-31"),
    ],
    [
      "list annotations from the week of nov 16",
      "how was traffic that week?",
      "traffic_period",
      range("2026-11-16", "2026-11-22"),
    ],
    [
      "how was traffic from the 9th to the 13th",
      "what else did we have running then?",
      "list",
      range("2026-11-09", "2026-11-13"),
    ],
    [
      "what was traffic like on thursday",
      "any annotations that day?",
      "list",
      range("2026-11-19", "2026-11-19"),
    ],
    // A day asked about, then "that week": the week the day is in.
    [
      "why the spike on the 10th?",
      "what else did we log that week?",
      "list",
      range("2026-11-09", "2026-11-15"),
    ],
  ])("after '%s', '%s' asks about the same days", (first, next, intent, dateRange) => {
    expect(after(first, next)).toMatchObject({ intent, dateRange });
  });

  it("leaves a question with a day of its own, or about no one period, as it reads alone", () => {
    expect(after("traffic in october?", "what did we annotate on the 3rd then?")).toMatchObject({
      intent: "list",
      dateRange: range("2026-11-03", "2026-11-03"),
    });
    expect(
      after("was friday busier than usual?", "which weekday is normally the busiest then"),
    ).toMatchObject({
      by: "weekday",
    });
    expect(after("traffic in october?", "ok leave it then").intent).not.toBe("list");
    expect(after("traffic in october?", "what's annotated right now then").dateRange).not.toEqual(
      range("2026-10-01", "2026-10-31"),
    );
  });
});

describe("“that week” with no days answered before it", () => {
  it.each([
    ["any annotations that week?", "list"],
    ["how was traffic those days", "traffic_period"],
    ["anything logged that day?", "list"],
  ])("'%s' points back at days still to be found, never every day", (message, intent) => {
    const read = readMessage({ message, today, categoryNames });
    expect(read).toMatchObject({ intent, pointsBack: true, missing: ["period"] });
    expect(read.dateRange).toBeUndefined();
  });

  it("reads “then” at the end as a word of its own, and a day said as that day", () => {
    expect(readMessage({ message: "show the red ones then", today, categoryNames })).toMatchObject({
      intent: "list",
      missing: [],
    });
    expect(
      after("what's in the incidents category?", "any annotations that week?").missing,
    ).toEqual(["period"]);
    expect(
      readMessage({ message: "anything logged on the 3rd, that day?", today, categoryNames })
        .missing,
    ).toEqual([]);
  });
});
