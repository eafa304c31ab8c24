import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../index.js";
import { mintTokens } from "../testing/sandbox-test-kit.js";

let sandbox: RunningSandbox;
let authorization: string;
let collection: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, clients: [], faultControl: true });
  authorization = `Bearer ${(await mintTokens(sandbox.url, { email: "bodies@example.com" })).access_token}`;
  const summaries = (await (
    await fetch(`${sandbox.url}/v1beta/accountSummaries`, { headers: { authorization } })
  ).json()) as {
    accountSummaries: Array<{ propertySummaries: Array<{ property: string }> }>;
  };
  collection = `${sandbox.url}/v1alpha/${summaries.accountSummaries[0]!.propertySummaries[0]!.property}/reportingDataAnnotations`;
});

afterAll(() => sandbox.close());

async function post(url: string, body: string | Buffer, contentType?: string) {
  const response = await fetch(url, {
    method: "POST",
    headers: { authorization, ...(contentType ? { "content-type": contentType } : {}) },
    body,
  });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    body: (await response.json()) as Record<string, unknown>,
  };
}

function googleError(status: number) {
  return {
    error: expect.objectContaining({
      code: status,
      status: "INVALID_ARGUMENT",
      message: expect.any(String) as string,
    }) as unknown,
  };
}

describe("bad request bodies get a Google-shaped 400, never a crash", () => {
  it("malformed JSON", async () => {
    const result = await post(collection, '{"title": "x",', "application/json");
    expect(result.status).toBe(400);
    expect(result.type).toBe("application/json; charset=UTF-8");
    expect(result.body).toEqual(googleError(400));
    expect((result.body.error as { message: string }).message).toMatch(
      /^Invalid JSON payload received\./,
    );
  });

  it("a JSON value that is not an object", async () => {
    expect((await post(collection, "[1,2]", "application/json")).body).toEqual(googleError(400));
    expect((await post(collection, "null", "application/json")).status).toBe(400);
  });

  it("a wrong content type", async () => {
    const result = await post(collection, JSON.stringify({ title: "x" }), "text/plain");
    expect(result.status).toBe(400);
    expect((result.body.error as { message: string }).message).toContain("Content-Type");
  });

  it("an oversize body, with or without a declared length", async () => {
    const huge = JSON.stringify({ title: "x".repeat(1_100_000) });
    const declared = await post(collection, huge, "application/json");
    expect(declared.status).toBe(400);
    expect((declared.body.error as { message: string }).message).toBe(
      "Request payload size exceeds the limit: 1048576 bytes.",
    );

    const chunks = [Buffer.from('{"title":"'), Buffer.alloc(1_100_000, 0x61), Buffer.from('"}')];
    const streamed = await fetch(collection, {
      method: "POST",
      headers: { authorization, "content-type": "application/json" },
      body: new ReadableStream({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(400);
  });

  it("answers the token endpoint's bad bodies in OAuth's shape", async () => {
    const malformed = await post(`${sandbox.url}/token`, "{not json", "application/json");
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ error: "invalid_request" });
    const wrongType = await post(`${sandbox.url}/token`, "grant_type=refresh_token", "text/plain");
    expect(wrongType.body).toMatchObject({ error: "invalid_request" });
    const missing = await post(`${sandbox.url}/token`, "", "application/x-www-form-urlencoded");
    expect(missing.body).toMatchObject({
      error: "invalid_request",
      error_description: "Could not determine client ID from request.",
    });
  });

  it("still serves normally afterwards, and answers unknown paths with a Google-shaped 404", async () => {
    const ok = await fetch(collection, { headers: { authorization } });
    expect(ok.status).toBe(200);
    const missing = await fetch(`${sandbox.url}/v1alpha/nothing/here`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 404, status: "NOT_FOUND" } });
    const wrongMethod = await fetch(collection, { method: "PUT", headers: { authorization } });
    expect(wrongMethod.status).toBe(404);
  });

  it("pretty-prints like Google unless prettyPrint=false", async () => {
    const pretty = await (await fetch(collection, { headers: { authorization } })).text();
    expect(pretty).toMatch(/^\{\n {2}"reportingDataAnnotations"/);
    const compact = await (
      await fetch(`${collection}?prettyPrint=false`, { headers: { authorization } })
    ).text();
    expect(compact).toMatch(/^\{"reportingDataAnnotations":\[/);
  });
});
