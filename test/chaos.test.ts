import { createHmac, randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile, readFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import Papa from "papaparse";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../src/sandbox/index.js";
import { control, walkSignInPages } from "../src/sandbox/testing/sandbox-test-kit.js";
import { openDatabase, type Database } from "../src/server/db/database.js";
import { properties, users } from "../src/server/db/schema/index.js";
import { createSettledWithinMs } from "../src/server/features/annotations/annotations-service.js";
import { createRandom } from "../src/shared/seeded-random.js";
import { appClient } from "./app-harness.js";
import { startChaosServer, type ChaosServer } from "./chaos/chaos-process.js";
import { googleSide } from "./google-side.js";
import { createScratchPostgresDatabase } from "./test-database.js";

/**
 * The chaos test (decision 0072): one person drives a seeded mix of Tidemark's writes — the
 * table's create and delete, bulk delete, bulk undo, a deletion's own undo, CSV imports, inbox
 * accepts and the assistant's creates — against the sandbox's GA4 while it drops answers after
 * committing, answers 500, 503 and 429 with Retry-After, and lets calls time out; between steps,
 * and now and then in the middle of one, the product's process is killed with SIGKILL and started
 * again on the same PostgreSQL database and the same sandbox.
 *
 * Then the faults stop, time passes, and whatever Tidemark left unconfirmed is asked again the
 * way a person would (the same request id, Undo again, Resume, Accept again). The judge reads
 * Google's state straight from the sandbox: every annotation Tidemark reported made is there
 * once, every one it reported not made or deleted is absent, and nothing is lost — each deletion
 * is brought back by its undo and each open suggestion by its accept, exactly once.
 *
 * CHAOS_SEED and CHAOS_STEPS choose the run; CI runs the fixed seed below, `npm run bench` a
 * longer run (bench/chaos.mjs). Needs TEST_DATABASE_URL: PGlite belongs to one process.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const seed = Number(process.env.CHAOS_SEED ?? 37);
const steps = Number(process.env.CHAOS_STEPS ?? 36);
const googleTimeoutMs = 1_000;
const email = "chaos.person@example.com";
const annotationMethods = "analyticsadmin.properties.reportingDataAnnotations.*";

type Expected = "present" | "absent" | "unknown";
type Kind = "table" | "assistant" | "import" | "inbox";

/** One annotation the person meant to make, and what Tidemark last told them about it. */
interface Item {
  title: string;
  kind: Kind;
  expected: Expected;
  /** The deletion that took it out, for its undo. */
  deletion?: { batchId: string } | { changeId: string; undoRequestId: string };
  /** The inbox suggestion it comes from. */
  suggestionId?: string;
  /** Every report, for the failure message. */
  reports: string[];
}

interface Answer {
  /** 0 when no answer came (the process died, or the connection was cut). */
  status: number;
  body: Record<string, unknown> & { code?: string; error?: string };
}

const unconfirmedCodes = new Set(["google_unconfirmed"]);

describe.skipIf(!postgresUrl)("chaos: every write path under Google's faults and kill -9", () => {
  let workDir: string;
  let database: { url: string; drop(): Promise<void> };
  let db: Database;
  let sandbox: RunningSandbox;
  let server: ChaosServer | null = null;
  let port: number;
  let clockFile: string;
  const random = createRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const chance = (p: number) => random() < p;
  const cookies = new Map<string, string>();
  let propertyId = "";
  let hook: { id: string; secret: string };
  let chatSession: string | null = null;
  const items = new Map<string, Item>();
  /** Re-asks for an operation whose outcome Tidemark has not told yet; true once it has. */
  const open = new Map<string, () => Promise<boolean>>();
  const counts = { operations: 0, faults: 0, crashes: 0, unconfirmed: 0 };
  let serial = 0;

  const origin = () => `http://localhost:${port}`;

  async function freePort(): Promise<number> {
    return new Promise((resolve, reject) => {
      const probe = createServer();
      probe.once("error", reject);
      probe.listen(0, "127.0.0.1", () => {
        const address = probe.address() as { port: number };
        probe.close(() => resolve(address.port));
      });
    });
  }

  async function start(): Promise<void> {
    server = await startChaosServer({
      CHAOS_DATABASE_URL: database.url,
      CHAOS_SANDBOX_URL: sandbox.url,
      CHAOS_PORT: String(port),
      CHAOS_CLOCK_FILE: clockFile,
      CHAOS_GOOGLE_TIMEOUT_MS: String(googleTimeoutMs),
      CHAOS_EMAIL: email,
    });
  }

  /**
   * kill -9, then the time a lost run takes to be noticed passes: the dead process's job runs are
   * past their heartbeat, as they would be had the restart taken that long (pg-boss itself then
   * finds them lost and retries them), and a retry's back-off is over.
   */
  async function crash(options: { moveClockMs?: number } = {}): Promise<void> {
    await server?.kill("SIGKILL");
    server = null;
    await db.sql.executeSql(
      `update pgboss.job
          set heartbeat_on = coalesce(heartbeat_on, started_on) - make_interval(secs => coalesce(heartbeat_seconds, 0) + 5)
        where state = 'active'`,
      [],
    );
    if (options.moveClockMs) {
      const offset = Number(await readFile(clockFile, "utf8")) || 0;
      await writeFile(clockFile, String(offset + options.moveClockMs));
    }
    await start();
  }

  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  function storeCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const equals = pair!.indexOf("=");
      const value = pair!.slice(equals + 1);
      if (value === "" || /max-age=0/i.test(line)) cookies.delete(pair!.slice(0, equals));
      else cookies.set(pair!.slice(0, equals), value);
    }
  }
  /** A GET whose redirect is followed by the test (the sign-in pages are the sandbox's). */
  async function redirectOf(url: string): Promise<string> {
    const response = await fetch(new URL(url, origin()), {
      redirect: "manual",
      headers: { cookie: cookieHeader() },
    });
    storeCookies(response);
    expect(response.status).toBe(302);
    return response.headers.get("location")!;
  }

  async function send(method: string, url: string, body?: unknown): Promise<Answer> {
    try {
      const response = await fetch(new URL(url, origin()), {
        method,
        redirect: "manual",
        headers: {
          cookie: cookieHeader(),
          ...(method === "GET" ? {} : { origin: origin(), "sec-fetch-site": "same-origin" }),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(120_000),
      });
      storeCookies(response);
      const text = await response.text();
      let parsed: Answer["body"] = {};
      try {
        parsed = text ? (JSON.parse(text) as Answer["body"]) : {};
      } catch {
        parsed = { error: text.slice(0, 200) };
      }
      return { status: response.status, body: parsed };
    } catch {
      return { status: 0, body: {} };
    }
  }

  /** Sends a request; with `killDuring`, the process is killed while it may still be working on it. */
  async function sendMaybeKilled(
    killDuring: boolean,
    method: string,
    url: string,
    body?: unknown,
  ): Promise<Answer> {
    if (!killDuring) return send(method, url, body);
    const answer = send(method, url, body);
    await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 150)));
    counts.crashes++;
    await crash();
    return answer;
  }

  const item = (title: string, kind: Kind): Item => {
    const made: Item = { title, kind, expected: "unknown", reports: [] };
    items.set(title, made);
    return made;
  };
  const report = (target: Item, expected: Expected, what: string) => {
    target.expected = expected;
    target.reports.push(`${what} → ${expected}`);
  };
  const describeAnswer = (answer: Answer) =>
    answer.status === 0 ? "no answer" : `${answer.status} ${answer.body.code ?? ""}`.trim();
  /** A refusal Tidemark may not have settled yet: no answer, a lost answer, or our own failure. */
  const notTold = (answer: Answer) =>
    answer.status === 0 ||
    unconfirmedCodes.has(answer.body.code ?? "") ||
    (answer.status >= 500 && !answer.body.code);

  const day = (n: number) => {
    const date = new Date(Date.UTC(2025, 0, 1) + (n % 500) * 86_400_000);
    return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
  };
  const isoDay = (n: number) => {
    const { year, month, day: d } = day(n);
    return `${year}-${String(month).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  };
  const nextTitle = (what: string) => `Chaos ${seed}-${++serial} ${what}`;

  /** The annotation ids Tidemark lists now, by title; null when it cannot list just now. */
  async function listedIds(): Promise<Map<string, string> | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await send("GET", `/api/annotations/${propertyId}`);
      if (answer.status === 200) {
        const listed = answer.body.reportingDataAnnotations as {
          title: string;
          annotationId: string;
        }[];
        return new Map(listed.map((a) => [a.title, a.annotationId]));
      }
    }
    return null;
  }

  // ——— The write paths, each recording what Tidemark reported ———

  async function tableCreate(killDuring: boolean): Promise<void> {
    const made = item(nextTitle("table"), "table");
    const body = { title: made.title, annotationDate: day(serial), requestId: randomUUID() };
    const ask = async (what: string, answer: Answer): Promise<boolean> => {
      if (answer.status === 201) report(made, "present", `${what}: created`);
      else if (notTold(answer)) {
        report(made, "unknown", `${what}: ${describeAnswer(answer)}`);
        return false;
      } else report(made, "absent", `${what}: ${describeAnswer(answer)}`);
      return true;
    };
    const url = `/api/annotations/${propertyId}`;
    if (!(await ask("create", await sendMaybeKilled(killDuring, "POST", url, body)))) {
      counts.unconfirmed++;
      // The dialog's retry: the same request id, so never a second annotation.
      open.set(made.title, async () => ask("create again", await send("POST", url, body)));
    }
  }

  async function assistantCreate(): Promise<void> {
    const made = item(nextTitle("assistant"), "assistant");
    const answer = await send("POST", "/api/chat", {
      message: `add '${made.title}' on ${isoDay(serial)}`,
      propertyId,
      ...(chatSession ? { sessionId: chatSession } : {}),
      timeZone: "UTC",
    });
    if (answer.status === 200) chatSession = answer.body.sessionId as string;
    const reply = String(answer.body.reply ?? "");
    if (answer.status === 200 && reply.startsWith(`Created “${made.title}”`))
      report(made, "present", `chat: ${reply}`);
    else if (answer.status === 200 && !reply.includes("did not confirm"))
      report(made, "absent", `chat: ${reply}`);
    else {
      // The assistant cannot be asked the same create again; its outcome is what Tidemark's
      // list shows once Google's answer is settled.
      report(made, "unknown", `chat: ${answer.status === 0 ? "no answer" : reply}`);
      counts.unconfirmed++;
      open.set(made.title, async () => {
        const listed = await listedIds();
        if (!listed) return false;
        report(made, listed.has(made.title) ? "present" : "absent", "listed after");
        return true;
      });
    }
  }

  /** Waits for an import's run to stop; a run lost with its process is retried by pg-boss. */
  async function importSettled(importId: string): Promise<Answer> {
    for (let attempt = 0; attempt < 1_200; attempt++) {
      const answer = await send("GET", `/api/annotation-imports/${importId}`);
      if (answer.status === 200 && answer.body.status !== "running") return answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`import ${importId} never stopped running`);
  }

  function readImport(rows: Item[], answer: Answer, what: string): boolean {
    const failed = new Set((answer.body.failures as { title: string }[]).map((r) => r.title));
    const waiting = new Set((answer.body.waiting as { title: string }[]).map((r) => r.title));
    for (const row of rows) {
      if (failed.has(row.title)) report(row, "absent", `${what}: failed`);
      else if (waiting.has(row.title)) report(row, "unknown", `${what}: waiting`);
      else report(row, "present", `${what}: imported`);
    }
    return waiting.size === 0;
  }

  async function csvImport(crashAfterStart: boolean): Promise<void> {
    const rows = Array.from({ length: 2 + Math.floor(random() * 3) }, () =>
      item(nextTitle("import"), "import"),
    );
    const text = Papa.unparse(
      [["date", "title"], ...rows.map((row, i) => [isoDay(serial + i), row.title])],
      { newline: "\r\n" },
    );
    const file = { fileName: "chaos.csv", targetPropertyId: propertyId, text };
    let preview: Answer | null = null;
    for (let attempt = 0; attempt < 5 && preview?.status !== 200; attempt++)
      preview = await send("POST", "/api/annotation-imports/preview", file);
    if (preview?.status !== 200) {
      for (const row of rows) report(row, "absent", `preview: ${describeAnswer(preview!)}`);
      return;
    }
    const importId = randomUUID();
    const body = { ...file, mapping: preview.body.mapping, importId };
    let started = await send("POST", "/api/annotation-imports", body);
    // Starting is idempotent by the import's id: sent again until it is answered.
    while (started.status === 0 || started.status >= 500)
      started = await send("POST", "/api/annotation-imports", body);
    if (started.status !== 202) {
      for (const row of rows) report(row, "absent", `start: ${describeAnswer(started)}`);
      return;
    }
    if (crashAfterStart) {
      // Killed while its job writes the rows.
      await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 400)));
      counts.crashes++;
      await crash();
    }
    if (!readImport(rows, await importSettled(importId), "import")) {
      counts.unconfirmed++;
      open.set(importId, async () => {
        const resumed = await send("POST", `/api/annotation-imports/${importId}/resume`);
        if (resumed.status !== 200) return false;
        return readImport(rows, await importSettled(importId), "resume");
      });
    }
  }

  async function inboxAccept(killDuring: boolean): Promise<void> {
    const tag = `chaos-${seed}-${++serial}`;
    const body = JSON.stringify({
      action: "published",
      release: { id: serial, tag_name: tag, name: tag, body: "Chaos", published_at: new Date() },
      repository: { full_name: "acme/shop" },
    });
    const delivered = await fetch(`${origin()}/api/hooks/${hook.id}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-github-event": "release",
        "x-github-delivery": randomUUID(),
        "x-hub-signature-256": `sha256=${createHmac("sha256", hook.secret).update(body).digest("hex")}`,
      },
      body,
    }).catch(() => null);
    if (!delivered || delivered.status >= 300) return;
    let suggestion: { id: string; title: string } | undefined;
    for (let attempt = 0; attempt < 600 && !suggestion; attempt++) {
      const inbox = await send("GET", `/api/properties/${propertyId}/suggestions?status=open`);
      suggestion = (inbox.body.suggestions as { id: string; title: string }[] | undefined)?.find(
        (s) => s.title.includes(tag),
      );
      if (!suggestion) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!suggestion) throw new Error(`the release ${tag} never reached the inbox`);
    const made = item(suggestion.title, "inbox");
    made.suggestionId = suggestion.id;
    const url = `/api/properties/${propertyId}/suggestions/${suggestion.id}/accept`;
    const ask = async (what: string, answer: Answer): Promise<boolean> => {
      if (answer.status === 200) report(made, "present", `${what}: accepted`);
      else if (answer.body.code === "suggestion_closed")
        report(made, "present", `${what}: accepted before`);
      else if (notTold(answer)) {
        report(made, "unknown", `${what}: ${describeAnswer(answer)}`);
        return false;
      } else report(made, "absent", `${what}: ${describeAnswer(answer)}`);
      return true;
    };
    if (!(await ask("accept", await sendMaybeKilled(killDuring, "POST", url, {})))) {
      counts.unconfirmed++;
      open.set(made.title, async () => ask("accept again", await send("POST", url, {})));
    }
  }

  /** Annotations Tidemark reported made and not deleted, with their ids as it lists them. */
  async function deletable(count: number): Promise<{ item: Item; annotationId: string }[]> {
    const listed = await listedIds();
    if (!listed) return [];
    const candidates = [...items.values()].filter(
      (i) => i.expected === "present" && listed.has(i.title) && !open.has(i.title),
    );
    const chosen: { item: Item; annotationId: string }[] = [];
    while (chosen.length < count && candidates.length > 0) {
      const [next] = candidates.splice(Math.floor(random() * candidates.length), 1);
      chosen.push({ item: next!, annotationId: listed.get(next!.title)! });
    }
    return chosen;
  }

  async function singleDelete(killDuring: boolean): Promise<boolean> {
    const [target] = await deletable(1);
    if (!target) return false;
    const url = `/api/annotations/${propertyId}/${target.annotationId}`;
    const ask = async (what: string, answer: Answer): Promise<boolean> => {
      if (answer.status === 200) {
        report(target.item, "absent", `${what}: deleted`);
        if (answer.body.changeId)
          target.item.deletion = {
            changeId: answer.body.changeId as string,
            undoRequestId: randomUUID(),
          };
      } else if (answer.body.code === "annotation_not_found" && what !== "delete")
        report(target.item, "absent", `${what}: gone`);
      else if (notTold(answer)) {
        report(target.item, "unknown", `${what}: ${describeAnswer(answer)}`);
        return false;
      } else report(target.item, "present", `${what}: ${describeAnswer(answer)}`);
      return true;
    };
    if (!(await ask("delete", await sendMaybeKilled(killDuring, "DELETE", url)))) {
      counts.unconfirmed++;
      open.set(target.item.title, async () => ask("delete again", await send("DELETE", url)));
    }
    return true;
  }

  async function bulkDelete(killDuring: boolean): Promise<boolean> {
    const targets = await deletable(2 + Math.floor(random() * 3));
    if (targets.length === 0) return false;
    const batchId = randomUUID();
    const body = {
      requestId: batchId,
      action: "delete",
      items: targets.map((t) => ({ propertyId, annotationId: t.annotationId })),
    };
    const ask = async (what: string, answer: Answer): Promise<boolean> => {
      if (answer.status !== 200) {
        for (const t of targets) report(t.item, "unknown", `${what}: ${describeAnswer(answer)}`);
        return false;
      }
      let settled = true;
      for (const row of answer.body.results as {
        annotationId: string;
        status: string;
        code?: string;
      }[]) {
        const target = targets.find((t) => t.annotationId === row.annotationId)!;
        if (row.status === "changed") {
          report(target.item, "absent", `${what}: deleted`);
          target.item.deletion = { batchId };
        } else if (unconfirmedCodes.has(row.code ?? "")) {
          report(target.item, "unknown", `${what}: ${row.code}`);
          settled = false;
        } else report(target.item, "present", `${what}: failed ${row.code ?? ""}`);
      }
      return settled;
    };
    const url = "/api/annotations/bulk";
    if (!(await ask("bulk delete", await sendMaybeKilled(killDuring, "POST", url, body)))) {
      counts.unconfirmed++;
      // The same request again: rows done are answered from the record, the others tried.
      open.set(batchId, async () => ask("bulk delete again", await send("POST", url, body)));
    }
    return true;
  }

  /** Undo of a bulk deletion; true once every row's undo is told. */
  async function undoBatch(batchId: string, what: string, answer: Answer): Promise<boolean> {
    const rows = [...items.values()].filter(
      (i) => i.deletion && "batchId" in i.deletion && i.deletion.batchId === batchId,
    );
    if (answer.status !== 200) {
      for (const row of rows)
        if (row.expected !== "present")
          report(row, "unknown", `${what}: ${describeAnswer(answer)}`);
      return false;
    }
    let settled = true;
    for (const result of answer.body.results as { title: string; status: string }[]) {
      const row = items.get(result.title);
      // A row deleted again since, by another batch or on its own: this answer is about the
      // deletion this batch made, which was undone before, not about the annotation now.
      if (!row?.deletion || !("batchId" in row.deletion) || row.deletion.batchId !== batchId)
        continue;
      if (result.status === "undone") report(row, "present", `${what}: undone`);
      else if (result.status === "failed") report(row, "absent", `${what}: failed`);
      else {
        report(row, "unknown", `${what}: unconfirmed`);
        settled = false;
      }
    }
    return settled;
  }

  async function bulkUndo(killDuring: boolean): Promise<boolean> {
    const batches = [
      ...new Set(
        [...items.values()]
          .filter((i) => i.expected === "absent" && i.deletion && "batchId" in i.deletion)
          .map((i) => (i.deletion as { batchId: string }).batchId),
      ),
    ].filter((id) => !open.has(id) && !open.has(`undo ${id}`));
    if (batches.length === 0) return false;
    const batchId = pick(batches);
    const url = `/api/annotations/bulk/${batchId}/undo`;
    if (!(await undoBatch(batchId, "undo", await sendMaybeKilled(killDuring, "POST", url)))) {
      counts.unconfirmed++;
      open.set(`undo ${batchId}`, async () =>
        undoBatch(batchId, "undo again", await send("POST", url)),
      );
    }
    return true;
  }

  async function undoOne(target: Item, what: string, answer: Answer): Promise<boolean> {
    if (answer.status === 200) report(target, "present", `${what}: undone`);
    else if (notTold(answer)) {
      report(target, "unknown", `${what}: ${describeAnswer(answer)}`);
      return false;
    } else report(target, "absent", `${what}: ${describeAnswer(answer)}`);
    return true;
  }

  async function singleUndo(killDuring: boolean): Promise<boolean> {
    const candidates = [...items.values()].filter(
      (i) =>
        i.expected === "absent" && i.deletion && "changeId" in i.deletion && !open.has(i.title),
    );
    if (candidates.length === 0) return false;
    const target = pick(candidates);
    const deletion = target.deletion as { changeId: string; undoRequestId: string };
    const url = `/api/annotations/${propertyId}/changes/${deletion.changeId}/undo`;
    const body = { requestId: deletion.undoRequestId };
    if (!(await undoOne(target, "undo", await sendMaybeKilled(killDuring, "POST", url, body)))) {
      counts.unconfirmed++;
      open.set(target.title, async () =>
        undoOne(target, "undo again", await send("POST", url, body)),
      );
    }
    return true;
  }

  // ——— Setting up, running, judging ———

  async function signIn(): Promise<void> {
    const walked = await walkSignInPages(await redirectOf("/api/login"), { email });
    expect((await send("GET", walked.callback.toString())).status).toBe(302);
    expect((await send("PATCH", "/api/users/subscription", { tier: "premium" })).status).toBe(200);
    const consent = await walkSignInPages(await redirectOf("/api/google/authorize"), {
      email,
      cookie: walked.cookie,
    });
    expect((await send("GET", consent.callback.toString())).status).toBe(302);
    const reachable = await send("GET", "/api/ga4/properties");
    propertyId = (reachable.body.properties as { propertyId: string; canEdit: boolean }[]).find(
      (p) => p.canEdit,
    )!.propertyId;
    expect([200, 201]).toContain((await send("POST", "/api/properties", { propertyId })).status);
    // Enough annotations a day for the run, and the tests' calendar.
    await db.db.update(users).set({ annotationQuota: 100_000 }).where(eq(users.email, email));
    await db.db
      .update(properties)
      .set({ timeZone: "UTC" })
      .where(eq(properties.propertyId, propertyId));
    const made = await send("POST", `/api/properties/${propertyId}/hooks`, { name: "Deploys" });
    expect(made.status).toBe(201);
    hook = made.body as unknown as { id: string; secret: string };
  }

  async function faultsFired(): Promise<number> {
    const { faults } = await control<{ faults: { fired: number }[] }>(
      sandbox.url,
      "GET",
      "/faults",
    );
    return faults.reduce((sum, rule) => sum + rule.fired, 0);
  }

  async function setFaults(): Promise<void> {
    const rules = [
      { kind: "commit-then-drop", probability: 0.12 },
      { kind: "internal", probability: 0.07 },
      { kind: "unavailable", probability: 0.08 },
      { kind: "resource-exhausted", probability: 0.08, retryAfterSeconds: 1 },
      // Past the client's timeout: the call is given up while Google still carries it out.
      { kind: "latency", probability: 0.04, latencyMs: googleTimeoutMs + 300 },
    ];
    for (const [index, rule] of rules.entries())
      await control(sandbox.url, "POST", "/faults", {
        method: annotationMethods,
        seed: seed * 10 + index,
        ...rule,
      });
  }

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), "tidemark-chaos-"));
    clockFile = path.join(workDir, "clock-offset");
    await writeFile(clockFile, "0");
    database = await createScratchPostgresDatabase(postgresUrl!);
    db = await openDatabase({ engine: "postgres", url: database.url, poolSize: 2 });
    port = await freePort();
    sandbox = await startSandbox({
      port: 0,
      faultControl: true,
      clients: [
        {
          ...appClient,
          redirectUris: [`${origin()}/api/auth/callback/google`, `${origin()}/api/google/callback`],
        },
      ],
    });
    await start();
    await signIn();
  }, 120_000);

  afterAll(async () => {
    await server?.kill("SIGTERM");
    await sandbox?.close();
    await db?.close();
    await database?.drop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  }, 60_000);

  it(
    `ends with Google holding exactly what Tidemark reported (seed ${seed}, ${steps} steps)`,
    async () => {
      await setFaults();
      for (let step = 0; step < steps; step++) {
        if (step > 0 && chance(0.2)) {
          counts.crashes++;
          await crash();
        }
        const killDuring = chance(0.08);
        const operation = pick([
          "table",
          "table",
          "assistant",
          "import",
          "inbox",
          "delete",
          "bulk-delete",
          "bulk-delete",
          "bulk-undo",
          "bulk-undo",
          "undo",
        ] as const);
        counts.operations++;
        const acted =
          operation === "table"
            ? await tableCreate(killDuring)
            : operation === "assistant"
              ? await assistantCreate()
              : operation === "import"
                ? await csvImport(killDuring || chance(0.3))
                : operation === "inbox"
                  ? await inboxAccept(killDuring)
                  : operation === "delete"
                    ? await singleDelete(killDuring)
                    : operation === "bulk-delete"
                      ? await bulkDelete(killDuring)
                      : operation === "bulk-undo"
                        ? await bulkUndo(killDuring)
                        : await singleUndo(killDuring);
        // With nothing to delete or undo yet, the step makes an annotation instead.
        if (acted === false) await tableCreate(false);
      }

      // Google is well again; time passes (every create sent is past the time a listing needs to
      // prove it missing), and what is still untold is asked again as a person would.
      counts.faults = await faultsFired();
      await control(sandbox.url, "DELETE", "/faults");
      await crash({ moveClockMs: createSettledWithinMs + 5_000 });
      await listedIds();
      for (let round = 0; round < 4 && open.size > 0; round++) {
        for (const [key, askAgain] of [...open]) if (await askAgain()) open.delete(key);
      }

      const google = await googleSide(sandbox.url, {
        email,
        propertyId,
        clientId: appClient.clientId,
      });
      const held = async () => {
        const counted = new Map<string, number>();
        for (const annotation of await google.list())
          counted.set(annotation.title, (counted.get(annotation.title) ?? 0) + 1);
        return counted;
      };
      const problems: string[] = [];
      let duplicates = 0;
      let misreported = 0;
      let lost = 0;
      const inGoogle = await held();
      for (const target of items.values()) {
        const n = inGoogle.get(target.title) ?? 0;
        const history = `${target.title} [${target.kind}]: ${target.reports.join("; ")}; Google holds ${n}`;
        if (n > 1) {
          duplicates++;
          problems.push(`duplicate: ${history}`);
        }
        if (
          target.expected === "unknown" ||
          (target.expected === "present" && n === 0) ||
          (target.expected === "absent" && n > 0)
        ) {
          misreported++;
          problems.push(`misreported: ${history}`);
        }
      }

      // Nothing lost: what Tidemark deleted comes back by its undo, and an open suggestion by
      // its accept, each exactly once.
      const recovered: Item[] = [];
      for (const target of items.values()) {
        if (target.expected !== "absent" || (inGoogle.get(target.title) ?? 0) > 0) continue;
        let answer: Answer | null = null;
        if (target.deletion && "changeId" in target.deletion)
          answer = await send(
            "POST",
            `/api/annotations/${propertyId}/changes/${target.deletion.changeId}/undo`,
            { requestId: target.deletion.undoRequestId },
          );
        else if (target.deletion && "batchId" in target.deletion) {
          const batch = await send("POST", `/api/annotations/bulk/${target.deletion.batchId}/undo`);
          const row = (batch.body.results as { title: string; status: string }[] | undefined)?.find(
            (r) => r.title === target.title,
          );
          answer = { status: row?.status === "undone" ? 200 : batch.status || 500, body: {} };
        } else if (target.suggestionId)
          answer = await send(
            "POST",
            `/api/properties/${propertyId}/suggestions/${target.suggestionId}/accept`,
            {},
          );
        else if (target.kind === "import") answer = { status: 500, body: {} };
        if (!answer) continue;
        if (answer.status !== 200) {
          lost++;
          problems.push(
            `lost: ${target.title}: ${describeAnswer(answer)}; ${target.reports.join("; ")}`,
          );
        } else recovered.push(target);
      }
      const afterRecovery = await held();
      for (const target of recovered) {
        const n = afterRecovery.get(target.title) ?? 0;
        if (n !== 1) {
          if (n > 1) duplicates++;
          else lost++;
          problems.push(`brought back ${n} times: ${target.title}`);
        }
      }

      console.warn(
        `chaos seed=${seed} steps=${steps}: operations ${counts.operations}, annotations ${items.size}, ` +
          `faults ${counts.faults}, crashes ${counts.crashes}, unconfirmed then settled ${counts.unconfirmed}, ` +
          `brought back ${recovered.length}, duplicates ${duplicates}, lost ${lost}, misreported ${misreported}`,
      );
      expect(
        problems,
        `${problems.join("\n")}\n\nlast process output:\n${server?.output().slice(-3_000)}`,
      ).toEqual([]);
      expect({ duplicates, lost, misreported }).toEqual({ duplicates: 0, lost: 0, misreported: 0 });
      // The run did what it claims: writes of every kind, faults that fired, and crashes.
      expect(counts.faults).toBeGreaterThan(0);
      expect(counts.crashes).toBeGreaterThan(0);
      expect(new Set([...items.values()].map((i) => i.kind)).size).toBe(4);
    },
    30 * 60_000,
  );
});
