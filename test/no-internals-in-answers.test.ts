// What went wrong stays on the server (the log, and a failed audit's row for diagnosis); the person
// is told only the product's sentence: no answer carries an error's message, its stack or the
// server's file paths — in production and in development alike.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { annotationAuditSessions } from "../src/server/db/schema/index.js";
import type { AuditReviewer } from "../src/server/features/audits/audit-reviewer.js";
import { createOfflineReviewer } from "../src/server/features/audits/offline-reviewer.js";
import type { Mailer } from "../src/server/integrations/mailer/mailer.js";
import type { JobQueue } from "../src/server/jobs/job-queue.js";
import { createLogger } from "../src/server/logger.js";
import type { AuditDetailResponse, AuditSession } from "../src/shared/contracts/audits.js";
import { errorMessages } from "../src/shared/contracts/errors.js";
import { firstRenderDataId } from "../src/shared/contracts/first-render.js";
import {
  requestAs,
  sameOrigin,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";

const webRoot = path.resolve("dist/web");

beforeAll(() => {
  // The audit page is drawn on the server with its first data; that needs the built web app.
  if (!existsSync(path.join(webRoot, "pages", "pages.json"))) {
    const build = spawnSync("npm", ["run", "--silent", "build:web"], { encoding: "utf8" });
    if (build.status !== 0) throw new Error(`npm run build:web failed:\n${build.stderr}`);
  }
}, 180_000);

/** Where the failure happened, as Node names a file of ours in a message and in a stack. */
const internalFile = "/srv/tidemark/dist/server/features/audits/audit-internals.js";
const internalMessage = `ENOENT: no such file or directory, open '${internalFile}'`;
const internalStack = [
  `Error: ${internalMessage}`,
  `    at reviewBatch (${internalFile}:88:13)`,
  `    at runAudit (${internalFile}:141:17)`,
  "    at process.processTicksAndRejections (node:internal/process/task_queues:105:5)",
].join("\n");

function internalError(): Error {
  const error = new Error(internalMessage);
  error.stack = internalStack;
  return error;
}

/** What no answer may contain: the message, the path, a stack frame ("at name (file:1:2)"). */
const leaks = [
  internalMessage,
  internalFile,
  "/srv/tidemark",
  "ENOENT",
  "node:internal",
  "    at ",
];
const stackFrame = /\bat [\w$.<>]+ \(/;

function expectNoInternals(where: string, body: string) {
  for (const leak of leaks) expect(body, `${where} carries "${leak}"`).not.toContain(leak);
  expect(body, `${where} carries a stack frame`).not.toMatch(stackFrame);
}

/**
 * Runs each job once, at once, as its last attempt: an unexpected failure is final without
 * pg-boss's backoff between retries (half a minute for the audit). Nothing is scheduled.
 */
function everyRunFinal(): JobQueue {
  const running = new Set<Promise<void>>();
  return {
    define(definition) {
      return {
        name: definition.name,
        async send(data) {
          const run = definition
            .run(data, {
              jobId: randomUUID(),
              retryCount: 0,
              isLastAttempt: true,
              signal: new AbortController().signal,
            })
            // A run that fails for good is the job's business; its outcome is what the test reads.
            .catch(() => {})
            .finally(() => running.delete(run));
          running.add(run);
          return true;
        },
      };
    },
    async start() {},
    async stop() {
      await Promise.all(running);
    },
  };
}

/** A reviewer whose own code breaks, as a bug would: the audit cannot go on and fails. */
const offline = createOfflineReviewer({ batchSize: 20 });
const brokenReviewer: AuditReviewer = {
  kind: "offline",
  get batchSize(): number {
    throw internalError();
  },
  review: (batch, context) => offline.review(batch, context),
};

describe.each([
  ["production", { nodeEnv: "production", smtpUrl: "smtp://mail.example.com:587" }],
  ["development", { nodeEnv: "development" }],
] as const)("%s configuration", (name, config) => {
  const email = `failing.audit.${name}@example.com`;
  const logLines: string[] = [];
  /** A mail server that works until a test makes it refuse, as a real one can. */
  let mailRefused = false;
  const mailer: Mailer = {
    async sendSignInLink(message) {
      if (mailRefused) throw internalError();
      // Where the harness's own mailer keeps them, so signing in works as everywhere else.
      harness.sentLinks.push(message);
    },
  };
  let harness: AppHarness;
  let who: TestPerson;
  let failed: AuditSession;

  const get = (url: string) => requestAs(harness, who.jar, "GET", url);
  const send = (url: string, payload?: unknown) =>
    requestAs(harness, who.jar, "POST", url, payload);

  beforeAll(async () => {
    harness = await startAppHarness({
      config: { ...config, auditBetaEmails: [email] },
      deps: {
        mailer,
        auditReviewer: brokenReviewer,
        auditSleep: async () => {},
        jobs: everyRunFinal(),
        webRoot,
        logger: createLogger(
          { logLevel: "info", logFormat: "json" },
          new Writable({
            write(chunk: Buffer, _encoding, callback) {
              logLines.push(chunk.toString());
              callback();
            },
          }),
        ),
      },
    });
    who = await setUpPerson(harness, "premium", { email });
    // Something to review, so the reviewer is reached.
    const created = await send(`/api/annotations/${who.propertyId}`, {
      title: "Spring sale",
      annotationDate: { year: 2025, month: 3, day: 14 },
    });
    expect(created.statusCode, created.body).toBe(201);

    const audit = await send("/api/audits", { propertyId: who.propertyId });
    expect(audit.statusCode, audit.body).toBe(201);
    const { id } = (audit.json() as { session: AuditSession }).session;
    expect((await send(`/api/audits/${id}/start`)).statusCode).toBe(202);
    for (let poll = 0; poll < 200; poll += 1) {
      const detail = (await get(`/api/audits/${id}`)).json() as AuditDetailResponse;
      if (detail.session.status === "failed") {
        failed = detail.session;
        return;
      }
      expect(detail.session.status).not.toBe("completed");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the audit did not fail");
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
  });

  it("a failed audit tells the person the product's sentence", () => {
    expect(failed.errorMessage).toBe(errorMessages.auditStopped);
    expect(failed).not.toHaveProperty("errorStack");
  });

  it("a failed audit keeps the message and the stack in the log and in its row", async () => {
    const [row] = await harness.database.db
      .select()
      .from(annotationAuditSessions)
      .where(eq(annotationAuditSessions.id, failed.id));
    expect(row?.errorStack).toContain(`at runAudit (${internalFile}:141:17)`);
    expect(row?.errorMessage).toBe(errorMessages.auditStopped);
    const logged = logLines.filter((line) => line.includes('"audit failed"')).join("");
    expect(logged).toContain(internalMessage);
    expect(logged).toContain(internalFile);
  });

  it("a failed audit sends none of it in any answer about the audit", async () => {
    const answers = {
      detail: await get(`/api/audits/${failed.id}`),
      history: await get("/api/audits/history"),
      "start again": await send(`/api/audits/${failed.id}/start`),
      export: await send("/api/account/export"),
    };
    for (const [where, answer] of Object.entries(answers)) {
      expect(answer.statusCode, `${where}: ${answer.body}`).toBeLessThan(300);
      expectNoInternals(where, answer.body);
    }
    const history = answers.history.json() as { sessions: AuditSession[] };
    expect(history.sessions.find((session) => session.id === failed.id)).toMatchObject({
      status: "failed",
      errorMessage: errorMessages.auditStopped,
    });
  });

  it("a failed audit sends none of it in the audit page the server draws", async () => {
    for (const url of ["/audit", `/audit?id=${failed.id}`]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      // Drawn for this person, with the data the server fetched for it (not the empty shell).
      expect(page.body).toContain(`id="${firstRenderDataId}"`);
      expectNoInternals(url, page.body);
    }
  });

  it("a sign-in link the mail server refused is told in our words, and logged in full", async () => {
    mailRefused = true;
    logLines.length = 0;
    try {
      const answer = await harness.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/magic-link",
        headers: sameOrigin,
        payload: { email: `unmailed.${name}@example.com`, callbackURL: "/" },
      });
      expect(answer.statusCode).toBe(500);
      expect(answer.json()).toEqual({ error: errorMessages.internal });
      expectNoInternals("the sign-in link request", answer.body);
      const logged = logLines.join("");
      expect(logged).toContain(internalMessage);
      expect(logged).toContain(`at reviewBatch (${internalFile}`);
    } finally {
      mailRefused = false;
    }
  });
});
