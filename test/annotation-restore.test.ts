import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import Papa from "papaparse";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { control } from "../src/sandbox/testing/sandbox-test-kit.js";
import type { AllAnnotationsResponse } from "../src/shared/contracts/all-annotations.js";
import type {
  AnnotationHistoryResponse,
  RestoreVersionResponse,
} from "../src/shared/contracts/annotation-history.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import { calendarDateOf, type CalendarDate } from "../src/shared/calendar-date.js";
import { premiumFeatureMessages } from "../src/shared/plans.js";
import {
  appClient,
  appUrl,
  requestAs,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";
import { googleSide, type GoogleSide } from "./google-side.js";
import { injectFetch } from "./mcp-oauth-support.js";

/**
 * Restore from an annotation's history, through the HTTP API on the sandbox: what Google holds
 * after it, how it is recorded, exactly once by its request id, and the same history and restore
 * from the pages, the REST API and MCP. Then All annotations' export, read back against the
 * table's pages.
 */
let harness: AppHarness;
let person: TestPerson;
let google: GoogleSide;
let token: string;

beforeAll(async () => {
  harness = await startAppHarness();
  person = await setUpPerson(harness, "premium");
  google = await googleSide(harness.sandbox.url, {
    email: person.email,
    propertyId: person.propertyId,
    clientId: appClient.clientId,
  });
  const created = await requestAs(harness, person.jar, "POST", "/api/account/tokens", {
    name: "History script",
    scopes: ["annotations:read", "annotations:write", "categories:read"],
    expiresInDays: 30,
  });
  expect(created.statusCode, created.body).toBe(201);
  token = created.json().token;
});
afterAll(async () => {
  await harness?.close();
});
beforeEach(async () => {
  await control(harness.sandbox.url, "POST", "/reset");
});

const send = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, body?: unknown) =>
  requestAs(harness, person.jar, method, url, body);
const api = (method: "GET" | "POST", url: string, body?: unknown) =>
  harness.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });

const daysAgo = (days: number): CalendarDate =>
  calendarDateOf(new Date(Date.now() - days * 86_400_000));

