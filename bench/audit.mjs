// The AI audit of 500 annotations, on the offline reviewer and on a scripted model (no network):
// wall time, model calls, Google reads, and Google writes per applied suggestion.
// Uses the built product (dist/); run `npm run build` first (npm run bench does).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { MockLanguageModelV3 } from "ai/test";
import { sql } from "drizzle-orm";

const dist = path.resolve("dist");
const load = (file) => import(path.join(dist, file));
const { startSandbox } = await load("sandbox/index.js");
const { control, mintTokens, walkSignInPages } = await load("sandbox/testing/sandbox-test-kit.js");
const { buildApp } = await load("server/app.js");
const { openDatabase } = await load("server/db/database.js");
const { loadConfig } = await load("server/env.js");
const { sandboxGoogleEndpoints } = await load("server/integrations/google/google-endpoints.js");
const { createOfflineReviewer } = await load("server/features/audits/offline-reviewer.js");
const { createLlmReviewer } = await load("server/features/audits/llm-reviewer.js");

const annotationCount = 500;
const targets = { modelCalls: 25, writesPerApplied: 1 };
const appUrl = "http://localhost:5999";
const client = {
  clientId: "tidemark-bench-audit",
  clientSecret: "tidemark-bench-audit-secret",
  redirectUris: [`${appUrl}/api/google/callback`, `${appUrl}/api/auth/callback/google`],
};
const words = [
  ["Spring sale launch", ""],
  ["Deploy v2.3 to prod", "Checkout redesign shipped."],
  ["Tracking broken on checkout", "Purchase events missing."],
  ["A/B test: new pricing page", ""],
  ["Easter holiday", "Bank holiday weekend in the UK."],
  ["Newsletter launch", ""],
  ["CDN outage EU", "Static assets failed to load."],
  ["Rail strike", "Commuter traffic down."],
  ["Release 4.1 iOS app", ""],
  ["Flash sale", "Four-hour 50% off."],
];

// Google's side of the seeded annotations, to restore them between runs.
let token;
const seeded = [];

const dataDir = await mkdtemp(path.join(tmpdir(), "tidemark-bench-audit-"));
const sandbox = await startSandbox({ port: 0, faultControl: true, clients: [client] });
const database = await openDatabase({ engine: "pglite", dataDir: path.join(dataDir, "pglite") });
await database.migrate();
const links = [];
const email = `auditor-${Date.now()}@example.com`;
let modelCalls = 0;
/** A model that answers every batch with a title for each annotation it is shown. */
const model = new MockLanguageModelV3({
  doGenerate: async (options) => {
    modelCalls += 1;
    const prompt = options.prompt.find((message) => message.role === "user");
    const text = prompt.content.map((part) => part.text ?? "").join("");
    const { annotations } = JSON.parse(text);
    const suggestions = annotations.map((annotation) => ({
      annotationId: annotation.annotationId,
      suggestedTitle: `REVIEWED · ${annotation.title}`.slice(0, 100),
      suggestedDescription: null,
      suggestedColor: "BLUE",
      categoryId: null,
      newCategory: null,
      duplicateOfAnnotationId: null,
      vagueTitle: false,
      reasoning: "A clearer, consistent title.",
    }));
    return {
      content: [{ type: "text", text: JSON.stringify({ suggestions }) }],
      finishReason: { unified: "stop", raw: undefined },
      usage: {
        inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 0, text: 0, reasoning: 0 },
      },
      warnings: [],
    };
  },
});
let reviewer = createOfflineReviewer();
const app = await buildApp({
  config: {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", APP_URL: appUrl }),
    sessionSecret: "bench-session-secret-0123456789abcdefghijkl",
    tokenEncryptionKey: Buffer.alloc(32, 9).toString("base64"),
    serveWeb: false,
    auditBetaEmails: [email],
  },
  database,
  google: sandboxGoogleEndpoints(sandbox.url, client),
  mailer: { sendSignInLink: async (message) => links.push(message) },
  webRoot: null,
  auditReviewer: {
    kind: "offline",
    get batchSize() {
      return reviewer.batchSize;
    },
    review: (batch, context) => reviewer.review(batch, context),
  },
  auditSleep: async () => {},
});

