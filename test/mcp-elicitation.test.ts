import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  ElicitRequestSchema,
  type CallToolResult,
  type ElicitResult,
} from "@modelcontextprotocol/sdk/types.js";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarDateOf } from "../src/shared/calendar-date.js";
import type { Annotation } from "../src/shared/contracts/annotations.js";
import {
  requestAs,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";

/**
 * A deletion asked for by an MCP client that can ask its person (elicitation): the official SDK
 * client, over real HTTP (the question travels on the tool call's open stream, and the answer
 * comes back as a request of its own), accepting and declining.
 */
let harness: AppHarness;
let person: TestPerson;
let base = "";
let token = "";

beforeAll(async () => {
  harness = await startAppHarness();
  person = await setUpPerson(harness, "premium");
  await harness.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
  const made = await requestAs(harness, person.jar, "POST", "/api/account/tokens", {
    name: "Desk assistant",
    scopes: ["annotations:read", "annotations:write"],
    expiresInDays: 30,
  });
  expect(made.statusCode, made.body).toBe(201);
  token = made.json<{ token: string }>().token;
});
afterAll(async () => {
  await harness?.close();
});

async function clientAnswering(answer: (message: string) => ElicitResult) {
  const asked: string[] = [];
  const client = new Client(
    { name: "eliciting-client", version: "1.0.0" },
    { capabilities: { elicitation: { form: {} } } },
  );
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(request.params.message);
    return answer(request.params.message);
  });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return { client, asked };
}

async function annotationIds(): Promise<string[]> {
  const listed = await requestAs(
    harness,
    person.jar,
    "GET",
    `/api/annotations/${person.propertyId}`,
  );
  return (listed.json().reportingDataAnnotations as Annotation[]).map((a) => a.annotationId);
}

async function createOne(client: Client, title: string): Promise<string> {
  const created = (await client.callTool({
    name: "create_annotation",
    arguments: { propertyId: person.propertyId, title, annotationDate: calendarDateOf(new Date()) },
  })) as CallToolResult;
  expect(created.isError, JSON.stringify(created)).toBeFalsy();
  return (created.structuredContent as { annotationId: string }).annotationId;
}

describe("a client that can ask its person", () => {
  it("deletes once the person accepts in their client, naming what goes", async () => {
    const { client, asked } = await clientAnswering(() => ({
      action: "accept",
      content: { confirm: true },
    }));
    const id = await createOne(client, "Spring teaser");
    const result = (await client.callTool({
      name: "delete_annotations",
      arguments: { propertyId: person.propertyId, annotationIds: [id] },
    })) as CallToolResult;
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain("Spring teaser");
    expect(asked[0]).toContain("Personal access token “Desk assistant”");
    expect((result.structuredContent as { status: string }).status).toBe("done");
    expect(await annotationIds()).not.toContain(id);
    // Nothing was left waiting in Tidemark.
    const waiting = await requestAs(harness, person.jar, "GET", "/api/account/app-approvals");
    expect(waiting.json().approvals).toEqual([]);
    await client.close();
  });

  it("deletes nothing when the person declines, or accepts without ticking the box", async () => {
    for (const answer of [
      { action: "decline" } as ElicitResult,
      { action: "cancel" } as ElicitResult,
      { action: "accept", content: { confirm: false } } as ElicitResult,
    ]) {
      const { client, asked } = await clientAnswering(() => answer);
      const id = await createOne(client, `Kept ${answer.action}`);
      const result = (await client.callTool({
        name: "delete_annotations",
        arguments: { propertyId: person.propertyId, annotationIds: [id] },
      })) as CallToolResult;
      expect(asked).toHaveLength(1);
      expect(result.isError, JSON.stringify(result)).toBeFalsy();
      expect((result.structuredContent as { status: string }).status).toBe("declined");
      expect(await annotationIds()).toContain(id);
      await client.close();
    }
  });

  it("an answer to a question never asked, or about someone else's approval, changes nothing", async () => {
    const response = await fetch(`${base}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: "tidemark-approval:00000000-0000-4000-8000-000000000001",
        result: { action: "accept", content: { confirm: true } },
      }),
    });
    expect(response.status).toBe(202);
  });
});
