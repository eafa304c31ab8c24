import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { control } from "../src/sandbox/testing/sandbox-test-kit.js";
import { annotationEvents } from "../src/server/db/schema/index.js";
import type { AnnotationChange } from "../src/shared/contracts/annotation-history.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import type {
  BulkAnnotationsResponse,
  BulkUndoResponse,
} from "../src/shared/contracts/bulk-annotations.js";
import { errorMessages } from "../src/shared/contracts/errors.js";
import { calendarDateOf, type CalendarDate } from "../src/shared/calendar-date.js";
import {
  appClient,
  requestAs,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";
import { googleSide } from "./google-side.js";

/**
 * Undo that can always be retried (decision 0066), judged by what the sandbox's GA4 holds: a
 * bulk undo that Google failed part of is undone by pressing Undo again — only the rows not
 * undone are sent, none twice — and an undo whose answer was lost is read back and reported
 * undone or not confirmed, never a plain failure.
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

const createMethod = "*reportingDataAnnotations.create";
const listMethod = "*reportingDataAnnotations.list";
const send = (who: TestPerson, method: "GET" | "POST" | "DELETE", url: string, body?: unknown) =>
  requestAs(harness, who.jar, method, url, body);
const fault = (rule: Record<string, unknown>) =>
  control(harness.sandbox.url, "POST", "/faults", rule);
const clearFaults = () => control(harness.sandbox.url, "DELETE", "/faults");
const yesterday = (): CalendarDate => calendarDateOf(new Date(Date.now() - 86_400_000));
const googleCalls = async (method: string) =>
  (await control<{ counters: Record<string, number> }>(harness.sandbox.url, "GET", "/counters"))
    .counters[`analyticsadmin.properties.reportingDataAnnotations.${method}`] ?? 0;

async function create(who: TestPerson, title: string) {
  const response = await send(who, "POST", `/api/annotations/${who.propertyId}`, {
    title,
    description: `About ${title}`,
    color: "GREEN",
    annotationDate: yesterday(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Annotation;
}

/** How many times each of these titles is in the sandbox's GA4, read past Tidemark. */
async function inGoogle(who: TestPerson, titles: string[]): Promise<Record<string, number>> {
  const google = await googleSide(harness.sandbox.url, {
    email: who.email,
    propertyId: who.propertyId,
    clientId: appClient.clientId,
  });
  const found = await google.list();
  return Object.fromEntries(
    titles.map((title) => [title, found.filter((annotation) => annotation.title === title).length]),
  );
}
const once = (titles: string[]) => Object.fromEntries(titles.map((title) => [title, 1]));

async function bulkDelete(who: TestPerson, titles: string[]) {
  const made = [];
  for (const title of titles) made.push(await create(who, title));
  const batchId = crypto.randomUUID();
  const response = await send(who, "POST", "/api/annotations/bulk", {
    requestId: batchId,
    action: "delete",
    items: made.map((annotation) => ({
      propertyId: who.propertyId,
      annotationId: annotation.annotationId,
    })),
  });
  expect(response.statusCode, response.body).toBe(200);
  const report = response.json() as BulkAnnotationsResponse;
  expect(report.changed).toBe(titles.length);
  expect(await inGoogle(who, titles)).toEqual(Object.fromEntries(titles.map((t) => [t, 0])));
  return { batchId, report };
}

async function undoBatch(who: TestPerson, batchId: string): Promise<BulkUndoResponse> {
  const response = await send(who, "POST", `/api/annotations/bulk/${batchId}/undo`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as BulkUndoResponse;
}
const statusByTitle = (answer: BulkUndoResponse) =>
  Object.fromEntries(answer.results.map((row) => [row.title, row.status]));

describe("a bulk undo Google failed part of", () => {
  it("is retried by Undo again: only the rows not undone, none twice, and GA4 ends right", async () => {
    const who = await setUpPerson(harness, "premium");
    const titles = [
      "Retry one",
      "Retry two",
      "Retry three",
      "Retry four",
      "Retry five",
      "Retry six",
    ];
    const { batchId, report } = await bulkDelete(who, titles);

    // Google makes the first four restores, then answers 503 to every create.
    await fault({ method: createMethod, kind: "unavailable", skip: 4 });
    const first = await undoBatch(who, batchId);
    expect(first).toMatchObject({ undone: 4, unconfirmed: 0, failed: 2 });
    const failed = first.results.filter((row) => row.status === "failed");
    expect(failed.map((row) => row.title)).toEqual(["Retry two", "Retry one"]);
    for (const row of failed) expect(row).toMatchObject({ code: "google_unavailable" });
    const held = await inGoogle(who, titles);
    expect(Object.values(held).reduce((sum, n) => sum + n, 0)).toBe(4);
    expect(held["Retry one"]).toBe(0);
    expect(held["Retry two"]).toBe(0);

    // Still failing: the second press is refused the same way for those rows, and never says
    // they were undone already.
    const refused = await undoBatch(who, batchId);
    expect(refused).toMatchObject({ undone: 4, unconfirmed: 0, failed: 2 });
    expect(statusByTitle(refused)).toMatchObject({ "Retry one": "failed", "Retry two": "failed" });

    // Google is back. One of the two, undone on its own (from its history), comes back.
    await clearFaults();
    const creates = await googleCalls("create");
    const deletionOfOne = report.results.find(
      (row) => row.annotationId === failed.find((f) => f.title === "Retry one")!.annotationId,
    )!;
    const single = await send(
      who,
      "POST",
      `/api/annotations/${who.propertyId}/changes/${
        (deletionOfOne as { changeId: string }).changeId
      }/undo`,
      {},
    );
    expect(single.statusCode, single.body).toBe(200);
    expect((single.json() as { change: AnnotationChange }).change.kind).toBe("created");

    // Undo again: the one row still deleted is sent, once; the others are answered from the record.
    const again = await undoBatch(who, batchId);
    expect(again).toMatchObject({ undone: 6, unconfirmed: 0, failed: 0 });
    expect((await googleCalls("create")) - creates).toBe(2);
    expect(await inGoogle(who, titles)).toEqual(once(titles));

    // Pressed once more, nothing is sent at all.
    const settled = await googleCalls("create");
    expect(await undoBatch(who, batchId)).toMatchObject({ undone: 6, failed: 0 });
    expect(await googleCalls("create")).toBe(settled);
    expect(await inGoogle(who, titles)).toEqual(once(titles));

    // Each deletion is marked undone by the restore Google holds, with its content.
    const listed = (
      (await send(who, "GET", `/api/annotations/${who.propertyId}`)).json() as {
        reportingDataAnnotations: Annotation[];
      }
    ).reportingDataAnnotations.filter((annotation) => titles.includes(annotation.title));
    expect(listed.map((annotation) => annotation.description).sort()).toEqual(
      titles.map((title) => `About ${title}`).sort(),
    );
    for (const annotation of listed) {
      const history = await send(
        who,
        "GET",
        `/api/annotations/${who.propertyId}/${annotation.annotationId}/history`,
      );
      const changes = (history.json() as { changes: AnnotationChange[] }).changes;
      expect(changes.map((change) => [change.kind, change.undoneBy !== null])).toEqual([
        ["created", false],
        ["deleted", true],
        ["created", false],
      ]);
    }
  });

  it("puts an edit back when the undo's answers were lost, read back from Google", async () => {
    const who = await setUpPerson(harness, "premium");
    const titles = ["Recolour one", "Recolour two"];
    const made = [];
    for (const title of titles) made.push(await create(who, title));
    const batchId = crypto.randomUUID();
    const recolour = await send(who, "POST", "/api/annotations/bulk", {
      requestId: batchId,
      action: "recolor",
      color: "RED",
      items: made.map((a) => ({ propertyId: who.propertyId, annotationId: a.annotationId })),
    });
    expect((recolour.json() as BulkAnnotationsResponse).changed).toBe(2);

    // Every PATCH of the undo takes effect and its answer is lost.
    await fault({ method: "*reportingDataAnnotations.patch", kind: "commit-then-drop" });
    const undone = await undoBatch(who, batchId);
    expect(undone).toMatchObject({ undone: 2, unconfirmed: 0, failed: 0 });
    await clearFaults();
    const google = await googleSide(harness.sandbox.url, {
      email: who.email,
      propertyId: who.propertyId,
      clientId: appClient.clientId,
    });
    const colours = (await google.list())
      .filter((annotation) => titles.includes(annotation.title))
      .map((annotation) => annotation.color);
    expect(colours).toEqual(["GREEN", "GREEN"]);
  });
});

describe("an undo whose answer was lost", () => {
  it("reports a restore it could not read back as not confirmed, then undone once it finds it", async () => {
    const who = await setUpPerson(harness, "premium");
    const titles = ["Lost restore", "Found restore"];
    const { batchId } = await bulkDelete(who, titles);

    // Newest first: "Found restore" is undone first, its answer lost and found in the list;
    // then "Lost restore" lands in Google but its answer is lost and every read-back fails.
    await fault({ method: createMethod, kind: "commit-then-drop", times: 2 });
    await fault({ method: listMethod, kind: "unavailable", skip: 1, times: 5 });
    const first = await undoBatch(who, batchId);
    expect(statusByTitle(first)).toEqual({
      "Found restore": "undone",
      "Lost restore": "unconfirmed",
    });
    expect(first).toMatchObject({ undone: 1, unconfirmed: 1, failed: 0 });
    expect(first.results.find((row) => row.title === "Lost restore")).toMatchObject({
      code: "google_unconfirmed",
      error: errorMessages.createUnconfirmed,
    });
    expect(await inGoogle(who, titles)).toEqual(once(titles));

    // Undo again reads it back: undone, and nothing is sent again.
    await clearFaults();
    const creates = await googleCalls("create");
    const again = await undoBatch(who, batchId);
    expect(again).toMatchObject({ undone: 2, unconfirmed: 0, failed: 0 });
    expect(await googleCalls("create")).toBe(creates);
    expect(await inGoogle(who, titles)).toEqual(once(titles));
  });

  it("marks a deletion undone when a listing finds its lost restore, with the undo's own answer", async () => {
    const who = await setUpPerson(harness, "premium");
    const made = await create(who, "Listed restore");
    const removed = await send(who, "POST", "/api/annotations/bulk", {
      requestId: crypto.randomUUID(),
      action: "delete",
      items: [{ propertyId: who.propertyId, annotationId: made.annotationId }],
    });
    const deletion = (removed.json() as BulkAnnotationsResponse).results[0] as {
      changeId: string;
    };
    await fault({ method: createMethod, kind: "commit-then-drop", times: 1 });
    await fault({ method: listMethod, kind: "unavailable", times: 5 });
    const requestId = crypto.randomUUID();
    const undo = () =>
      send(who, "POST", `/api/annotations/${who.propertyId}/changes/${deletion.changeId}/undo`, {
        requestId,
      });
    const lost = await undo();
    expect(lost.statusCode).toBe(504);
    expect(lost.json()).toEqual({
      code: "google_unconfirmed",
      error: errorMessages.createUnconfirmed,
    });
    await clearFaults();

    // The table's next listing finds it: the deletion is undone from then on.
    const listed = (
      (await send(who, "GET", `/api/annotations/${who.propertyId}`)).json() as {
        reportingDataAnnotations: Annotation[];
      }
    ).reportingDataAnnotations.find((annotation) => annotation.title === "Listed restore")!;
    const history = (
      (
        await send(who, "GET", `/api/annotations/${who.propertyId}/${listed.annotationId}/history`)
      ).json() as { changes: AnnotationChange[] }
    ).changes;
    expect(history[0]).toMatchObject({ kind: "created", undoes: deletion.changeId });

    // The same undo asked again gets its answer; nothing is sent again.
    const creates = await googleCalls("create");
    const again = await undo();
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as { annotation: Annotation }).annotation.annotationId).toBe(
      listed.annotationId,
    );
    expect(await googleCalls("create")).toBe(creates);
    expect(await inGoogle(who, ["Listed restore"])).toEqual(once(["Listed restore"]));
  });
});

