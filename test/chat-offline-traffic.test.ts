import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { control } from "../src/sandbox/testing/sandbox-test-kit.js";
import {
  noReportAccessMessage,
  reportQuotaMessage,
} from "../src/server/features/google-connection/google-error-messages.js";
import { noPropertyMessage } from "../src/server/features/chat/assistant-actions.js";
import { analyticsScopes } from "../src/server/integrations/google/google-oauth.js";
import { addDays, fromIsoDate, toIsoDate } from "../src/shared/calendar-date.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import type { SendChatResponse } from "../src/shared/contracts/chat.js";
import type { TrafficReport } from "../src/shared/contracts/traffic.js";
import {
  formatChange,
  formatShortDay,
  unexplainedChanges,
} from "../src/shared/traffic-explanations.js";
import {
  sameOrigin,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";

/**
 * Traffic questions on the offline engine (the default assistant, no language model): 'what
 * happened on Nov 12?' and 'anything unexplained …?' answered through /api/chat from the chart's
 * own analysis of the sandbox's seeded traffic, which plants an unexplained spike on every
 * property.
 */
let harness: AppHarness;
beforeAll(async () => {
  harness = await startAppHarness();
});
afterAll(async () => {
  await harness?.close();
});
beforeEach(async () => {
  await control(harness.sandbox.url, "POST", "/reset");
});

const count = new Intl.NumberFormat("en-US");
/** timeZone: where the person is (UTC unless a test seats them in their property's zone). */
type Person = TestPerson & { sessionId?: string; timeZone?: string };

async function say(who: Person, message: string, propertyId: string | null = who.propertyId) {
  const response = await harness.app.inject({
    method: "POST",
    url: "/api/chat",
    headers: { ...sameOrigin, cookie: who.jar.header() },
    payload: {
      message,
      ...(propertyId ? { propertyId } : {}),
      ...(who.sessionId ? { sessionId: who.sessionId } : {}),
      timeZone: who.timeZone ?? "UTC",
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  who.sessionId = response.json().sessionId;
  return response.json<SendChatResponse>();
}

/** The Annotate button: the preview the server issued with the offer, confirmed. */
async function annotate(who: Person, confirmationId: string): Promise<SendChatResponse> {
  const response = await harness.app.inject({
    method: "POST",
    url: `/api/chat/${who.sessionId}/confirmation`,
    headers: { ...sameOrigin, cookie: who.jar.header() },
    payload: { confirmationId, decision: "confirm" },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SendChatResponse>();
}

const get = (who: TestPerson, url: string) =>
  harness.app.inject({ method: "GET", url, headers: { cookie: who.jar.header() } });

/** The chat's today: it reads its day on the saved property's clock, UTC for test people. */
const chatToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "UTC" }).format(new Date());

/**
 * What the chart shows: the 28-day report (or the days asked for) and the property's annotations.
 * The chart ends on yesterday in the property's zone, as GA4 reports it; the chat reads its day
 * in the zone saved for the property, UTC for test people, so late in the UTC day the two may be a
 * day apart (`chatToday`).
 */
async function chart(who: Person, days?: { startDate: string; endDate: string }) {
  const range = days
    ? `range=custom&startDate=${days.startDate}&endDate=${days.endDate}`
    : "range=28d";
  const report = await get(who, `/api/traffic/${who.propertyId}?metric=sessions&${range}`);
  expect(report.statusCode, report.body).toBe(200);
  const listed = await get(who, `/api/annotations/${who.propertyId}`);
  const annotations = listed.json<{ reportingDataAnnotations: Annotation[] }>()
    .reportingDataAnnotations;
  const shown = report.json<TrafficReport>();
  who.timeZone = shown.timeZone;
  // The chat reads its day on the saved property's clock, UTC for test people: late in the UTC
  // day the chart's last day (in a zone ahead of UTC) is the chat's today, which has no figures
  // yet. Only the days before it are asked about.
  const todayForChat = chatToday();
  return {
    report: shown,
    annotations,
    unexplained: unexplainedChanges(shown.changes, annotations, shown.dismissedDates).filter(
      (change) => change.date < todayForChat,
    ),
  };
}

describe("traffic questions on the offline engine", () => {
  it("answers 'what happened on <day>?' as the chart does, offers to annotate it, and the offer creates it", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const { report, unexplained } = await chart(who);
    const spike = unexplained.find((change) => change.direction === "spike");
    if (!spike) throw new Error("the sandbox seeds an unexplained spike in the last 28 days");
    const value = report.days.find((day) => day.date === spike.date)!.value;

    const answer = await say(who, `what happened on ${spike.date}?`);

    expect(answer.reply).toContain(
      `Sessions on ${formatShortDay(spike.date)}: ${count.format(value)}`,
    );
    // The day is measured on the four weeks up to it (as the tool does), so its baseline may
    // differ slightly from the 28-day chart's; whether it is a spike does not.
    expect(answer.reply).toMatch(
      /That is a spike: \+\d+% against the [\d,]+ its weekly pattern predicts\./,
    );
    expect(answer.reply).toContain("No annotation is on that day.");
    const weekEarlier = report.days.find(
      (day) => Date.parse(spike.date) - Date.parse(day.date) === 7 * 86_400_000,
    );
    if (weekEarlier && weekEarlier.value > 0)
      expect(answer.reply).toContain(
        `${formatChange((value - weekEarlier.value) / weekEarlier.value)} against ${count.format(weekEarlier.value)} the same weekday a week earlier`,
      );
    // Offered as a card whose Annotate is the server's own preview: nothing in the message box.
    expect(answer.suggestedInput).toBeNull();
    expect(answer.card).toMatchObject({
      kind: "unexplained",
      draft: { title: "Spike in sessions", startDate: spike.date },
    });
    expect(answer.confirmation).toMatchObject({ kind: "create" });

    // Annotate explains the spike: the day now names it, the period drops it.
    const created = await annotate(who, answer.confirmation!.id);
    expect(created.reply).toContain("Created “Spike in sessions”");
    const again = await say(who, `why did traffic spike on ${spike.date}`);
    expect(again.reply).toContain(`Annotations that day: “Spike in sessions” (${spike.date})`);
    expect(again.confirmation).toBeNull();
  });

  it("accepting the offer with a title and a colour creates on the offered day, never today", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const { unexplained } = await chart(who);
    const spike = unexplained.find((change) => change.direction === "spike");
    if (!spike) throw new Error("the sandbox seeds an unexplained spike in the last 28 days");
    const answer = await say(who, `what happened on ${spike.date}?`);
    expect(answer.confirmation).toMatchObject({ kind: "create" });

    const accepted = await say(who, "yeah add it, call it Reddit thread went viral, cyan");
    expect(accepted.reply).toContain("Created “Reddit thread went viral”");
    const listed = await get(who, `/api/annotations/${who.propertyId}`);
    const made = listed
      .json<{ reportingDataAnnotations: Annotation[] }>()
      .reportingDataAnnotations.find((a) => a.title === "Reddit thread went viral");
    expect(made?.color).toBe("CYAN");
    expect(made && toIsoDate(made.annotationDate)).toBe(spike.date);
  });

  it("withdraws the offer on Edit (the dialog takes over) and writes nothing", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const { unexplained, annotations } = await chart(who);
    const change = unexplained[0];
    if (!change) throw new Error("the sandbox seeds an unexplained change in the last 28 days");
    const answer = await say(who, `what happened on ${change.date}?`);
    const response = await harness.app.inject({
      method: "POST",
      url: `/api/chat/${who.sessionId}/confirmation`,
      headers: { ...sameOrigin, cookie: who.jar.header() },
      payload: { confirmationId: answer.confirmation!.id, decision: "edit" },
    });
    expect(response.statusCode, response.body).toBe(200);
    const edited = response.json<SendChatResponse>();
    expect(edited.reply).toMatch(/^I've opened “.+” in the form, so nothing is written/);
    expect(edited.confirmation).toBeNull();
    expect((await chart(who)).annotations).toHaveLength(annotations.length);
  });

  it("answers 'anything unexplained …?' with the days the chart shows hollow, and 'Nothing unexplained' once they are annotated", async () => {
    const who: Person = await setUpPerson(harness, "freemium");
    // The chart's four weeks, up to the chat's yesterday: late in the UTC day the chart's last
    // day (in a zone ahead of UTC) is the chat's today, which it leaves out. Each day is judged
    // against the same weekday in the weeks either side of it among the days read, so without
    // that last day the days a week, two, three and four before it have another baseline (and
    // a borderline day may tip either way): the chart to compare with is the one over exactly
    // the days the chat is asked about. Its yesterday only moves on, so it reads all of them.
    const { report: fourWeeks } = await chart(who);
    const yesterday = toIsoDate(addDays(fromIsoDate(chatToday()), -1));
    const { report, unexplained } = await chart(who, {
      startDate: fourWeeks.startDate,
      endDate: fourWeeks.endDate < yesterday ? fourWeeks.endDate : yesterday,
    });
    expect(unexplained.length).toBeGreaterThan(0);
    const period = `from ${report.startDate} to ${report.endDate}`;

    const answer = await say(who, `anything unexplained ${period}?`);
    for (const change of unexplained)
      expect(answer.reply).toContain(
        `Sessions ${formatChange(change.change)} on ${formatShortDay(change.date)}`,
      );
    const flagged = answer.reply.split("\n").filter((line) => line.startsWith("• "));
    expect(flagged).toHaveLength(unexplained.length);
    expect(answer.card).toMatchObject({ kind: "unexplained" });
    expect(answer.confirmation?.draft?.title).toMatch(/^(?:Spike|Drop) in sessions$/);

    for (const change of unexplained) {
      const created = await harness.app.inject({
        method: "POST",
        url: `/api/annotations/${who.propertyId}`,
        headers: { ...sameOrigin, cookie: who.jar.header() },
        payload: {
          title: "Explained",
          annotationDate: {
            year: Number(change.date.slice(0, 4)),
            month: Number(change.date.slice(5, 7)),
            day: Number(change.date.slice(8, 10)),
          },
        },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const after = await say(who, `any unexplained spikes ${period}`);
    expect(after.reply).toMatch(/^Nothing unexplained in sessions from /);
    expect(after.confirmation).toBeNull();
  });

  it("never reads days without data as drops: a period of only today and later is refused plainly", async () => {
    const who: Person = await setUpPerson(harness, "freemium");
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const answer = await say(who, `anything unexplained from ${day(0)} to ${day(6)}?`);
    expect(answer.reply).toMatch(/^That period has no complete day yet/);
    expect(answer.suggestedInput).toBeNull();
  });

  it("says which periods it reads instead of answering about another one", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    for (const [message, words] of [
      ["anything unexplained next month?", "next month"],
      ["any unexplained drops over the summer?", "over the summer"],
      ["show annotations from next month", "next month"],
      ["what happened next week?", "next week"],
    ] as const) {
      const answer = await say(who, message);
      expect(answer.reply).toMatch(
        new RegExp(`^I can't tell which days “${words}” means, so I haven't answered`),
      );
      expect(answer.reply).toContain("the last N days, weeks or months");
      // Neither the 28-day default's figures nor an annotation list.
      expect(answer.reply).not.toMatch(/Sessions|unexplained:|No annotations|•/);
    }
  });

  it("does not delete by a period it cannot read", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    await say(who, 'create "Keep me" yesterday in red');
    const answer = await say(who, "delete all the red ones from this semester");
    expect(answer.reply).toMatch(/^I can't tell which days “this semester” means/);
    expect((await say(who, "list my annotations")).reply).toContain("Keep me");
  });

  it("reads a fortnight, a quarter and last weekend as the days they name", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    await say(who, 'create "Recent one" yesterday');
    await say(who, 'create "Old one" on 2025-01-10');
    const fortnight = await say(who, "show annotations from the last fortnight");
    expect(fortnight.reply).toContain("Recent one");
    expect(fortnight.reply).not.toContain("Old one");
    const quarter = await say(who, "anything annotated in Q1 2025?");
    expect(quarter.reply).toContain("Old one");
    expect(quarter.reply).not.toContain("Recent one");
  });

  it("answers the weekly pattern with each weekday's average from the chart's daily figures", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    await chart(who);
    const answer = await say(who, "which day of the week usually gets the most visitors?");
    const lines = answer.reply.split("\n");
    expect(lines[0]).toMatch(
      /^Average active users by weekday, \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}:$/,
    );
    const weekdays = lines.filter((line) => line.startsWith("• "));
    expect(weekdays).toHaveLength(7);
    const averages = weekdays.map((line) => Number(line.split(": ")[1]!.replace(/,/g, "")));
    expect(averages).toEqual([...averages].sort((a, b) => b - a));
    expect(lines.at(-1)).toMatch(
      /^Weekends average [\d,]+ \([+−]\d+% against weekdays' [\d,]+\)\.$/,
    );
    expect(answer.confirmation).toBeNull();
  });

  it("asks the last traffic question again with one piece changed ('and the day before?', 'what about users?')", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const { report } = await chart(who);
    const [before, day] = report.days.slice(-3, -1).map((entry) => entry.date);
    const first = await say(who, `how many sessions on ${day}?`);
    expect(first.reply).toContain(`Sessions on ${formatShortDay(day!)}:`);

    const again = await say(who, "and the day before?");
    expect(again.reply).toContain(`Sessions on ${formatShortDay(before!)}:`);
    const users = await say(who, "what about users?");
    expect(users.reply).toContain(`Active users on ${formatShortDay(before!)}:`);
    // Kept for one turn after each answer: a message of its own is read as itself.
    const thanks = await say(who, "thanks");
    expect(thanks.reply).not.toContain("Active users");
  });

  it("keeps a traffic question's kind through 'what about <day>' and 'key events too for that week?'", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const { report } = await chart(who);
    const [start, day, end] = [report.days.at(-9)!, report.days.at(-6)!, report.days.at(-3)!].map(
      (entry) => entry.date,
    );
    await say(who, `how was traffic from ${start} to ${end}?`);
    const oneDay = await say(who, `what about ${day}`);
    expect(oneDay.reply).toContain(`Sessions on ${formatShortDay(day!)}:`);
    await say(who, `how was traffic from ${start} to ${end}?`);
    const keyEvents = await say(who, "key events too for that week?");
    expect(keyEvents.reply).toMatch(/key events/i);
    expect(keyEvents.reply).toContain(formatShortDay(start!));
  });

  it("reads a period named after an annotation ('after the pricing relaunch') from the annotation's day", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const { report } = await chart(who);
    const start = report.days.at(-10)!.date;
    // A period asked about ends yesterday on the property's clock as Tidemark saved it, which
    // the chat reads its day in (UTC for test people, `setUpPerson`), and never after the last
    // day GA4 has figures for, the chart's last day in the zone the sandbox seeded: early in the
    // UTC day a zone behind it is still a day back, late in it a zone ahead has moved on.
    const yesterday = toIsoDate(addDays(fromIsoDate(chatToday()), -1));
    const lastReported = report.days.at(-1)!.date;
    const end = lastReported < yesterday ? lastReported : yesterday;
    await say(who, `add "Pricing relaunch" on ${start}`);
    const answer = await say(who, "did sessions recover after the pricing relaunch?");
    expect(answer.reply).toContain(
      `sessions from ${formatShortDay(start)} to ${formatShortDay(end)}`,
    );
  });

  it("says today's figures are incomplete instead of reporting today as a drop", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const answer = await say(who, "what happened today?");
    expect(answer.reply).toMatch(/^Today isn't over yet, so its figures are incomplete/);
    expect(answer.reply).not.toMatch(/%|lower|drop(?!\.)/i);
    expect(answer.suggestedInput).toBeNull();
  });

  it("keeps annotation questions and creates as they were", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const listed = await say(who, "what annotations are on Nov 12");
    expect(listed.reply).not.toContain("Sessions");
    const created = await say(who, 'create "Launch" on Nov 12');
    expect(created.reply).toContain("Created “Launch”");
  });

  it("gives the chart's messages without a property, without Data API access and over quota", async () => {
    const who: Person = await setUpPerson(harness, "freemium");
    expect((await say(who, "anything unexplained last month?", null)).reply).toBe(
      noPropertyMessage,
    );

    await control(harness.sandbox.url, "POST", "/faults", {
      method: "analyticsdata.properties.runReport",
      kind: "resource-exhausted",
    });
    expect((await say(who, "what happened yesterday?")).reply).toBe(reportQuotaMessage);
    await control(harness.sandbox.url, "DELETE", "/faults");

    const unticked: Person = await setUpPerson(harness, "freemium", {
      untick: [analyticsScopes.readonly],
    });
    expect((await say(unticked, "anything unexplained last month?")).reply).toBe(
      noReportAccessMessage,
    );
  });
});