try {
  const cookie = await signIn();
  const propertyId = await connectGoogle(cookie);
  await database.db.execute(
    sql`update users set subscription_tier = 'premium', annotation_quota = 50, property_quota = 5 where email = ${email}`,
  );
  await seedAnnotations(propertyId);

  for (const [label, next] of [
    ["offline reviewer", () => createOfflineReviewer()],
    ["scripted model", () => createLlmReviewer({ model, timeoutMs: 10_000 })],
  ]) {
    reviewer = next();
    modelCalls = 0;
    await control(sandbox.url, "DELETE", "/counters");
    const started = performance.now();
    const created = await call(cookie, "POST", "/api/audits", {
      propertyId,
      startDate: "2015-01-01",
      endDate: "2015-12-31",
    });
    const id = created.session.id;
    await call(cookie, "POST", `/api/audits/${id}/start`);
    let detail;
    for (;;) {
      detail = await call(cookie, "GET", `/api/audits/${id}`);
      if (detail.session.status === "completed" || detail.session.status === "failed") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const wallMs = performance.now() - started;
    const auditReads = await googleCalls("list");

    const applicable = detail.suggestions.filter((s) => s.applicable);
    for (const suggestion of applicable)
      await call(cookie, "PATCH", `/api/audits/${id}/suggestions/${suggestion.id}`, {
        status: "accepted",
      });
    await control(sandbox.url, "DELETE", "/counters");
    const applyStarted = performance.now();
    const result = await call(cookie, "POST", `/api/audits/${id}/apply`);
    const applyMs = performance.now() - applyStarted;
    const writes = await googleCalls("patch");
    const applyReads = await googleCalls("list");
    const perApplied = result.applied ? writes / result.applied : 0;

    console.log(`AI audit of ${detail.session.totalAnnotations} annotations, ${label}:`);
    console.log(`  status                             ${detail.session.status}`);
    console.log(`  wall time (create → completed)     ${wallMs.toFixed(0).padStart(6)} ms`);
    console.log(
      `  suggestions                        ${String(detail.suggestions.length).padStart(6)}`,
    );
    if (label === "scripted model")
      console.log(
        `  model calls                        ${String(modelCalls).padStart(6)}      target ≤ ${targets.modelCalls}     ${modelCalls <= targets.modelCalls ? "ok" : "OVER TARGET"}`,
      );
    console.log(`  Google reads during the audit      ${String(auditReads).padStart(6)}`);
    console.log(
      `  apply: ${result.applied} applied, ${result.failed} failed in ${applyMs.toFixed(0)} ms; Google reads ${applyReads}`,
    );
    console.log(
      `  Google writes per applied          ${perApplied.toFixed(2).padStart(6)}      target = ${targets.writesPerApplied}      ${perApplied === targets.writesPerApplied ? "ok" : "OFF TARGET"}`,
    );
    // The next run audits the same annotations as they are now, so put them back.
    await restoreTitles(propertyId);
  }
} finally {
  await app.close();
  await database.close();
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
}

async function call(cookie, method, url, payload) {
  const response = await app.inject({
    method,
    url,
    headers: { cookie, origin: appUrl },
    ...(payload === undefined ? {} : { payload }),
  });
  if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.body}`);
  return response.json();
}

async function googleCalls(method) {
  const { counters } = await control(sandbox.url, "GET", "/counters");
  return Object.entries(counters)
    .filter(([name]) => name.endsWith(`reportingDataAnnotations.${method}`))
    .reduce((sum, [, count]) => sum + count, 0);
}

async function signIn() {
  await app.inject({
    method: "POST",
    url: "/api/auth/sign-in/magic-link",
    headers: { origin: appUrl },
    payload: { email, callbackURL: "/" },
  });
  // The link opens the continue page; its Continue button posts the token.
  const token = new URL(links.at(-1).url).searchParams.get("token");
  const verify = await app.inject({
    method: "POST",
    url: "/api/auth/sign-in-link",
    headers: { origin: appUrl },
    payload: { token },
  });
  return verify.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

async function connectGoogle(cookie) {
  await call(cookie, "PATCH", "/api/users/subscription", { tier: "freemium" });
  const start = await app.inject({
    method: "GET",
    url: "/api/google/authorize",
    headers: { cookie },
  });
  const pending = start.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const { callback } = await walkSignInPages(start.headers.location, { email });
  await app.inject({
    method: "GET",
    url: callback.toString().replace(appUrl, ""),
    headers: { cookie: `${cookie}; ${pending}` },
  });
  const { properties } = await call(cookie, "GET", "/api/ga4/properties");
  const propertyId = properties.find((p) => p.canEdit).propertyId;
  await call(cookie, "POST", "/api/properties", { propertyId });
  return propertyId;
}

async function seedAnnotations(propertyId) {
  ({ access_token: token } = await mintTokens(sandbox.url, {
    email,
    clientId: client.clientId,
    scopes: [
      "openid",
      "email",
      "https://www.googleapis.com/auth/analytics.edit",
      "https://www.googleapis.com/auth/analytics.readonly",
    ],
  }));
  for (let index = 0; index < annotationCount; index += 1) {
    const [title, description] = words[index % words.length];
    const day = new Date(Date.UTC(2015, 0, 1 + (index % 360)));
    const body = {
      title: `${title} ${index + 1}`,
      ...(description ? { description } : {}),
      color: "BROWN",
      annotationDate: {
        year: day.getUTCFullYear(),
        month: day.getUTCMonth() + 1,
        day: day.getUTCDate(),
      },
    };
    const response = await fetch(
      `${sandbox.url}/v1alpha/properties/${propertyId}/reportingDataAnnotations`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      },
    );
    const created = await response.json();
    seeded.push({ name: created.name, title: body.title, description: description || "" });
  }
}

async function restoreTitles() {
  for (const annotation of seeded) {
    await fetch(`${sandbox.url}/v1alpha/${annotation.name}?updateMask=title,description,color`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        title: annotation.title,
        description: annotation.description,
        color: "BROWN",
      }),
    });
  }
}
