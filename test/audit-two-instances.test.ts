import type { LanguageModelV3GenerateResult } from "@ai-sdk/provider";
import { MockLanguageModelV3 } from "ai/test";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/server/app.js";
import { openDatabase, type Database } from "../src/server/db/database.js";
import { createLlmReviewer } from "../src/server/features/audits/llm-reviewer.js";
import { sandboxGoogleEndpoints } from "../src/server/integrations/google/google-endpoints.js";
import type { AuditDetailResponse, AuditSession } from "../src/shared/contracts/audits.js";
import {
  appClient,
  appUrl,
  sameOrigin,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";
import { googleSide } from "./google-side.js";
import { testConfig } from "./test-config.js";

/**
 * Production runs several instances on one PostgreSQL. Two apps on one database — each with its
 * own pool, job workers and model — are asked to start the same audit, each twice, at once: the
 * audit runs once, on one of them, with one model call per batch and no suggestion twice.
 * PGlite belongs to one process, so this needs a PostgreSQL server (TEST_DATABASE_URL).
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const email = "two.instances@example.com";
const batchSize = 20;
const annotationCount = 3 * batchSize + 5;

interface ModelCall {
  instance: "first" | "second";
  annotationIds: string[];
}
const calls: ModelCall[] = [];

/** A model for one instance: it retitles every annotation it is shown and records the call. */
function modelFor(instance: ModelCall["instance"]) {
  return new MockLanguageModelV3({
    doGenerate: async (options): Promise<LanguageModelV3GenerateResult> => {
      const user = options.prompt.find((message) => message.role === "user")!;
      const text = user.content.map((part) => ("text" in part ? part.text : "")).join("");
      const { annotations } = JSON.parse(text) as {
        annotations: { annotationId: string; title: string }[];
      };
      calls.push({ instance, annotationIds: annotations.map((a) => a.annotationId) });
      // Slow enough that the other instance polls for work several times while this one runs.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const suggestions = annotations.map((annotation) => ({
        annotationId: annotation.annotationId,
        suggestedTitle: `RELEASE · ${annotation.title}`,
        suggestedDescription: null,
        suggestedColor: "PURPLE",
        categoryId: null,
        newCategory: null,
        duplicateOfAnnotationId: null,
        vagueTitle: false,
        reasoning: "Releases start with RELEASE.",
      }));
      return {
        content: [{ type: "text", text: JSON.stringify({ suggestions }) }],
        finishReason: { unified: "stop", raw: undefined },
        usage: {
          inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 100, text: 100, reasoning: 0 },
        },
        warnings: [],
      };
    },
  });
}

const reviewer = (instance: ModelCall["instance"]) =>
  createLlmReviewer({ model: modelFor(instance), timeoutMs: 10_000, batchSize });

let harness: AppHarness;
let secondDatabase: Database;
let second: FastifyInstance;