describe("a deletion whose outcome Google never told", () => {
  it("keeps what the annotation held: the next listing records it, and it can be undone", async () => {
    const who = await setUpPerson(harness, "premium");
    const made = await create(who, "Deleted unheard");
    const batchId = crypto.randomUUID();
    // The first DELETE takes effect and its answer is lost; the retries are refused, and every
    // read-back fails: Tidemark cannot tell whether it is gone.
    await fault({ method: "*reportingDataAnnotations.delete", kind: "commit-then-drop", times: 1 });
    await fault({ method: "*reportingDataAnnotations.delete", kind: "unavailable", times: 3 });
    await fault({
      method: "*reportingDataAnnotations.get",
      kind: "unavailable",
      skip: 1,
      times: 4,
    });
    const response = await send(who, "POST", "/api/annotations/bulk", {
      requestId: batchId,
      action: "delete",
      items: [{ propertyId: who.propertyId, annotationId: made.annotationId }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as BulkAnnotationsResponse).results[0]).toMatchObject({
      status: "failed",
      code: "google_unconfirmed",
      error: errorMessages.deleteUnverified,
    });
    await clearFaults();
    expect(await inGoogle(who, ["Deleted unheard"])).toEqual({ "Deleted unheard": 0 });

    // Not a change yet: the batch has nothing to undo until Google's state is known.
    const early = await send(who, "POST", `/api/annotations/bulk/${batchId}/undo`);
    expect(early.statusCode).toBe(404);

    // The table's next listing does not show it: the deletion is recorded, with its content.
    expect((await send(who, "GET", `/api/annotations/${who.propertyId}`)).statusCode).toBe(200);
    const undone = await undoBatch(who, batchId);
    expect(undone).toMatchObject({ undone: 1, failed: 0 });
    expect(await inGoogle(who, ["Deleted unheard"])).toEqual(once(["Deleted unheard"]));
    const restored = (
      (await send(who, "GET", `/api/annotations/${who.propertyId}`)).json() as {
        reportingDataAnnotations: Annotation[];
      }
    ).reportingDataAnnotations.find((annotation) => annotation.title === "Deleted unheard")!;
    expect(restored).toMatchObject({ description: "About Deleted unheard", color: "GREEN" });
  });

  it("settles an undone create whose DELETE went unheard when the undo is pressed again", async () => {
    const who = await setUpPerson(harness, "premium");
    const made = (await create(who, "Taken back unheard")) as Annotation & { changeId: string };
    const undo = (requestId: string) =>
      send(who, "POST", `/api/annotations/${who.propertyId}/changes/${made.changeId}/undo`, {
        requestId,
        confirm: true,
      });
    await fault({ method: "*reportingDataAnnotations.delete", kind: "commit-then-drop", times: 1 });
    await fault({ method: "*reportingDataAnnotations.delete", kind: "unavailable", times: 3 });
    await fault({
      method: "*reportingDataAnnotations.get",
      kind: "unavailable",
      skip: 1,
      times: 4,
    });
    const unheard = await undo(crypto.randomUUID());
    expect(unheard.statusCode).toBe(504);
    expect(unheard.json()).toEqual({
      code: "google_unconfirmed",
      error: errorMessages.deleteUnverified,
    });
    await clearFaults();
    expect(await inGoogle(who, ["Taken back unheard"])).toEqual({ "Taken back unheard": 0 });

    // Pressed again: the annotation is gone, so the pending deletion was that undo; recorded now.
    const again = await undo(crypto.randomUUID());
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as { change: AnnotationChange }).change).toMatchObject({
      kind: "deleted",
      undoes: made.changeId,
    });
    // And it can be redone: the create comes back, once.
    const redo = await send(
      who,
      "POST",
      `/api/annotations/${who.propertyId}/changes/${
        (again.json() as { change: AnnotationChange }).change.changeId
      }/undo`,
      {},
    );
    expect(redo.statusCode, redo.body).toBe(200);
    expect(await inGoogle(who, ["Taken back unheard"])).toEqual(once(["Taken back unheard"]));
  });

  it("drops the pending deletion of an annotation Google still holds, so nothing is undone twice", async () => {
    const who = await setUpPerson(harness, "premium");
    const made = await create(who, "Never deleted");
    // Every DELETE is refused: the annotation stays, and no deletion is kept for it.
    await fault({ method: "*reportingDataAnnotations.delete", kind: "resource-exhausted" });
    const refused = await requestAs(
      harness,
      who.jar,
      "DELETE",
      `/api/annotations/${who.propertyId}/${made.annotationId}`,
    );
    expect(refused.statusCode).toBe(429);
    await clearFaults();
    const kept = await harness.database.db
      .select({ kind: annotationEvents.eventType, pending: annotationEvents.pending })
      .from(annotationEvents)
      .where(
        and(
          eq(annotationEvents.propertyId, who.propertyId),
          eq(annotationEvents.annotationId, made.annotationId),
        ),
      );
    expect(kept).toEqual([{ kind: "created", pending: false }]);
    expect(await inGoogle(who, ["Never deleted"])).toEqual(once(["Never deleted"]));
  });
});