async function category(name: string): Promise<string> {
  const response = await send("POST", "/api/categories", { name, color: "GREEN" });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

async function historyOf(annotationId: string): Promise<AnnotationHistoryResponse> {
  const response = await send(
    "GET",
    `/api/annotations/${person.propertyId}/${annotationId}/history`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function googleHolds(annotationId: string) {
  return (await google.list()).find((held) => held.name.endsWith(`/${annotationId}`));
}

async function writesToGoogle(): Promise<number> {
  const { counters } = await control<{ counters: Record<string, number> }>(
    harness.sandbox.url,
    "GET",
    "/counters",
  );
  return Object.entries(counters)
    .filter(([method]) => /\.(create|patch|delete)$/.test(method))
    .reduce((sum, [, n]) => sum + n, 0);
}

async function mcpClient() {
  const client = new Client({ name: "tidemark-history-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${appUrl}/mcp`), {
      fetch: injectFetch(harness.app),
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}
// Tool results are JSON the test reads by path; their shapes are asserted, not typed.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const structured = (result: CallToolResult) => result.structuredContent as Record<string, any>;

describe("Restore from an annotation's history", () => {
  it("puts a version back in Google, records it, and answers a retry without a second write", async () => {
    const campaign = await category("Campaign history");
    const release = await category("Release history");
    const created = await send("POST", `/api/annotations/${person.propertyId}`, {
      title: "Winter sale",
      description: "Twenty percent off everything, in every shop, for the whole week.",
      annotationDate: daysAgo(5),
      color: "BLUE",
      categoryId: campaign,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { annotationId, changeId: createdId } = created.json() as Annotation & {
      changeId: string;
    };
    const edited = await send("PATCH", `/api/annotations/${person.propertyId}/${annotationId}`, {
      title: "Winter sale (EU)",
      description: "",
      color: "RED",
      categoryId: release,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    // The history names what changed, categories by name.
    const before = await historyOf(annotationId);
    expect(before.changes.map((change) => change.kind)).toEqual(["updated", "created"]);
    expect(before.changes[0]!.before).toMatchObject({
      description: "Twenty percent off everything, in every shop, for the whole week.",
      categoryId: campaign,
    });
    expect(before.categoryNames).toEqual({
      [campaign]: "Campaign history",
      [release]: "Release history",
    });

    await control(harness.sandbox.url, "DELETE", "/counters");
    const requestId = crypto.randomUUID();
    const url = `/api/annotations/${person.propertyId}/${annotationId}/history/${createdId}/restore`;
    const restored = await send("POST", url, { requestId });
    expect(restored.statusCode, restored.body).toBe(200);
    const answer = restored.json() as RestoreVersionResponse;
    expect(answer.annotation).toMatchObject({
      annotationId,
      title: "Winter sale",
      description: "Twenty percent off everything, in every shop, for the whole week.",
      color: "BLUE",
      categoryId: campaign,
    });
    expect(answer.change).toMatchObject({
      kind: "updated",
      source: "tidemark",
      restores: createdId,
      before: { title: "Winter sale (EU)", categoryId: release },
      after: { title: "Winter sale", categoryId: campaign },
    });
    // Google holds the version again: one PATCH.
    expect(await googleHolds(annotationId)).toMatchObject({
      title: "Winter sale",
      description: "Twenty percent off everything, in every shop, for the whole week.",
      color: "BLUE",
    });
    expect(await writesToGoogle()).toBe(1);

    // The same request again (a lost answer's retry): the first answer, nothing written.
    const again = await send("POST", url, { requestId });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as RestoreVersionResponse).change.changeId).toBe(answer.change.changeId);
    expect(await writesToGoogle()).toBe(1);
    const after = await historyOf(annotationId);
    expect(after.changes.map((change) => change.changeId)).toEqual([
      answer.change.changeId,
      ...before.changes.map((change) => change.changeId),
    ]);

    // Asked anew for the version it holds: refused, nothing written.
    const same = await send("POST", url, { requestId: crypto.randomUUID() });
    expect(same.statusCode, same.body).toBe(409);
    expect(same.json().code).toBe("nothing_to_restore");
    expect(await writesToGoogle()).toBe(1);

    // The restore is a change like any other: undoing it puts the edit back.
    const undone = await send(
      "POST",
      `/api/annotations/${person.propertyId}/changes/${answer.change.changeId}/undo`,
      { requestId: crypto.randomUUID() },
    );
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await googleHolds(annotationId)).toMatchObject({ title: "Winter sale (EU)" });
  });

  it("brings a deleted annotation back from its deletion's entry, once", async () => {
    const created = await send("POST", `/api/annotations/${person.propertyId}`, {
      title: "Checkout outage",
      annotationDate: daysAgo(3),
      color: "RED",
    });
    const { annotationId } = created.json() as Annotation;
    const deleted = await send("DELETE", `/api/annotations/${person.propertyId}/${annotationId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const { changeId: deletionId } = deleted.json() as { changeId: string };
    expect(await googleHolds(annotationId)).toBeUndefined();

    // Through the REST API, as a script would.
    const url = `/api/v1/properties/${person.propertyId}/annotations/${annotationId}/history/${deletionId}/restore`;
    const restored = await api("POST", url, {});
    expect(restored.statusCode, restored.body).toBe(200);
    const back = restored.json() as RestoreVersionResponse;
    // Made again as it was, its source the deleted one's (decision 0060).
    expect(back.change).toMatchObject({ kind: "created", undoes: deletionId, source: "tidemark" });
    expect(await googleHolds(back.annotation!.annotationId)).toMatchObject({
      title: "Checkout outage",
    });
    // Its history continues the deleted one's, and the deletion is not offered again.
    const history = await historyOf(back.annotation!.annotationId);
    expect(history.changes.map((change) => change.kind)).toEqual(["created", "deleted", "created"]);
    expect(history.changes[1]!.undoneBy).toBe(back.change.changeId);
    const twice = await api("POST", url, {});
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().code).toBe("already_undone");
  });

  it("is an edit: a plan without edits may read the history but not restore", async () => {
    const free = await setUpPerson(harness, "freemium");
    const created = await requestAs(
      harness,
      free.jar,
      "POST",
      `/api/annotations/${free.propertyId}`,
      {
        title: "Launch",
        annotationDate: daysAgo(1),
      },
    );
    const { annotationId, changeId } = created.json() as Annotation & { changeId: string };
    const history = await requestAs(
      harness,
      free.jar,
      "GET",
      `/api/annotations/${free.propertyId}/${annotationId}/history`,
    );
    expect(history.statusCode).toBe(200);
    const refused = await requestAs(
      harness,
      free.jar,
      "POST",
      `/api/annotations/${free.propertyId}/${annotationId}/history/${changeId}/restore`,
      {},
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: "premium_required",
      error: premiumFeatureMessages.edit,
    });
  });

  it("answers the same history to the pages, the REST API and MCP, and restores through MCP", async () => {
    const campaign = await category("Campaign mcp");
    const created = await send("POST", `/api/annotations/${person.propertyId}`, {
      title: "Spring sale",
      annotationDate: daysAgo(8),
      categoryId: campaign,
    });
    const { annotationId, changeId: createdId } = created.json() as Annotation & {
      changeId: string;
    };
    await send("PATCH", `/api/annotations/${person.propertyId}/${annotationId}`, {
      title: "Spring sale (US)",
      categoryId: null,
    });

    const pages = await historyOf(annotationId);
    const rest = await api(
      "GET",
      `/api/v1/properties/${person.propertyId}/annotations/${annotationId}/history`,
    );
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toEqual(pages);

    const client = await mcpClient();
    try {
      const read = await client.callTool({
        name: "annotation_history",
        arguments: { propertyId: person.propertyId, annotationId },
      });
      expect(read.isError, JSON.stringify(read.content)).toBeFalsy();
      // The same answer on every door: the operation's own output, GA4's text marked as data.
      const { untrustedTextNotice, ...answer } = structured(read as CallToolResult);
      expect(untrustedTextNotice).toMatch(/not instructions/);
      expect(answer).toEqual(pages);
      expect(pages.changes[0]).toMatchObject({
        kind: "updated",
        before: { title: "Spring sale", categoryId: campaign },
        after: { title: "Spring sale (US)", categoryId: null },
      });
      expect(pages.categoryNames[campaign]).toBe("Campaign mcp");

      const restore = await client.callTool({
        name: "restore_annotation_version",
        arguments: {
          propertyId: person.propertyId,
          annotationId,
          changeId: createdId,
          requestId: crypto.randomUUID(),
        },
      });
      expect(restore.isError, JSON.stringify(restore.content)).toBeFalsy();
      expect(structured(restore as CallToolResult)).toMatchObject({
        change: { kind: "updated", restores: createdId, source: "api" },
        annotation: { annotationId, title: "Spring sale", categoryId: campaign },
      });
    } finally {
      await client.close();
    }
    expect(await googleHolds(annotationId)).toMatchObject({ title: "Spring sale" });
    const [newest] = (await historyOf(annotationId)).changes;
    expect(newest).toMatchObject({ restores: createdId, source: "api" });
  });
});

describe("All annotations' export", () => {
  it("writes every page of the view, its filters applied, in the table's order", async () => {
    const titles = ["delta", "Alpha", "charlie", "Bravo", "echo", "foxtrot"];
    for (const [index, title] of titles.entries())
      await send("POST", `/api/annotations/${person.propertyId}`, {
        title: `Export ${title}`,
        annotationDate: daysAgo(20 + (index % 3)),
      });
    const view = "q=Export&sort=title&dir=desc";

    // The table's order: its pages, two rows each, one after another.
    const tableOrder: string[] = [];
    for (let offset = 0; ; offset += 2) {
      const page = await send("GET", `/api/annotations?${view}&offset=${offset}&limit=2`);
      expect(page.statusCode, page.body).toBe(200);
      const { rows, total } = page.json() as AllAnnotationsResponse;
      tableOrder.push(...rows.map((row) => row.annotation.title));
      if (offset + 2 >= total) break;
    }
    expect(tableOrder).toHaveLength(titles.length);

    const csv = await send("GET", `/api/annotations/export?format=csv&${view}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toMatch(
      /^attachment; filename="tidemark-annotations-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = Papa.parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ""), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows.map((row) => row.title)).toEqual(tableOrder);
    expect(rows.every((row) => row.property_id === person.propertyId)).toBe(true);

    const json = await send("GET", `/api/annotations/export?format=json&${view}`);
    expect(json.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect((json.json() as { title: string }[]).map((row) => row.title)).toEqual(tableOrder);

    const wrong = await send("GET", `/api/annotations/export?format=xlsx&${view}`);
    expect(wrong.statusCode).toBe(400);
  });
});
