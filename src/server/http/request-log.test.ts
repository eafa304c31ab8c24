import { Writable } from "node:stream";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.js";
import { OneLineRequestLog } from "./request-log.js";

/** An app whose JSON log lines are kept, with the request log under test. */
async function appWithLog(level: "info" | "debug") {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger: FastifyBaseLogger = createLogger(
    { logLevel: level, logFormat: "json" },
    destination,
  );
  const app: FastifyInstance = Fastify({
    loggerInstance: logger,
    logController: new OneLineRequestLog({ structured: true }),
  });
  app.get("/api/health", async () => ({ status: "ok" }));
  app.get("/api/auth/magic-link/verify", async (_request, reply) => reply.code(302).send());
  app.post("/api/annotations/:id", async (_request, reply) => reply.code(201).send({}));
  await app.ready();
  return { app, lines };
}

describe("the request log", () => {
  it("writes one line per request, naming method, address, status and time", async () => {
    const { app, lines } = await appWithLog("info");
    await app.inject({ method: "POST", url: "/api/annotations/123", payload: {} });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      method: "POST",
      url: "/api/annotations/123",
      status: 201,
      msg: expect.stringMatching(/^POST \/api\/annotations\/123 201 \d+ ms$/),
    });
    await app.close();
  });

  it("never writes a one-time secret from the address", async () => {
    const { app, lines } = await appWithLog("info");
    await app.inject({ method: "GET", url: "/api/auth/magic-link/verify?token=SECRET" });
    expect(JSON.stringify(lines)).not.toContain("SECRET");
    expect(lines[0]?.url).toBe("/api/auth/magic-link/verify?token=[redacted]");
    await app.close();
  });

  it("keeps a balancer's health checks out of the info log", async () => {
    const quiet = await appWithLog("info");
    await quiet.app.inject({ method: "GET", url: "/api/health" });
    expect(quiet.lines).toEqual([]);
    await quiet.app.close();

    const verbose = await appWithLog("debug");
    await verbose.app.inject({ method: "GET", url: "/api/health" });
    expect(verbose.lines).toMatchObject([{ level: 20, url: "/api/health", status: 200 }]);
    await verbose.app.close();
  });
});
