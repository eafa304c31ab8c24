import { Writable } from "node:stream";
import fc from "fast-check";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCodes, errorMessages } from "../../shared/contracts/errors.js";
import { AppError } from "../app-error.js";
import { createLogger } from "../logger.js";
import { answerFrameworkError, registerErrorHandling, statusOfError } from "./error-handling.js";

let app: FastifyInstance;
/** What the next request to /throw throws: anything a bug, a library or the database might. */
let nextThrown: unknown;
const logLines: string[] = [];

beforeAll(async () => {
  app = Fastify({
    frameworkErrors: answerFrameworkError,
    loggerInstance: createLogger(
      { logLevel: "debug", logFormat: "json" },
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          logLines.push(chunk.toString());
          callback();
        },
      }),
    ) as FastifyBaseLogger,
    bodyLimit: 1024,
  });
  registerErrorHandling(app);
  app.get<{ Params: { id: string } }>("/items/:id", async (request) => request.params);
  app.get<{ Params: { code: string } }>("/refuse/:code", async (request) => {
    throw new AppError(request.params.code as AppError["code"], `Refused: ${request.params.code}`);
  });
  app.get("/busy", async () => {
    throw new AppError("google_busy", "Busy.", { retryAfterSeconds: 60 });
  });
  app.get("/crash", async () => {
    throw new TypeError("undefined is not a function");
  });
  app.post("/echo", async (request) => request.body);
  app.get("/throw", async () => {
    throw nextThrown;
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe("the error mapper", () => {
  it.each(errorCodes)("answers %s with its status, its code and its message", async (code) => {
    const response = await app.inject({ method: "GET", url: `/refuse/${code}` });
    expect(response.statusCode).toBe(statusOfError[code]);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.json()).toEqual({ error: `Refused: ${code}`, code });
  });

  it("answers the router's own refusals in the same shape, without echoing the path", async () => {
    const badUrl = await app.inject({ method: "GET", url: "/items/%E0%A4%A" });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ error: "That address is not valid.", code: "invalid_request" });
    const tooLong = await app.inject({ method: "GET", url: `/items/${"a".repeat(5000)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ error: "That address is too long.", code: "invalid_request" });
  });

  it("tells a refusal that passes with time when to try again", async () => {
    const response = await app.inject({ method: "GET", url: "/busy" });
    expect(response.statusCode).toBe(429);
    expect(response.headers["retry-after"]).toBe("60");
  });

  it("names Fastify's own request errors invalid_request and keeps their status", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/echo",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "invalid_request" });
  });

  it("gives a bug no code and no details", async () => {
    const response = await app.inject({ method: "GET", url: "/crash" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: "Something went wrong on our side. Please try again.",
    });
  });
});

/** A file of ours, as an error's message and stack would name it. */
const internalPath = "/srv/tidemark/dist/server/features/audits/audits-service.js";
const internalStack = `Error: cannot read ${internalPath}\n    at runAudit (${internalPath}:141:17)\n    at process.processTicksAndRejections (node:internal/process/task_queues:105:5)`;
const productSentences = new Set<string>(Object.values(errorMessages));

/** The answer carries one of our sentences and nothing of the error's own text. */
function expectNothingInternal(body: string, ...secrets: string[]) {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(Object.keys(parsed).every((key) => key === "error" || key === "code")).toBe(true);
  expect(productSentences.has(parsed.error as string), `not a product sentence: ${body}`).toBe(
    true,
  );
  for (const secret of [internalPath, " at ", "node:internal", "/srv/", ...secrets])
    expect(body).not.toContain(secret);
}

describe("what an unexpected error leaves in the answer", () => {
  it("answers Fastify's own refusals with our sentences, not Fastify's", async () => {
    const post = (payload: string, type = "application/json") =>
      app.inject({ method: "POST", url: "/echo", headers: { "content-type": type }, payload });
    const cases = [
      [await post("{not json"), 400, errorMessages.requestUnreadable],
      [await post(""), 400, errorMessages.requestUnreadable],
      [await post(JSON.stringify({ text: "x".repeat(2048) })), 413, errorMessages.requestTooLarge],
      [await post("<a/>", "application/xml"), 415, errorMessages.requestNotJson],
    ] as const;
    for (const [response, status, sentence] of cases) {
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ error: sentence, code: "invalid_request" });
      expect(response.body).not.toMatch(/FST_|JSON but|Unsupported Media Type|Request body/);
    }
  });

  it("keeps an unexpected error's message and stack in the log and out of the answer", async () => {
    const error = new Error(`ENOENT: no such file ${internalPath}`);
    error.stack = internalStack;
    nextThrown = error;
    logLines.length = 0;
    const response = await app.inject({ method: "GET", url: "/throw" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: errorMessages.internal });
    expectNothingInternal(response.body, "ENOENT");
    const logged = logLines.join("");
    expect(logged).toContain(internalPath);
    expect(logged).toContain("at runAudit");
  });

  it("never sends what was thrown, whatever it was and whatever status it claims", async () => {
    const marker = fc.constantFrom(internalPath, `${internalPath}:141:17`, "at Object.<anonymous>");
    const message = fc
      .tuple(fc.string({ maxLength: 30 }), marker, fc.string({ maxLength: 30 }))
      .map((parts) => parts.join(" "));
    const statusCode = fc.constantFrom(
      undefined,
      0,
      200,
      302,
      400,
      401,
      403,
      404,
      409,
      413,
      415,
      418,
      429,
      451,
      499,
      500,
      502,
      503,
      599,
      600,
      -1,
      400.5,
      Number.NaN,
      "400",
      "418",
    );
    const code = fc.constantFrom(undefined, "FST_ERR_VALIDATION", "ECONNREFUSED", "42P01", 17);
    const thrown = fc.oneof(
      fc
        .record({
          kind: fc.constantFrom(Error, TypeError, RangeError, SyntaxError, URIError),
          message,
          statusCode,
          code,
          withCause: fc.boolean(),
        })
        .map(({ kind, message, statusCode, code, withCause }) => {
          const error = new kind(message, withCause ? { cause: new Error(message) } : undefined);
          error.stack = `${kind.name}: ${message}\n${internalStack}`;
          Object.assign(error, { statusCode, code, expose: true, details: message });
          return error;
        }),
      fc.record({ message, stack: fc.constant(internalStack), statusCode }),
      message.map((text) => new AggregateError([new Error(text)], text)),
      message,
    );
    await fc.assert(
      fc.asyncProperty(thrown, async (value) => {
        nextThrown = value;
        const response = await app.inject({ method: "GET", url: "/throw" });
        expect(
          response.statusCode === 500 || (response.statusCode >= 400 && response.statusCode < 500),
        ).toBe(true);
        expectNothingInternal(response.body);
        // Only the errors that name a client status keep it; everything else is ours.
        const named = (value as { statusCode?: unknown }).statusCode;
        const isClientStatus =
          typeof value === "object" &&
          value !== null &&
          typeof named === "number" &&
          Number.isInteger(named) &&
          named >= 400 &&
          named < 500;
        expect(response.statusCode).toBe(isClientStatus ? named : 500);
      }),
      { numRuns: 300 },
    );
  });
});