describe("a traffic question over an annotation's days", () => {
  async function annotate(who: Person, title: string, start: string, end: string) {
    const created = await harness.app.inject({
      method: "POST",
      url: `/api/annotations/${who.propertyId}`,
      headers: { ...sameOrigin, cookie: who.jar.header() },
      payload: {
        title,
        annotationDateRange: { startDate: fromIsoDate(start), endDate: fromIsoDate(end) },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
  }

  it("answers 'how did traffic look during the pinterest one' as the question about its days", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const { report } = await chart(who);
    const start = report.startDate;
    const end = toIsoDate(addDays(fromIsoDate(report.endDate), -1));
    await annotate(who, "Pinterest catalog ads", start, end);
    const during = await say(who, "how did traffic look during the pinterest one");
    const days = await say(who, `anything unexplained from ${start} to ${end}?`);
    expect(during.reply).toBe(days.reply);
  });

  it("says so when the words name no annotation, or several", async () => {
    const who: Person = await setUpPerson(harness, "premium");
    const { report } = await chart(who);
    const end = toIsoDate(addDays(fromIsoDate(report.endDate), -1));
    expect((await say(who, "how did traffic look during the radio spots?")).reply).toMatch(
      /^I couldn't find an annotation/,
    );
    await annotate(who, "Radio spots north", report.startDate, end);
    await annotate(who, "Radio spots south", report.startDate, end);
    expect((await say(who, "how did traffic look during the radio spots?")).reply).toMatch(
      /^More than one annotation/,
    );
  });
});
