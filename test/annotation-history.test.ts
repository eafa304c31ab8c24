import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { control } from "../src/sandbox/testing/sandbox-test-kit.js";
import { buildApp } from "../src/server/app.js";
import { annotationEvents, users } from "../src/server/db/schema/index.js";
import { sandboxGoogleEndpoints } from "../src/server/integrations/google/google-endpoints.js";
import { createOfflineReviewer } from "../src/server/features/audits/offline-reviewer.js";
import type {
  AnnotationChange,
  AnnotationHistoryResponse,
  UndoChangeResponse,
} from "../src/shared/contracts/annotation-history.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import type { AuditDetailResponse, AuditSuggestion } from "../src/shared/contracts/audits.js";
import { calendarDateOf, toIsoDate, type CalendarDate } from "../src/shared/calendar-date.js";
import { premiumFeatureMessages } from "../src/shared/plans.js";
import {
  appClient,
  appUrl,
  requestAs,
  sameOrigin,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";
import { auditFixtures } from "./fixtures/audit-annotations.js";
import { googleSide } from "./google-side.js";
import { testConfig } from "./test-config.js";

/**
 * Annotation history and undo (decision 0039), through the HTTP API on the sandbox: what each
 * path records, each kind of undo as Google then holds it, refusals, exactly-once, a restart.
 */
const auditor = "history.auditor@example.com";
let harness: AppHarness;
/** The app's clock; a test moves it past the free plan's undo window. */
let clock = new Date();

beforeAll(async () => {
  harness = await startAppHarness({
    config: { auditBetaEmails: [auditor] },
    deps: {
      now: () => clock,
      auditReviewer: createOfflineReviewer({ batchSize: 20 }),
      auditSleep: async () => {},
    },
  });
});
afterAll(async () => {
  await harness?.close();
});
beforeEach(async () => {
  clock = new Date();
  await control(harness.sandbox.url, "POST", "/reset");
});

type Who = TestPerson;
const premium = () => setUpPerson(harness, "premium");
const send = (who: Who, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, body?: unknown) =>
  requestAs(harness, who.jar, method, url, body);

const yesterday = (): CalendarDate => calendarDateOf(new Date(clock.getTime() - 86_400_000));
const daysAgo = (days: number): CalendarDate =>
  calendarDateOf(new Date(clock.getTime() - days * 86_400_000));

async function create(who: Who, body: Record<string, unknown>) {
  const response = await send(who, "POST", `/api/annotations/${who.propertyId}`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Annotation & { changeId: string };
}
async function edit(who: Who, id: string, body: Record<string, unknown>) {
  const response = await send(who, "PATCH", `/api/annotations/${who.propertyId}/${id}`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Annotation & { changeId: string };
}
async function remove(who: Who, id: string) {
  const response = await send(who, "DELETE", `/api/annotations/${who.propertyId}/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { deleted: true; changeId: string };
}
const undo = (who: Who, changeId: string, body: Record<string, unknown> = {}) =>
  send(who, "POST", `/api/annotations/${who.propertyId}/changes/${changeId}/undo`, body);
async function history(who: Who, id: string): Promise<AnnotationChange[]> {
  const response = await send(who, "GET", `/api/annotations/${who.propertyId}/${id}/history`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as AnnotationHistoryResponse).changes;
}

/** What the sandbox's GA4 itself holds for the property, read past Tidemark. */
async function inGoogle(who: Who): Promise<Map<string, Record<string, unknown>>> {
  const google = await googleSide(harness.sandbox.url, {
    email: who.email,
    propertyId: who.propertyId,
    clientId: appClient.clientId,
  });
  const found = await google.list();
  return new Map(found.map((annotation) => [idOf(annotation.name), annotation]));
}
const idOf = (name: string) => name.slice(name.lastIndexOf("/") + 1);
const googleCalls = async (method: string) =>
  (await control<{ counters: Record<string, number> }>(harness.sandbox.url, "GET", "/counters"))
    .counters[`analyticsadmin.properties.reportingDataAnnotations.${method}`] ?? 0;

describe("the history of an annotation", () => {
  it("records each table change with where, when, and the fields before and after", async () => {
    const who = await premium();
    const made = await create(who, {
      title: "Spring sale",
      description: "Ten per cent off",
      color: "GREEN",
      annotationDate: yesterday(),
    });
    const edited = await edit(who, made.annotationId, { title: "Spring sale (extended)" });
    expect(edited.changeId).not.toBe(made.changeId);

    const changes = await history(who, made.annotationId);
    expect(changes.map((change) => [change.kind, change.source])).toEqual([
      ["updated", "tidemark"],
      ["created", "tidemark"],
    ]);
    const [update, creation] = changes;
    expect(creation!.before).toBeNull();
    expect(creation!.after).toMatchObject({ title: "Spring sale", color: "GREEN" });
    expect(update!.before).toMatchObject({ title: "Spring sale", description: "Ten per cent off" });
    expect(update!.after).toMatchObject({
      title: "Spring sale (extended)",
      description: "Ten per cent off",
    });
    expect(update!.changeId).toBe(edited.changeId);
    expect(Date.parse(update!.at)).toBeGreaterThanOrEqual(Date.parse(creation!.at));
  });

  it("records the assistant's changes as the assistant's", async () => {
    const who = await premium();
    const reply = await send(who, "POST", "/api/chat", {
      message: "add an annotation called Newsletter sent yesterday",
      propertyId: who.propertyId,
      timeZone: "UTC",
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const [created] = await harness.database.db
      .select()
      .from(annotationEvents)
      .innerJoin(users, eq(users.id, annotationEvents.userId))
      .where(eq(users.email, who.email));
    expect(created!.annotation_events).toMatchObject({ eventType: "created", source: "assistant" });
    expect(created!.annotation_events.after).toMatchObject({ title: "Newsletter sent" });
  });

  it("records an audit's applied suggestion as the audit's", async () => {
    const who = await setUpPerson(harness, "premium", { email: auditor });
    const google = await googleSide(harness.sandbox.url, {
      email: who.email,
      propertyId: who.propertyId,
      clientId: appClient.clientId,
    });
    const ids: string[] = [];
    for (const fixture of auditFixtures.slice(0, 4)) ids.push(await google.create(fixture));
    const session = await send(who, "POST", "/api/audits", {
      propertyId: who.propertyId,
      startDate: "2015-01-01",
      endDate: "2015-12-31",
    });
    expect(session.statusCode, session.body).toBe(201);
    const auditId = session.json().session.id as string;
    expect((await send(who, "POST", `/api/audits/${auditId}/start`)).statusCode).toBe(202);
    let detail: AuditDetailResponse;
    for (let polls = 0; ; polls++) {
      detail = (await send(who, "GET", `/api/audits/${auditId}`)).json();
      if (detail.session.status === "completed") break;
      expect(polls, "the audit did not finish").toBeLessThan(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const suggestion = detail.suggestions.find(
      (candidate) => candidate.suggestedTitle !== null,
    ) as AuditSuggestion;
    await send(who, "PATCH", `/api/audits/${auditId}/suggestions/${suggestion.id}`, {
      status: "accepted",
    });
    expect((await send(who, "POST", `/api/audits/${auditId}/apply`)).statusCode).toBe(200);

    const [change] = await history(who, suggestion.annotationId);
    expect(change).toMatchObject({ kind: "updated", source: "audit" });
    expect(change!.before!.title).toBe(suggestion.originalTitle);
    expect(change!.after!.title).toBe(suggestion.suggestedTitle);
  });

  it("shows only the person's own changes, and refuses a property they have not saved", async () => {
    const who = await premium();
    const other = await premium();
    const made = await create(who, { title: "Mine", annotationDate: yesterday() });
    const theirs = await send(
      other,
      "GET",
      `/api/annotations/${other.propertyId}/${made.annotationId}/history`,
    );
    expect(theirs.json()).toEqual({ changes: [], categoryNames: {} });
    const stranger = await send(
      other,
      "GET",
      `/api/annotations/999999999/${made.annotationId}/history`,
    );
    expect(stranger.statusCode).toBe(403);
  });
});

describe("undoing a change", () => {
  it("puts an edit's fields back, in Google", async () => {
    const who = await premium();
    const made = await create(who, {
      title: "Launch",
      description: "v2 ships",
      color: "BLUE",
      annotationDateRange: { startDate: daysAgo(5), endDate: daysAgo(3) },
    });
    const edited = await edit(who, made.annotationId, {
      title: "Launch (moved)",
      description: "",
      color: "RED",
      annotationDate: daysAgo(1),
    });

    const response = await undo(who, edited.changeId);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as UndoChangeResponse;
    expect(answer.change).toMatchObject({ kind: "updated", undoes: edited.changeId });
    expect(answer.annotation).toMatchObject({ title: "Launch", color: "BLUE" });

    const held = (await inGoogle(who)).get(made.annotationId)!;
    expect(held).toMatchObject({
      title: "Launch",
      description: "v2 ships",
      color: "BLUE",
      annotationDateRange: { startDate: daysAgo(5), endDate: daysAgo(3) },
    });
    expect(held.annotationDate).toBeUndefined();
    const [latest, undone] = await history(who, made.annotationId);
    expect(latest!.changeId).toBe(answer.change.changeId);
    expect(undone!.undoneBy).toBe(answer.change.changeId);
  });

  it("deletes a create only when the caller confirms, and it counts nothing back", async () => {
    const who = await premium();
    const made = await create(who, { title: "Typo'd", annotationDate: yesterday() });
    const unconfirmed = await undo(who, made.changeId);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().code).toBe("confirmation_required");
    expect(unconfirmed.json().error).toContain("Typo'd");
    expect((await inGoogle(who)).has(made.annotationId)).toBe(true);

    const confirmed = await undo(who, made.changeId, { confirm: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      change: { kind: "deleted", undoes: made.changeId },
      annotation: null,
    });
    expect((await inGoogle(who)).has(made.annotationId)).toBe(false);
  });

  it("makes a deleted annotation again with its fields and category, off the day's quota", async () => {
    const who = await premium();
    const category = await send(who, "POST", "/api/categories", {
      name: "Campaigns",
      color: "PURPLE",
    });
    expect(category.statusCode, category.body).toBe(201);
    const categoryId = category.json().id as string;
    const made = await create(who, {
      title: "Black Friday",
      description: "Site-wide",
      color: "PURPLE",
      annotationDateRange: { startDate: daysAgo(6), endDate: daysAgo(2) },
      categoryId,
    });
    const deleted = await remove(who, made.annotationId);
    const before = (await send(who, "GET", "/api/auth/user")).json().dailyAnnotationCount;

    const response = await undo(who, deleted.changeId);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as UndoChangeResponse;
    const restored = answer.annotation!;
    expect(restored).toMatchObject({
      title: "Black Friday",
      description: "Site-wide",
      color: "PURPLE",
      annotationDateRange: { startDate: daysAgo(6), endDate: daysAgo(2) },
      categoryId,
    });
    expect(restored.annotationId).not.toBe(made.annotationId);
    expect((await inGoogle(who)).get(restored.annotationId)).toMatchObject({
      title: "Black Friday",
      description: "Site-wide",
    });
    // An undo gives back what the person had: no slot of the day's quota (decision 0060).
    expect((await send(who, "GET", "/api/auth/user")).json().dailyAnnotationCount).toBe(before);
    // The restored annotation's history goes on from the deleted one's.
    expect((await history(who, restored.annotationId)).map((change) => change.kind)).toEqual([
      "created",
      "deleted",
      "created",
    ]);
  });

  it("restores a deletion with the source and date added it had, and the list shows them", async () => {
    const who = await premium();
    // Made in Google Analytics itself: Tidemark shows it as Google's, with no date added.
    const google = await googleSide(harness.sandbox.url, {
      email: who.email,
      propertyId: who.propertyId,
      clientId: appClient.clientId,
    });
    const fromGoogle = await google.create({
      title: "Made in GA4",
      color: "BLUE",
      date: toIsoDate(yesterday()),
    });
    const reply = await send(who, "POST", "/api/chat", {
      message: "add an annotation called Newsletter sent yesterday",
      propertyId: who.propertyId,
      timeZone: "UTC",
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const listed = async () =>
      (
        (await send(who, "GET", `/api/annotations/${who.propertyId}`)).json() as {
          reportingDataAnnotations: Annotation[];
        }
      ).reportingDataAnnotations;
    const fromAssistant = (await listed()).find((a) => a.title === "Newsletter sent")!;
    expect(fromAssistant).toMatchObject({ source: "assistant" });
    expect(fromAssistant.dateAdded).not.toBeNull();

    for (const [id, title] of [
      [fromGoogle, "Made in GA4"],
      [fromAssistant.annotationId, "Newsletter sent"],
    ] as const) {
      const deleted = await remove(who, id);
      const response = await undo(who, deleted.changeId);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().annotation.title).toBe(title);
    }
    const restored = await listed();
    expect(restored.find((a) => a.title === "Made in GA4")).toMatchObject({
      source: "google",
      dateAdded: null,
    });
    expect(restored.find((a) => a.title === "Newsletter sent")).toMatchObject({
      source: "assistant",
      dateAdded: fromAssistant.dateAdded,
    });
    // The history answers a deletion's fields only, not what Tidemark kept beside them.
    const [, deletion] = await history(
      who,
      restored.find((a) => a.title === "Made in GA4")!.annotationId,
    );
    expect(deletion!.kind).toBe("deleted");
    expect(Object.keys(deletion!.before!)).not.toContain("record");
    expect((await send(who, "GET", "/api/auth/user")).json().dailyAnnotationCount).toBe(1);
  });

  it("restores a deletion on a day whose quota is spent, once, and never makes a free create otherwise", async () => {
    const who = await premium();
    const made = await create(who, { title: "Last one", annotationDate: yesterday() });
    const deleted = await remove(who, made.annotationId);
    await harness.database.db
      .update(users)
      .set({ annotationQuota: 1 })
      .where(eq(users.email, who.email));
    // The quota is spent: a create is refused...
    const refused = await send(who, "POST", `/api/annotations/${who.propertyId}`, {
      title: "One more",
      annotationDate: yesterday(),
    });
    expect(refused.json().code).toBe("daily_limit");
    // ...the undo of the deletion is not, and takes no slot.
    const restored = await undo(who, deleted.changeId);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await send(who, "GET", "/api/auth/user")).json().dailyAnnotationCount).toBe(1);
    // Once: the same deletion is not restored again.
    expect((await undo(who, deleted.changeId)).json().code).toBe("already_undone");
    expect([...(await inGoogle(who)).values()].filter((a) => a.title === "Last one")).toHaveLength(
      1,
    );
  });

  it("refuses, writing nothing, when the annotation was changed in Google Analytics since", async () => {
    const who = await premium();
    const made = await create(who, { title: "Promo", color: "GREEN", annotationDate: yesterday() });
    const edited = await edit(who, made.annotationId, { color: "RED" });
    const google = await googleSide(harness.sandbox.url, {
      email: who.email,
      propertyId: who.propertyId,
      clientId: appClient.clientId,
    });
    await google.patch(made.annotationId, { title: "Promo (by a colleague)" });
    await control(harness.sandbox.url, "DELETE", "/counters");

    const response = await undo(who, edited.changeId);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("undo_conflict");
    expect(await googleCalls("patch")).toBe(0);
    expect((await inGoogle(who)).get(made.annotationId)).toMatchObject({
      title: "Promo (by a colleague)",
      color: "RED",
    });
  });

  it("undoes each change once: a retry with the same request id gets the same answer", async () => {
    const who = await premium();
    const made = await create(who, { title: "Once", annotationDate: yesterday() });
    const deleted = await remove(who, made.annotationId);
    await control(harness.sandbox.url, "DELETE", "/counters");
    const requestId = crypto.randomUUID();

    // A double click: one makes it again; the other, if it arrives while the first is at
    // Google, is told it is being undone.
    const clicks = await Promise.all([
      undo(who, deleted.changeId, { requestId }),
      undo(who, deleted.changeId, { requestId }),
    ]);
    const done = clicks.filter((answer) => answer.statusCode === 200);
    // On PostgreSQL the two truly run side by side: one may be told Google has not confirmed yet
    // or that the undo is in progress, and on a loaded machine so may the one whose create is
    // still at Google. Neither is ever a second undo; the retry below gives the one answer.
    for (const answer of clicks.filter((click) => click.statusCode !== 200))
      expect(["already_undone", "google_unconfirmed"], answer.body).toContain(answer.json().code);
    // The same request again (a retry after a lost answer) gets the same answer.
    const again = await undo(who, deleted.changeId, { requestId });
    expect(again.statusCode, again.body).toBe(200);
    for (const answer of done) {
      expect(again.json().change.changeId).toBe(answer.json().change.changeId);
      expect(again.json().annotation.annotationId).toBe(answer.json().annotation.annotationId);
    }
    const other = await undo(who, deleted.changeId);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe("already_undone");
    expect(await googleCalls("create")).toBe(1);
    expect([...(await inGoogle(who)).values()].filter((a) => a.title === "Once")).toHaveLength(1);
  });

  it("redoes when an undo is undone, and 'last' walks back through the person's changes", async () => {
    const who = await premium();
    const made = await create(who, { title: "First", annotationDate: yesterday() });
    await edit(who, made.annotationId, { title: "Second" });
    await edit(who, made.annotationId, { title: "Third" });

    const last = await undo(who, "last");
    expect(last.json().annotation.title).toBe("Second");
    const previous = await undo(who, "last");
    expect(previous.json().annotation.title).toBe("First");
    const redo = await undo(who, previous.json().change.changeId);
    expect(redo.statusCode, redo.body).toBe(200);
    expect(redo.json().annotation.title).toBe("Second");
    expect((await inGoogle(who)).get(made.annotationId)!.title).toBe("Second");
    // What is left is the create, whose annotation has changed since it was made: undoing it
    // would throw those changes away, so it is refused.
    expect((await undo(who, "last")).json().code).toBe("undo_conflict");
    expect((await inGoogle(who)).get(made.annotationId)!.title).toBe("Second");
  });

  it("says so when there is nothing to undo or the change is not theirs", async () => {
    const who = await premium();
    const other = await premium();
    const nothing = await undo(who, "last");
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json()).toMatchObject({ code: "change_not_found" });
    const made = await create(who, { title: "Mine", annotationDate: yesterday() });
    const theirs = await send(
      other,
      "POST",
      `/api/annotations/${other.propertyId}/changes/${made.changeId}/undo`,
      { confirm: true },
    );
    expect(theirs.statusCode).toBe(404);
    expect((await undo(who, "not-a-change")).statusCode).toBe(400);
    expect((await inGoogle(who)).has(made.annotationId)).toBe(true);
  });

  it("lets the free plan take back its own latest create for an hour, and nothing older (decision 0059)", async () => {
    const who = await setUpPerson(harness, "freemium");
    const first = await create(who, { title: "Oops", annotationDate: yesterday() });
    const second = await create(who, { title: "Oops again", annotationDate: yesterday() });
    // Deleting is Premium's; undoing your own create just after is not.
    const refused = await send(
      who,
      "DELETE",
      `/api/annotations/${who.propertyId}/${first.annotationId}`,
    );
    expect(refused.json().code).toBe("premium_required");
    // Not the latest change: taking it back would delete an annotation kept since.
    const older = await undo(who, first.changeId, { confirm: true });
    expect(older.statusCode).toBe(403);
    expect(older.json()).toMatchObject({
      code: "premium_required",
      error: premiumFeatureMessages.undoCreate,
    });
    expect((await inGoogle(who)).has(first.annotationId)).toBe(true);

    const undone = await undo(who, second.changeId, { confirm: true });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await inGoogle(who)).has(second.annotationId)).toBe(false);
    // With the second taken back, the first is the latest change again.
    const then = await undo(who, first.changeId, { confirm: true });
    expect(then.statusCode, then.body).toBe(200);
    expect((await inGoogle(who)).has(first.annotationId)).toBe(false);

    const third = await create(who, { title: "Oops thrice", annotationDate: yesterday() });
    clock = new Date(clock.getTime() + 61 * 60_000);
    const late = await undo(who, third.changeId, { confirm: true });
    expect(late.statusCode).toBe(403);
    expect(late.json().code).toBe("premium_required");
    expect((await inGoogle(who)).has(third.annotationId)).toBe(true);
  });

  it("undoes after a restart, from what the database holds", async () => {
    const who = await premium();
    const made = await create(who, { title: "Before restart", annotationDate: yesterday() });
    const edited = await edit(who, made.annotationId, { title: "Edited before restart" });

    const restarted = await buildApp({
      config: testConfig({ appUrl }),
      database: harness.database,
      google: sandboxGoogleEndpoints(harness.sandbox.url, appClient),
      mailer: { async sendSignInLink() {} },
      webRoot: null,
      googleRetryPolicy: { attempts: 4, baseDelayMs: 1, maxDelayMs: 2, sleep: async () => {} },
      now: () => clock,
    });
    try {
      const response = await restarted.inject({
        method: "POST",
        url: `/api/annotations/${who.propertyId}/changes/${edited.changeId}/undo`,
        headers: { ...sameOrigin, cookie: who.jar.header() },
        payload: {},
      });
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      await restarted.close();
    }
    expect((await inGoogle(who)).get(made.annotationId)!.title).toBe("Before restart");
  });
});

describe("undo in the assistant", () => {
  const say = async (who: Who, message: string, sessionId?: string) => {
    const response = await send(who, "POST", "/api/chat", {
      message,
      propertyId: who.propertyId,
      timeZone: "UTC",
      ...(sessionId ? { sessionId } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      reply: string;
      sessionId: string;
      confirmation: { id: string; summary: string; kind: string; undo?: true } | null;
    };
  };

  it("puts the last edit back on 'undo that', and proposes deleting a create with the usual confirmation", async () => {
    const who = await premium();
    const made = await create(who, { title: "Webinar", annotationDate: yesterday() });
    await edit(who, made.annotationId, { title: "Webinar (rescheduled)", color: "RED" });

    const first = await say(who, "undo that");
    expect(first.reply).toBe("Undone: “Webinar” is back as it was before your last change.");
    expect((await inGoogle(who)).get(made.annotationId)).toMatchObject({ title: "Webinar" });
    const [latest] = await history(who, made.annotationId);
    expect(latest).toMatchObject({ kind: "updated", source: "assistant" });

    // The last change left is the create: undoing it deletes, so it waits for Confirm.
    const second = await say(who, "actually undo the last one", first.sessionId);
    expect(second.confirmation).not.toBeNull();
    expect(second.reply).toContain("Webinar");
    expect((await inGoogle(who)).has(made.annotationId)).toBe(true);
  });

  it("lets the free plan take back the assistant's create: 'undo', then Confirm, deletes it (decision 0059)", async () => {
    const who = await setUpPerson(harness, "freemium");
    const made = await say(who, `add "Wrong one" on ${toIsoDate(yesterday())}`);
    expect(made.reply).toContain("Created “Wrong one”");
    const id = [...(await inGoogle(who)).entries()].find(
      ([, annotation]) => annotation.title === "Wrong one",
    )![0];

    const asked = await say(who, "undo", made.sessionId);
    // Asked as the change card's Undo asks it (src/shared/undo-words.ts), not as a deletion.
    const question = 'Undo the new annotation?\nUndoing removes "Wrong one" from Google Analytics.';
    expect(asked.reply).toBe(
      `${question}\nNothing is removed yet. Press Remove it or reply yes to remove it; Keep it keeps it.`,
    );
    expect(asked.confirmation).toMatchObject({ kind: "delete", undo: true, summary: question });
    expect((await inGoogle(who)).has(id)).toBe(true);
    const confirmed = await send(who, "POST", `/api/chat/${made.sessionId}/confirmation`, {
      confirmationId: asked.confirmation!.id,
      decision: "confirm",
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().reply).toBe('Undone: "Wrong one" has been removed from GA4.');
    expect((await inGoogle(who)).has(id)).toBe(false);
    const [latest] = await history(who, id);
    expect(latest).toMatchObject({
      kind: "deleted",
      source: "assistant",
      undoes: expect.any(String),
    });
  });

  it("says so when there is nothing to undo", async () => {
    const who = await premium();
    expect((await say(who, "undo")).reply).toBe("There is nothing to undo on this property.");
  });

  it("takes back only the kind of change named: 'the one you just deleted' after an edit undoes nothing", async () => {
    const who = await premium();
    const made = await create(who, { title: "Podcast ad", annotationDate: yesterday() });
    await edit(who, made.annotationId, { title: "Podcast ad (moved)" });

    const refused = await say(who, "bring back the one you just deleted");
    expect(refused.reply).toContain("was not a deletion");
    expect((await inGoogle(who)).get(made.annotationId)).toMatchObject({
      title: "Podcast ad (moved)",
    });

    const undone = await say(who, "undo the rename", refused.sessionId);
    expect(undone.reply).toBe("Undone: “Podcast ad” is back as it was before your last change.");
  });
});

describe("the history as personal data", () => {
  it("is in the account export, and goes with the account", async () => {
    const who = await premium();
    const made = await create(who, { title: "Exported", annotationDate: yesterday() });
    const edited = await edit(who, made.annotationId, { title: "Exported, edited" });
    await undo(who, edited.changeId);

    const exported = await harness.app.inject({
      method: "POST",
      url: "/api/account/export",
      headers: { ...sameOrigin, cookie: who.jar.header() },
    });
    expect(exported.statusCode).toBe(200);
    const changes = exported.json().annotationChanges as Record<string, unknown>[];
    expect(changes).toHaveLength(3);
    expect(changes[1]).toMatchObject({
      eventType: "updated",
      source: "tidemark",
      before: expect.objectContaining({ title: "Exported" }),
      after: expect.objectContaining({ title: "Exported, edited" }),
    });
    expect(changes[2]).toMatchObject({ undoesEventId: edited.changeId });

    const [user] = await harness.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, who.email));
    const deleted = await harness.app.inject({
      method: "POST",
      url: "/api/account/delete",
      headers: { ...sameOrigin, cookie: who.jar.header() },
      payload: { confirmEmail: who.email },
    });
    expect(deleted.statusCode).toBe(200);
    const left = await harness.database.db
      .select()
      .from(annotationEvents)
      .where(eq(annotationEvents.userId, user!.id));
    expect(left).toEqual([]);
  });
});