describe.skipIf(!postgresUrl)(
  "two app instances on one PostgreSQL (skipped without TEST_DATABASE_URL: PGlite has one process)",
  () => {
    beforeAll(async () => {
      harness = await startAppHarness({
        config: { auditBetaEmails: [email] },
        deps: { auditReviewer: reviewer("first"), auditSleep: async () => {} },
      });
      // Another instance: its own pool on the same database, the same Google and secrets.
      secondDatabase = await openDatabase({
        engine: "postgres",
        url: harness.database.url!,
        poolSize: 5,
      });
      second = await buildApp({
        config: testConfig({ appUrl, auditBetaEmails: [email] }),
        database: secondDatabase,
        google: sandboxGoogleEndpoints(harness.sandbox.url, appClient),
        mailer: { sendSignInLink: async () => {} },
        webRoot: null,
        googleRetryPolicy: { attempts: 4, baseDelayMs: 1, maxDelayMs: 2, sleep: async () => {} },
        auditReviewer: reviewer("second"),
        auditSleep: async () => {},
      });
      // Both start their job queues at the same moment, as a deploy of two instances would.
      await Promise.all([harness.app.ready(), second.ready()]);
    });
    afterAll(async () => {
      await second?.close();
      await secondDatabase?.close();
      await harness?.close();
    });

    const on = (app: FastifyInstance, who: TestPerson, method: "GET" | "POST", url: string) =>
      app.inject({
        method,
        url,
        headers: { ...sameOrigin, cookie: who.jar.header() },
      } as InjectOptions);

    it(
      "run an audit started through both, twice each, exactly once",
      { timeout: 90_000 },
      async () => {
        const who = await setUpPerson(harness, "premium", { email });
        const google = await googleSide(harness.sandbox.url, {
          email,
          propertyId: who.propertyId,
          clientId: appClient.clientId,
        });
        const ids: string[] = [];
        for (let n = 0; n < annotationCount; n++) {
          const date = `2015-${String(1 + Math.floor(n / 28)).padStart(2, "0")}-${String(1 + (n % 28)).padStart(2, "0")}`;
          ids.push(await google.create({ title: `Deploy build ${n}`, color: "BLUE", date }));
        }
        const created = await harness.app.inject({
          method: "POST",
          url: "/api/audits",
          headers: { ...sameOrigin, cookie: who.jar.header() },
          payload: { propertyId: who.propertyId, startDate: "2015-01-01", endDate: "2015-12-31" },
        });
        expect(created.statusCode, created.body).toBe(201);
        const id = (created.json().session as AuditSession).id;

        const starts = await Promise.all(
          [harness.app, second, harness.app, second].map((app) =>
            on(app, who, "POST", `/api/audits/${id}/start`),
          ),
        );
        expect(starts.map((response) => response.statusCode)).toEqual([202, 202, 202, 202]);

        const deadline = Date.now() + 60_000;
        let detail: AuditDetailResponse;
        for (let turn = 0; ; turn++) {
          // Either instance answers for the audit, whichever runs it.
          detail = (
            await on(turn % 2 ? second : harness.app, who, "GET", `/api/audits/${id}`)
          ).json();
          if (detail.session.status === "completed" || detail.session.status === "failed") break;
          if (Date.now() > deadline) throw new Error(`audit still ${detail.session.status}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(detail.session).toMatchObject({
          status: "completed",
          totalAnnotations: annotationCount,
          processedAnnotations: annotationCount,
          skippedAnnotations: 0,
          errorMessage: null,
        });

        // One run, on one instance: one model call per batch, each batch once.
        expect(new Set(calls.map((call) => call.instance)).size).toBe(1);
        expect(calls.map((call) => call.annotationIds)).toEqual([
          ids.slice(0, batchSize),
          ids.slice(batchSize, 2 * batchSize),
          ids.slice(2 * batchSize, 3 * batchSize),
          ids.slice(3 * batchSize),
        ]);
        const suggested = detail.suggestions.map((suggestion) => suggestion.annotationId);
        expect(suggested).toHaveLength(annotationCount);
        expect(new Set(suggested)).toEqual(new Set(ids));

        // The queue holds one job for the audit, finished on its first try (pg-boss records the
        // end of a run a moment after the run returns).
        const jobRows = async () =>
          (
            await harness.database.sql.executeSql(
              "select state, retry_count from pgboss.job where name = 'annotation-audit' and id = $1",
              [id],
            )
          ).rows as { state: string; retry_count: number }[];
        const recordDeadline = Date.now() + 20_000;
        while ((await jobRows())[0]?.state === "active" && Date.now() < recordDeadline)
          await new Promise((resolve) => setTimeout(resolve, 100));
        expect(await jobRows()).toEqual([{ state: "completed", retry_count: 0 }]);

        // Nothing more runs later, on either instance.
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        expect(calls).toHaveLength(4);
      },
    );
  },
);
