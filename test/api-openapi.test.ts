import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { validate, compileErrors } from "@readme/openapi-parser";
import createClient from "openapi-fetch";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarDateOf } from "../src/shared/calendar-date.js";
import {
  requestAs,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";

/**
 * The OpenAPI document, validated by an OpenAPI validator, and the API called through a client
 * generated from it (types by openapi-typescript, checked by the compiler; calls by openapi-fetch).
 */
let harness: AppHarness;
let person: TestPerson;
let token: string;
let document: Record<string, unknown>;
let folder: string;

beforeAll(async () => {
  harness = await startAppHarness();
  person = await setUpPerson(harness, "premium");
  const created = await requestAs(harness, person.jar, "POST", "/api/account/tokens", {
    name: "OpenAPI client",
    scopes: ["annotations:read", "annotations:write", "categories:read", "categories:write"],
    expiresInDays: 30,
  });
  token = created.json().token;
  const response = await harness.app.inject({ method: "GET", url: "/api/v1/openapi.json" });
  expect(response.statusCode).toBe(200);
  document = response.json();
  folder = await mkdtemp(path.join(tmpdir(), "tidemark-openapi-"));
});
afterAll(async () => {
  await harness?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** openapi-fetch's fetch, answered by the app in process. */
const viaApp: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  const body = request.body ? await request.text() : undefined;
  const response = await harness.app.inject({
    method: request.method as "GET",
    url: url.pathname + url.search,
    headers: Object.fromEntries(request.headers.entries()),
    ...(body ? { payload: body } : {}),
  });
  return new Response(response.statusCode === 204 ? null : response.body, {
    status: response.statusCode,
    headers: response.headers as Record<string, string>,
  });
};

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document covering every API route", async () => {
    expect(document.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>)
      .flatMap(([route, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
      )
      .sort();
    const registered = harness.app.routeTable
      .filter(
        (route) =>
          route.access === "token" && route.url.startsWith("/api/v1/") && route.method !== "HEAD",
      )
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, "{$1}")}`)
      .sort();
    expect(documented).toEqual(registered);
  });

  it("gives a client whose generated types the compiler accepts for the API's calls", async () => {
    const types = astToString(await openapiTS(document as never));
    await writeFile(path.join(folder, "tidemark-api.d.ts"), types);
    await writeFile(
      path.join(folder, "use.ts"),
      `import type { paths } from "./tidemark-api.js";
type Create = paths["/api/v1/properties/{propertyId}/annotations"]["post"];
type Body = Create["requestBody"]["content"]["application/json"];
export const body: Body = { title: "Typed", annotationDate: { year: 2026, month: 1, day: 5 } };
type Page = paths["/api/v1/properties/{propertyId}/annotations"]["get"]["responses"]["200"]["content"]["application/json"];
export const next = (page: Page): string | null => page.nextCursor;
// @ts-expect-error the title is required
export const missing: Body = { annotationDate: { year: 2026, month: 1, day: 5 } };
`,
    );
    const program = ts.createProgram([path.join(folder, "use.ts")], {
      strict: true,
      noEmit: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      skipLibCheck: true,
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(problems).toEqual([]);
    // The compiler takes a while on a busy machine; the check is on what it says, not how fast.
  }, 180_000);

  it("is followed by the server: the generated client lists, creates and reads back", async () => {
    const client = createClient<never>({
      baseUrl: (document.servers as { url: string }[])[0]!.url,
      fetch: viaApp,
      headers: { authorization: `Bearer ${token}` },
    });
    // The types are generated while this file runs (the test above checks them), so here the
    // client is called by path as the document names them.
    type Answer = {
      data?: { properties?: { propertyId: string }[]; annotations?: { title: string }[] };
      error?: { code?: string; fields?: { path: string; message: string }[] };
      response: Response;
    };
    const untyped = client as unknown as {
      GET(path: string, init?: object): Promise<Answer>;
      POST(path: string, init?: object): Promise<Answer>;
    };
    const properties = await untyped.GET("/api/v1/properties");
    expect(properties.response.status).toBe(200);
    expect(properties.data?.properties?.[0]?.propertyId).toBe(person.propertyId);
    const created = await untyped.POST("/api/v1/properties/{propertyId}/annotations", {
      params: { path: { propertyId: person.propertyId } },
      body: { title: "Through the generated client", annotationDate: calendarDateOf(new Date()) },
      headers: { "Idempotency-Key": "generated-client-1" },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const page = await untyped.GET("/api/v1/properties/{propertyId}/annotations", {
      params: {
        path: { propertyId: person.propertyId },
        query: { q: "generated client", limit: 5 },
      },
    });
    expect(page.data?.annotations?.map((a) => a.title)).toEqual(["Through the generated client"]);
    const refused = await untyped.GET("/api/v1/properties/{propertyId}/annotations", {
      params: { path: { propertyId: person.propertyId }, query: { limit: 500 } },
    });
    expect(refused.response.status).toBe(400);
    expect(refused.error?.code).toBe("invalid_request");
    // A body with several mistakes is answered with all of them at once.
    const mistakes = await untyped.POST("/api/v1/properties/{propertyId}/annotations", {
      params: { path: { propertyId: person.propertyId } },
      body: { title: "", annotationDate: "tomorrow", color: "plaid" },
    });
    expect(mistakes.response.status).toBe(400);
    expect(mistakes.error?.fields?.map((field) => field.path)).toEqual(
      expect.arrayContaining(["title", "annotationDate", "color"]),
    );
  });
});

describe("the reference's renderer", () => {
  it("is served from our own origin, for the web app's /docs/api page to load", async () => {
    for (const source of [
      "/docs/api/assets/swagger-ui.css",
      "/docs/api/assets/swagger-ui-bundle.js",
    ]) {
      const asset = await harness.app.inject({ method: "GET", url: source });
      expect(asset.statusCode, source).toBe(200);
      expect(asset.headers["content-type"]).toMatch(/^text\/(css|javascript)/);
    }
    const unknown = await harness.app.inject({ method: "GET", url: "/docs/api/assets/evil.js" });
    expect(unknown.statusCode).toBe(404);
  });
});
