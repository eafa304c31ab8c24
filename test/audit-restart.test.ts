import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walkSignInPages } from "../src/sandbox/testing/sandbox-test-kit.js";
import type { AuditDetailResponse, AuditSession } from "../src/shared/contracts/audits.js";
import { googleSide } from "./google-side.js";
import { runProduct, type ProductProcess } from "./product-process.js";

/**
 * The audit survives a crash: the real product, in its own process on its own data folder, is
 * killed (SIGKILL, no shutdown) while an audit waits on the model, then started again on the same
 * folder. The audit finishes, resumes after the last saved batch, and stores no suggestion twice.
 *
 * The reviewer is the configured language model (LLM_PROVIDER=openai-compatible) served by a small
 * scripted server here, so the test decides when each batch is answered instead of guessing at
 * timing: it holds the second batch's call until the product has been killed.
 */
const email = "restart.auditor@example.com";
const batchSize = 25;
const annotationCount = 2 * batchSize + 10;

interface ModelRequest {
  annotationIds: string[];
  answered: boolean;
}
const modelRequests: ModelRequest[] = [];
/** While set, calls after the first wait here (the second batch "takes a long time"). */
let holdAfterFirst = true;
/** Calls waiting for an answer; resolving with false drops the call unanswered. */
const held: ((answer: boolean) => void)[] = [];
let modelServer: Server;
let modelUrl: string;
let dataDir: string;
const running: ProductProcess[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "tidemark-audit-restart-"));
  modelServer = createServer((request, response) => void answerModelCall(request, response));
  await new Promise<void>((resolve) => modelServer.listen(0, "127.0.0.1", resolve));
  modelUrl = `http://127.0.0.1:${(modelServer.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  for (const product of running) if (product.child.exitCode === null) await product.stop("SIGKILL");
  for (const release of held.splice(0)) release(false);
  modelServer.closeAllConnections();
  await new Promise((resolve) => modelServer.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

/** An OpenAI-compatible chat completion whose answer retitles every annotation it was sent. */
async function answerModelCall(request: IncomingMessage, response: ServerResponse) {
  let raw = "";
  for await (const chunk of request) raw += chunk;
  const body = JSON.parse(raw) as { messages: { role: string; content: string }[] };
  const user = body.messages.find((message) => message.role === "user")!;
  const { annotations } = JSON.parse(user.content) as {
    annotations: { annotationId: string; title: string }[];
  };
  const call: ModelRequest = {
    annotationIds: annotations.map((annotation) => annotation.annotationId),
    answered: false,
  };
  modelRequests.push(call);
  if (holdAfterFirst && modelRequests.length > 1) {
    const answer = await new Promise<boolean>((resolve) => held.push(resolve));
    if (!answer) {
      response.destroy();
      return;
    }
  }
  const suggestions = annotations.map((annotation) => ({
    annotationId: annotation.annotationId,
    suggestedTitle: `RELEASE · ${annotation.title}`,
    suggestedDescription: null,
    suggestedColor: "BLUE",
    categoryId: null,
    newCategory: null,
    duplicateOfAnnotationId: null,
    vagueTitle: false,
    reasoning: "Releases start with RELEASE.",
  }));
  call.answered = true;
  response.setHeader("content-type", "application/json");
  response.end(
    JSON.stringify({
      id: `chatcmpl-${modelRequests.length}`,
      object: "chat.completion",
      created: 1,
      model: "scripted",
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: JSON.stringify({ suggestions }) },
          finish_reason: "stop",
        },
      ],
      usage: { prompt_tokens: 100, completion_tokens: 100, total_tokens: 200 },
    }),
  );
}

async function startProduct(): Promise<ProductProcess> {
  const product = await runProduct({
    DATA_DIR: dataDir,
    // Development mode writes sign-in links to the log instead of mailing them.
    NODE_ENV: "development",
    SMTP_URL: undefined,
    ALLOW_SANDBOX_IN_PRODUCTION: undefined,
    LOG_FORMAT: "json",
    LOG_LEVEL: "info",
    SERVE_WEB: "false",
    SANDBOX_CONTROL: "on",
    PREMIUM_TESTER_EMAILS: email,
    AUDIT_BETA_EMAILS: email,
    LLM_PROVIDER: "openai-compatible",
    LLM_BASE_URL: modelUrl,
    LLM_MODEL: "scripted",
    LLM_TIMEOUT_MS: "120000",
  });
  running.push(product);
  return product;
}

/** A browser's worth of cookies over fetch. */
class Visitor {
  private readonly cookies = new Map<string, string>();
  constructor(public base: string) {}

  async call(method: string, url: string, body?: unknown): Promise<Response> {
    const response = await fetch(new URL(url, this.base), {
      method,
      redirect: "manual",
      headers: {
        origin: this.base,
        "sec-fetch-site": "same-origin",
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, value = ""] = pair!.split("=");
      if (value === "" || /max-age=0/i.test(cookie)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return response;
  }

  async json<T>(method: string, url: string, body?: unknown): Promise<T> {
    const response = await this.call(method, url, body);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  }
}

async function until<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Signs in by the logged email link, takes Premium, connects Google and saves a property. */
async function setUp(product: ProductProcess): Promise<{ visitor: Visitor; propertyId: string }> {
  const visitor = new Visitor(product.url);
  await visitor.json("POST", "/api/auth/sign-in/magic-link", {
    email,
    callbackURL: "/",
    errorCallbackURL: "/login",
  });
  const link = await until("the sign-in link", async () => {
    const match = new RegExp(`Sign-in link for ${email}: (http[^"\\s]+)`).exec(product.output());
    return match?.[1];
  });
  // The link opens a page that signs in when the person presses Continue, as the page does.
  await visitor.json("POST", "/api/auth/sign-in-link", {
    token: new URL(link).searchParams.get("token"),
  });
  await visitor.json("PATCH", "/api/users/subscription", { tier: "premium" });
  const authorize = await visitor.call("GET", "/api/google/authorize");
  expect(authorize.status).toBe(302);
  const { callback } = await walkSignInPages(authorize.headers.get("location")!, { email });
  const connected = await visitor.call("GET", callback.pathname + callback.search);
  expect(connected.headers.get("location")).toBe("/dashboard?oauth=success");
  const { properties } = await visitor.json<{
    properties: { propertyId: string; canEdit: boolean }[];
  }>("GET", "/api/ga4/properties");
  const propertyId = properties.find((property) => property.canEdit)!.propertyId;
  await visitor.json("POST", "/api/properties", { propertyId });
  return { visitor, propertyId };
}

