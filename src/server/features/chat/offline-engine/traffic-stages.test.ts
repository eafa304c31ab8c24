import { describe, expect, it } from "vitest";
import type { TrafficChange } from "../../../../shared/contracts/traffic.js";
import {
  describeTrafficDay,
  describeUnexplained,
  describeWeekdays,
} from "../skills/traffic-insight.js";
import { readIntent } from "../skills/reading.js";
import { normalise } from "./normalise.js";
import { readMessage, readSlots } from "../skills/reading.js";

/** Traffic questions ("what happened on Nov 12?", "anything unexplained?") through stages 2–3, and the answers' wording. */
const today = { year: 2026, month: 11, day: 23 };
const read = (message: string) => {
  const normalised = normalise(message);
  return readSlots(readIntent(normalised.text), normalised, today);
};
const day = (iso: string) => ({
  year: Number(iso.slice(0, 4)),
  month: Number(iso.slice(5, 7)),
  day: Number(iso.slice(8, 10)),
});

describe("stage 2–3: traffic questions", () => {
  it.each([
    ["what happened on Nov 12?", "2026-11-12", "sessions"],
    ["why did traffic spike on the 12th", "2026-11-12", "sessions"],
    ["what happened yesterday", "2026-11-22", "sessions"],
    ["why did active users drop on Nov 5", "2026-11-05", "activeUsers"],
    ["hello, what caused the dip on Friday? key events", "2026-11-20", "keyEvents"],
    // In an analytics product, "how was <a day>" asks how the site did.
    ["how was sunday", "2026-11-22", "sessions"],
    ["how was yesterday?", "2026-11-22", "sessions"],
  ])("'%s' asks about %s (%s)", (message, date, metric) => {
    expect(read(message)).toEqual({ intent: "traffic_day", date: day(date), metric, missing: [] });
  });

  it.each([
    ["anything unexplained last month?", "2026-10-01", "2026-10-31"],
    ["any unexplained spikes this week", "2026-11-23", "2026-11-29"],
    ["unexplained changes in the last 28 days", "2026-10-26", "2026-11-22"],
    // A fortnight is the 14 days up to today; a quarter is a calendar quarter, the latest begun.
    ["any unexplained drops in the last fortnight", "2026-11-09", "2026-11-22"],
    ["anything unexplained in Q3?", "2026-07-01", "2026-09-30"],
    ["anything unexplained last quarter", "2026-07-01", "2026-09-30"],
    // The days after yesterday have no data yet, so the period ends yesterday.
    ["anything unexplained this quarter?", "2026-10-01", "2026-11-22"],
    ["any unexplained spikes last weekend", "2026-11-21", "2026-11-22"],
    ["anything unexplained in the past few days", "2026-11-20", "2026-11-22"],
    // Without a period: the chart's default, the 28 days up to yesterday.
    ["anything unexplained?", "2026-10-26", "2026-11-22"],
  ])("'%s' asks about %s to %s", (message, start, end) => {
    expect(read(message)).toMatchObject({
      intent: "traffic_period",
      dateRange: { start: day(start), end: day(end) },
      metric: "sessions",
    });
  });

  it.each([
    ["anything unexplained next month?", "traffic_period", "next month"],
    ["unexplained spikes over the summer", "traffic_period", "over the summer"],
    ["what happened next week", "traffic_day", "next week"],
    ["list annotations for next month", "list", "next month"],
    ["delete all the red ones from next week", "delete", "next week"],
    ["anything unexplained this semester?", "traffic_period", "this semester"],
  ])("'%s' names a period it cannot read: %s, nothing guessed", (message, intent, words) => {
    const understood = read(message);
    expect(understood).toMatchObject({ intent, unreadPeriod: words, missing: ["period"] });
    // Not the chart's default (or any other) period, and no title search for the words.
    expect(understood.dateRange).toBeUndefined();
    expect(understood.titleContains).toBeUndefined();
  });

  it.each([
    ["show annotations about Q4 planning", { intent: "list", titleContains: "Q4 planning" }],
    ["what happened today?", { intent: "traffic_day", date: day("2026-11-23") }],
  ])("'%s' still reads as before", (message, expected) => {
    expect(read(message)).toMatchObject({ ...expected, missing: [] });
  });

  it.each([
    ["how many visitors did we have on the 4th", "2026-11-04", "activeUsers"],
    ["conversions yesterday?", "2026-11-22", "keyEvents"],
    ["tell me about visits on the 2nd", "2026-11-02", "sessions"],
    ["was there a dip on Nov 7", "2026-11-07", "sessions"],
    ["how did last Wednesday do", "2026-11-18", "sessions"],
  ])("'%s' asks about one day, %s (%s), named by what it asks about", (message, date, metric) => {
    expect(read(message)).toMatchObject({ intent: "traffic_day", date: day(date), metric });
  });

  it.each([
    ["how were visits in october", "2026-10-01", "2026-10-31", "sessions"],
    ["visits last month?", "2026-10-01", "2026-10-31", "sessions"],
    ["which day had the most users last week", "2026-11-16", "2026-11-22", "activeUsers"],
    ["any odd drops last month", "2026-10-01", "2026-10-31", "sessions"],
    ["why are visits down this month", "2026-11-01", "2026-11-22", "sessions"],
    ["when were conversions highest in september", "2026-09-01", "2026-09-30", "keyEvents"],
    ["what was the weakest day in september?", "2026-09-01", "2026-09-30", "sessions"],
    ["any dips in october that nobody has explained yet", "2026-10-01", "2026-10-31", "sessions"],
    ["any jumps last month we haven't annotated?", "2026-10-01", "2026-10-31", "sessions"],
    // Said "so far" or "since" a day, the period runs up to today, as asked.
    ["total key events since the 10th", "2026-11-10", "2026-11-23", "keyEvents"],
  ])("'%s' asks about %s to %s (%s)", (message, start, end, metric) => {
    expect(read(message)).toMatchObject({
      intent: "traffic_period",
      dateRange: { start: day(start), end: day(end) },
      metric,
    });
  });

  it.each([
    ["are mondays our busiest day for sessions?", "sessions"],
    ["what day of the week gets the most conversions", "keyEvents"],
    ["do we get fewer visitors on weekends", "activeUsers"],
    ["is Tuesday normally a slow day for sessions?", "sessions"],
    ["key events per weekday", "keyEvents"],
  ])("'%s' asks about the weekly pattern", (message, metric) => {
    expect(read(message)).toMatchObject({ intent: "traffic_period", by: "weekday", metric });
  });

  it("reads a measure asked to be shown as a traffic question, never a title search", () => {
    expect(read("show me visits for last week")).toMatchObject({
      intent: "traffic_period",
      dateRange: { start: day("2026-11-16"), end: day("2026-11-22") },
    });
    expect(read("give me conversions for the 3rd")).toMatchObject({
      intent: "traffic_day",
      date: day("2026-11-03"),
      metric: "keyEvents",
    });
  });

  it("leaves a question about what was noted to the annotations", () => {
    for (const message of ["what did we log about visitors?", "what's the traffic dip one about?"])
      expect(read(message).intent, message).not.toMatch(/^traffic/);
  });

  it("reads a period named after an annotation instead of the chart's own", () => {
    const annotations = [
      { title: "Pricing page relaunch", date: "2026-11-10" },
      { title: "Spring promo", date: "2026-03-02", endDate: "2026-03-15" },
    ];
    const withKnown = (message: string) =>
      readMessage({ message, today, categoryNames: [], annotations });
    expect(withKnown("did visits recover after the pricing page relaunch?")).toMatchObject({
      intent: "traffic_period",
      dateRange: { start: day("2026-11-10"), end: day("2026-11-23") },
    });
    expect(withKnown("how did key events look during the spring promo")).toMatchObject({
      intent: "traffic_period",
      metric: "keyEvents",
      dateRange: { start: day("2026-03-02"), end: day("2026-03-15") },
    });
    expect(withKnown("any dips last week?").dateRange).toEqual({
      start: day("2026-11-16"),
      end: day("2026-11-22"),
    });
  });

  it("reads one weekend as a period, not the weekly pattern", () => {
    expect(read("how many sessions last weekend")).toMatchObject({
      intent: "traffic_period",
      dateRange: { start: day("2026-11-21"), end: day("2026-11-22") },
    });
    expect(read("how many sessions last weekend").by).toBeUndefined();
  });

  it("asks for the day when the one written does not exist", () => {
    expect(read("how many users on Feb 30?")).toEqual({
      intent: "traffic_day",
      metric: "activeUsers",
      missing: ["date"],
    });
  });

  it.each([
    ["what annotations are on Nov 12", "list"],
    ["any notes about the traffic drop?", "list"],
    ["traffic spiked on the 12th, log it", "create"],
    ["how do I add another user to GA4", "unknown"],
    ["find the one about conversions", "list"],
    ["what happened last week", "list"],
    ['create "Spike in sessions" on Nov 12', "create"],
    ["log the unexplained spike on Nov 12", "create"],
    ["delete the unexplained drop annotation", "delete"],
    ["Launch actually happened on Nov 12", "update"],
  ])("'%s' stays a %s", (message, intent) => {
    expect(read(message).intent).toBe(intent);
  });
});