const getMethod = "*reportingDataAnnotations.get";

/**
 * An undo Google carried out is never reported failed because a read made after it (only to
 * show the annotation) was refused or unavailable: the person would make it again by hand.
 */
describe("an undo Google carried out, read back badly", () => {
  it("is undone in a bulk undo when the read after the restore is refused (429)", async () => {
    const who = await setUpPerson(harness, "premium");
    const titles = ["Busy after restore"];
    const { batchId } = await bulkDelete(who, titles);
    await fault({ method: getMethod, kind: "resource-exhausted", retryAfterSeconds: 1, times: 1 });
    const first = await undoBatch(who, batchId);
    expect(await inGoogle(who, titles)).toEqual(once(titles));
    expect(statusByTitle(first)["Busy after restore"]).toBe("undone");
  });

  it("is undone in a bulk undo when the read after the restore stays unavailable", async () => {
    const who = await setUpPerson(harness, "premium");
    const titles = ["Unavailable after restore"];
    const { batchId } = await bulkDelete(who, titles);
    await fault({ method: getMethod, kind: "unavailable", times: 4 });
    const first = await undoBatch(who, batchId);
    expect(await inGoogle(who, titles)).toEqual(once(titles));
    expect(statusByTitle(first)["Unavailable after restore"]).toBe("undone");
  });

  it("is never failed by Undo again when the listing that settles a lost restore is refused", async () => {
    const who = await setUpPerson(harness, "premium");
    const titles = ["Lost then busy"];
    const { batchId } = await bulkDelete(who, titles);
    await fault({ method: createMethod, kind: "commit-then-drop", times: 1 });
    await fault({ method: listMethod, kind: "unavailable", times: 5 });
    await undoBatch(who, batchId);
    await clearFaults();
    await fault({ method: listMethod, kind: "resource-exhausted", retryAfterSeconds: 1, times: 1 });
    const again = await undoBatch(who, batchId);
    expect(await inGoogle(who, titles)).toEqual(once(titles));
    expect(statusByTitle(again)["Lost then busy"]).not.toBe("failed");
  });

  it("answers a single undo of a deletion as done when the read after it is refused", async () => {
    const who = await setUpPerson(harness, "premium");
    const made = await create(who, "Single busy");
    const url = `/api/annotations/${who.propertyId}/${made.annotationId}`;
    const removed = await send(who, "DELETE", url);
    expect(removed.statusCode, removed.body).toBe(200);
    const { changeId } = removed.json() as { changeId: string };
    await fault({ method: getMethod, kind: "resource-exhausted", retryAfterSeconds: 1, times: 1 });
    const undone = await send(
      who,
      "POST",
      `/api/annotations/${who.propertyId}/changes/${changeId}/undo`,
      { requestId: crypto.randomUUID() },
    );
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await inGoogle(who, ["Single busy"])).toEqual(once(["Single busy"]));
    expect((undone.json() as { annotation: Annotation }).annotation.title).toBe("Single busy");
  });
});