describe("an audit when the product is killed mid-run", () => {
  it(
    "finishes after a restart on the same data folder, without a suggestion twice",
    { timeout: 240_000 },
    async () => {
      const first = await startProduct();
      const { visitor, propertyId } = await setUp(first);
      const sandboxUrl = /Google sandbox listening on (http:\/\/localhost:\d+)/.exec(
        first.output(),
      )![1]!;
      const google = await googleSide(sandboxUrl, { email, propertyId, clientId: "tidemark-app" });
      const ids: string[] = [];
      for (let n = 0; n < annotationCount; n++) {
        const date = `2015-${String(1 + Math.floor(n / 28)).padStart(2, "0")}-${String(1 + (n % 28)).padStart(2, "0")}`;
        ids.push(await google.create({ title: `Deploy build ${n}`, color: "PURPLE", date }));
      }

      const { session } = await visitor.json<{ session: AuditSession }>("POST", "/api/audits", {
        propertyId,
        startDate: "2015-01-01",
        endDate: "2015-12-31",
      });
      await visitor.json("POST", `/api/audits/${session.id}/start`);
      const audit = `/api/audits/${session.id}`;
      // Running: the first batch is saved and the second is with the model, which holds it.
      const midway = await until("the second batch", async () => {
        const detail = await visitor.json<AuditDetailResponse>("GET", audit);
        return modelRequests.length === 2 && detail.session.processedAnnotations === batchSize
          ? detail
          : undefined;
      });
      expect(midway.session).toMatchObject({
        status: "in_progress",
        totalAnnotations: annotationCount,
        lastStep: `Reviewing ${batchSize + 1}–${2 * batchSize} of ${annotationCount}`,
      });
      expect(midway.suggestions).toHaveLength(batchSize);

      // No shutdown, no cleanup: the process is gone, its PGlite folder as it was left.
      expect(await first.stop("SIGKILL")).toBeNull();
      // The call the killed process was waiting on is never answered.
      holdAfterFirst = false;
      for (const release of held.splice(0)) release(false);

      const second = await startProduct();
      visitor.base = second.url;
      const seen: [number, number][] = [];
      const done = await until("the audit to finish", async () => {
        const detail = await visitor.json<AuditDetailResponse>("GET", audit);
        seen.push([detail.session.processedAnnotations, detail.session.totalAnnotations]);
        return detail.session.status === "completed" || detail.session.status === "failed"
          ? detail
          : undefined;
      });

      expect(done.session).toMatchObject({
        status: "completed",
        totalAnnotations: annotationCount,
        processedAnnotations: annotationCount,
        skippedAnnotations: 0,
        errorMessage: null,
        lastStep: "Done",
      });
      // Progress never went back and never passed the total.
      for (let i = 1; i < seen.length; i++)
        expect(seen[i]![0]).toBeGreaterThanOrEqual(seen[i - 1]![0]);
      expect(seen.every(([processed, total]) => processed <= total && processed >= batchSize)).toBe(
        true,
      );
      // One suggestion per annotation, none twice.
      const suggested = done.suggestions.map((suggestion) => suggestion.annotationId);
      expect(suggested).toHaveLength(annotationCount);
      expect(new Set(suggested)).toEqual(new Set(ids));
      // The run resumed after the saved batch: only the cut-off batch was asked again.
      const byDate = ids; // created in date order
      expect(modelRequests.map((request) => request.annotationIds)).toEqual([
        byDate.slice(0, batchSize),
        byDate.slice(batchSize, 2 * batchSize),
        byDate.slice(batchSize, 2 * batchSize),
        byDate.slice(2 * batchSize),
      ]);
      expect(modelRequests.map((request) => request.answered)).toEqual([true, false, true, true]);

      expect(await second.stop("SIGTERM")).toBe(0);
    },
  );
});