const spike: TrafficChange = {
  date: "2026-11-12",
  value: 1480,
  expected: 1000,
  change: 0.48,
  direction: "spike",
};

describe("traffic answers", () => {
  it("gives each weekday's average, highest first, and weekends against weekdays", () => {
    // Two weeks from Monday Nov 9: weekdays 100 and 120, weekends 50 and 70.
    const days = Array.from({ length: 14 }, (_, index) => {
      const weekend = index % 7 >= 5;
      const second = index >= 7;
      return {
        date: `2026-11-${String(9 + index).padStart(2, "0")}`,
        value: (weekend ? 50 : 100) + (second ? 20 : 0) + (index % 7 === 4 ? 40 : 0),
      };
    });
    expect(describeWeekdays("sessions", days)).toBe(
      [
        "Average sessions by weekday, 2026-11-09 to 2026-11-22:",
        "• Fridays: 150",
        "• Mondays: 110",
        "• Tuesdays: 110",
        "• Wednesdays: 110",
        "• Thursdays: 110",
        "• Saturdays: 60",
        "• Sundays: 60",
        "Weekends average 60 (−49% against weekdays' 118).",
      ].join("\n"),
    );
    expect(describeWeekdays("keyEvents", [])).toBe("Google has no key events for that period yet.");
  });

  it("describes an unexplained day and offers the chart's draft annotation", () => {
    const answer = describeTrafficDay({
      date: "2026-11-12",
      metric: "sessions",
      value: 1480,
      weekEarlier: 1000,
      changeFromWeekEarlier: 0.48,
      unusual: spike,
      annotations: [],
      dismissed: false,
    });
    expect(answer.text).toBe(
      "Sessions on 2026-11-12: 1,480 (+48% against 1,000 the same weekday a week earlier). That is a spike: +48% against the 1,000 its weekly pattern predicts. No annotation is on that day.",
    );
    // Offered as a card with Annotate: the chart's draft title, on that day.
    expect(answer.offer).toEqual({
      headline: "Sessions +48% on 2026-11-12",
      title: "Spike in sessions",
      date: "2026-11-12",
    });
  });

  it("says plainly when a day has no data and no annotation, and offers nothing on an ordinary day", () => {
    const base = {
      date: "2026-11-12",
      metric: "activeUsers" as const,
      weekEarlier: null,
      changeFromWeekEarlier: null,
      unusual: null,
      annotations: [],
      dismissed: false,
    };
    expect(describeTrafficDay({ ...base, value: null })).toEqual({
      text: "Google has no active users for 2026-11-12 yet, and no annotation is on that day.",
      offer: null,
    });
    expect(describeTrafficDay({ ...base, value: 12 })).toEqual({
      text: "Active users on 2026-11-12: 12. Nothing unusual for its weekly pattern. No annotation is on that day.",
      offer: null,
    });
  });

  it("lists a period's unexplained changes, or says nothing is unexplained", () => {
    const drop: TrafficChange = { ...spike, date: "2026-11-03", change: -0.3, direction: "drop" };
    const period = { metric: "sessions" as const, startDate: "2026-10-26", endDate: "2026-11-22" };
    const answer = describeUnexplained({
      ...period,
      unexplained: [drop, spike],
      explainedCount: 1,
    });
    expect(answer.text).toBe(
      [
        "2 changes in sessions from 2026-10-26 to 2026-11-22 not explained by any annotation:",
        "• Sessions −30% on 2026-11-03 (1,480 against 1,000 expected)",
        "• Sessions +48% on 2026-11-12 (1,480 against 1,000 expected)",
        "1 unusual day is explained by annotations.",
      ].join("\n"),
    );
    expect(answer.offer).toMatchObject({ title: "Drop in sessions", date: "2026-11-03" });
    expect(describeUnexplained({ ...period, unexplained: [], explainedCount: 0 })).toEqual({
      text: "Nothing unexplained in sessions from 2026-10-26 to 2026-11-22.",
      offer: null,
    });
  });
});
