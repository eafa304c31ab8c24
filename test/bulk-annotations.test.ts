import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { control } from "../src/sandbox/testing/sandbox-test-kit.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import {
  maxBulkItems,
  type BulkAnnotationsResponse,
  type BulkUndoResponse,
} from "../src/shared/contracts/bulk-annotations.js";
import { calendarDateOf, type CalendarDate } from "../src/shared/calendar-date.js";
import { premiumFeatureMessages } from "../src/shared/plans.js";
import { bulkMessages } from "../src/server/features/annotations/bulk-annotations-service.js";
import {
  requestAs,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";

/**
 * Bulk actions (decision 0056) through the HTTP API on the sandbox: per-row reports with a row
 * Google fails, one undo for the batch, a retry that changes nothing twice, and refusals.
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

const send = (who: TestPerson, method: "GET" | "POST", url: string, body?: unknown) =>
  requestAs(harness, who.jar, method, url, body);
const yesterday = (): CalendarDate => calendarDateOf(new Date(Date.now() - 86_400_000));

async function create(who: TestPerson, title: string, color = "BLUE") {
  const response = await send(who, "POST", `/api/annotations/${who.propertyId}`, {
    title,
    color,
    annotationDate: yesterday(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Annotation;
}
const ours = new Set(["Spring sale", "Launch", "Outage"]);
/** This test's annotations (the sandbox's property has others of its own). */
async function list(who: TestPerson): Promise<Annotation[]> {
  const response = await send(who, "GET", `/api/annotations/${who.propertyId}`);
  expect(response.statusCode, response.body).toBe(200);
  return (
    response.json() as { reportingDataAnnotations: Annotation[] }
  ).reportingDataAnnotations.filter((annotation) => ours.has(annotation.title));
}
const googleCalls = async (method: string) =>
  (await control<{ counters: Record<string, number> }>(harness.sandbox.url, "GET", "/counters"))
    .counters[`analyticsadmin.properties.reportingDataAnnotations.${method}`] ?? 0;

/** The second PATCH of a run fails every attempt (Google busy); the others go through. */
async function failSecondPatch() {
  await control(harness.sandbox.url, "POST", "/faults", {
    method: "*reportingDataAnnotations.patch",
    kind: "resource-exhausted",
    skip: 1,
    times: 4,
  });
}
const busy = {
  code: "google_busy",
  error: "Google Analytics is busy right now. Please try again in a minute.",
};

async function threeAnnotations(who: TestPerson) {
  const a = await create(who, "Spring sale");
  const b = await create(who, "Launch");
  const c = await create(who, "Outage");
  return [a, b, c].map((made) => ({ propertyId: who.propertyId, annotationId: made.annotationId }));
}

describe("bulk actions", () => {
  it("recolours every row it can, reports the one Google failed, and undoes the batch", async () => {
    const who = await setUpPerson(harness, "premium");
    const items = await threeAnnotations(who);
    const requestId = crypto.randomUUID();
    await failSecondPatch();

    const response = await send(who, "POST", "/api/annotations/bulk", {
      requestId,
      action: "recolor",
      color: "RED",
      items,
    });
    await control(harness.sandbox.url, "DELETE", "/faults");
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as BulkAnnotationsResponse;
    expect(report).toEqual({
      batchId: requestId,
      action: "recolor",
      changed: 2,
      failed: 1,
      results: [
        { ...items[0], status: "changed", changeId: expect.any(String) },
        { ...items[1], status: "failed", ...busy },
        { ...items[2], status: "changed", changeId: expect.any(String) },
      ],
    });
    const colours = () =>
      list(who).then((found) =>
        Object.fromEntries(found.map((annotation) => [annotation.title, annotation.color])),
      );
    expect(await colours()).toEqual({ "Spring sale": "RED", Launch: "BLUE", Outage: "RED" });

    // The same request again: the changed rows are answered from the record, never re-sent;
    // the failed row is tried again, once.
    const patchesBefore = await googleCalls("patch");
    const again = await send(who, "POST", "/api/annotations/bulk", {
      requestId,
      action: "recolor",
      color: "RED",
      items,
    });
    expect(again.statusCode, again.body).toBe(200);
    const second = again.json() as BulkAnnotationsResponse;
    expect(second.results.map((row) => row.status)).toEqual(["changed", "changed", "changed"]);
    expect(second.results[0]).toEqual(report.results[0]);
    expect(second.results[2]).toEqual(report.results[2]);
    expect((await googleCalls("patch")) - patchesBefore).toBe(1);

    const undo = await send(who, "POST", `/api/annotations/bulk/${requestId}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    const undone = undo.json() as BulkUndoResponse;
    expect(undone.undone).toBe(3);
    expect(undone.failed).toBe(0);
    expect(undone.results.map((row) => row.title).sort()).toEqual([
      "Launch",
      "Outage",
      "Spring sale",
    ]);
    expect(await colours()).toEqual({ "Spring sale": "BLUE", Launch: "BLUE", Outage: "BLUE" });

    // Undoing the batch again answers the first undo's outcome and writes nothing.
    const patchesAfterUndo = await googleCalls("patch");
    const undoAgain = await send(who, "POST", `/api/annotations/bulk/${requestId}/undo`);
    expect(undoAgain.statusCode, undoAgain.body).toBe(200);
    expect((undoAgain.json() as BulkUndoResponse).undone).toBe(3);
    expect(await googleCalls("patch")).toBe(patchesAfterUndo);
  });

  it("deletes, reports a row on a property that is not saved, and the undo makes them again", async () => {
    const who = await setUpPerson(harness, "premium");
    const items = await threeAnnotations(who);
    const elsewhere = { propertyId: "999999999", annotationId: "abc" };
    const requestId = crypto.randomUUID();
    const response = await send(who, "POST", "/api/annotations/bulk", {
      requestId,
      action: "delete",
      items: [items[0], elsewhere, items[1], items[2], items[0]],
    });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as BulkAnnotationsResponse;
    expect(report.changed).toBe(3);
    expect(report.failed).toBe(1);
    // Each item once, in the request's order.
    expect(report.results.map((row) => [row.annotationId, row.status])).toEqual([
      [items[0]!.annotationId, "changed"],
      ["abc", "failed"],
      [items[1]!.annotationId, "changed"],
      [items[2]!.annotationId, "changed"],
    ]);
    expect(report.results[1]).toMatchObject({ code: "property_not_saved" });
    expect(await list(who)).toEqual([]);

    const undo = await send(who, "POST", `/api/annotations/bulk/${requestId}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect((undo.json() as BulkUndoResponse).undone).toBe(3);
    expect((await list(who)).map((annotation) => annotation.title).sort()).toEqual([
      "Launch",
      "Outage",
      "Spring sale",
    ]);
  });

  it("sets and clears a category, each undone as a batch", async () => {
    const who = await setUpPerson(harness, "premium");
    const items = await threeAnnotations(who);
    const made = await send(who, "POST", "/api/categories", { name: "Promotions", color: "GREEN" });
    expect(made.statusCode, made.body).toBe(201);
    const categoryId = (made.json() as { id: string }).id;

    const set = await send(who, "POST", "/api/annotations/bulk", {
      requestId: crypto.randomUUID(),
      action: "set-category",
      categoryId,
      items,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as BulkAnnotationsResponse).changed).toBe(3);
    expect((await list(who)).every((annotation) => annotation.categoryId === categoryId)).toBe(
      true,
    );

    const clearId = crypto.randomUUID();
    const clear = await send(who, "POST", "/api/annotations/bulk", {
      requestId: clearId,
      action: "clear-category",
      items: items.slice(0, 2),
    });
    expect((clear.json() as BulkAnnotationsResponse).changed).toBe(2);
    expect((await list(who)).filter((annotation) => annotation.categoryId === null)).toHaveLength(
      2,
    );
    const undo = await send(who, "POST", `/api/annotations/bulk/${clearId}/undo`);
    expect((undo.json() as BulkUndoResponse).undone).toBe(2);
    expect((await list(who)).every((annotation) => annotation.categoryId === categoryId)).toBe(
      true,
    );
  });

  it("refuses a request id reused for another action, and changes nothing", async () => {
    const who = await setUpPerson(harness, "premium");
    const items = await threeAnnotations(who);
    const requestId = crypto.randomUUID();
    const first = await send(who, "POST", "/api/annotations/bulk", {
      requestId,
      action: "recolor",
      color: "GREEN",
      items,
    });
    expect(first.statusCode, first.body).toBe(200);
    const patches = await googleCalls("patch");
    const reused = await send(who, "POST", "/api/annotations/bulk", {
      requestId,
      action: "recolor",
      color: "PURPLE",
      items,
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ code: "idempotency_key_reused", error: bulkMessages.reused });
    expect(await googleCalls("patch")).toBe(patches);
  });

  it("is Premium's, in the shared plan words", async () => {
    const who = await setUpPerson(harness, "freemium");
    const made = await create(who, "Mine");
    const response = await send(who, "POST", "/api/annotations/bulk", {
      requestId: crypto.randomUUID(),
      action: "recolor",
      color: "RED",
      items: [{ propertyId: who.propertyId, annotationId: made.annotationId }],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: "premium_required",
      error: premiumFeatureMessages.bulk,
    });
  });

  it("refuses bad requests with clear errors", async () => {
    const who = await setUpPerson(harness, "premium");
    const item = { propertyId: who.propertyId, annotationId: "a1" };
    const cases: [unknown, string][] = [
      [{ requestId: crypto.randomUUID(), action: "recolor", items: [item] }, "Choose a colour"],
      [
        { requestId: crypto.randomUUID(), action: "set-category", items: [item] },
        "Choose a category",
      ],
      [{ requestId: crypto.randomUUID(), action: "delete", items: [] }, "Select at least one"],
      [
        {
          requestId: crypto.randomUUID(),
          action: "delete",
          items: Array.from({ length: maxBulkItems + 1 }, () => item),
        },
        `At most ${maxBulkItems}`,
      ],
      [{ requestId: "nope", action: "delete", items: [item] }, "not a valid request ID"],
      [{ requestId: crypto.randomUUID(), action: "explode", items: [item] }, "Action must be"],
    ];
    for (const [body, words] of cases) {
      const response = await send(who, "POST", "/api/annotations/bulk", body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((response.json() as { code: string; error: string }).code).toBe("invalid_request");
      expect((response.json() as { error: string }).error).toContain(words);
    }
    const unknown = await send(who, "POST", `/api/annotations/bulk/${crypto.randomUUID()}/undo`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: "change_not_found", error: bulkMessages.batchNotFound });
    const badId = await send(who, "POST", "/api/annotations/bulk/nope/undo");
    expect(badId.statusCode).toBe(400);
  });
});
