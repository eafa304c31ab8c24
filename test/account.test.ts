import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { symmetricDecrypt } from "better-auth/crypto";
import { control, walkSignInPages } from "../src/sandbox/testing/sandbox-test-kit.js";
import {
  accounts,
  annotationAuditSessions,
  annotationSuggestions,
  sessions,
  users,
  type User,
} from "../src/server/db/schema/index.js";
import { createSuggestionBatchRows } from "../src/server/features/suggestions/suggestion-rows.js";
import { createJobQueue } from "../src/server/jobs/job-queue.js";
import { createSecretBox, parseEncryptionKey } from "../src/server/security/secret-box.js";
import { calendarDateOf } from "../src/shared/calendar-date.js";
import { dataRetention } from "../src/shared/data-retention.js";
import {
  appUrl,
  CookieJar,
  sameOrigin,
  setUpPerson,
  signInWithEmailLink,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";
import { testConfig } from "./test-config.js";

/**
 * The account page's promises, through the HTTP API on a real database: the export holds
 * everything stored about the person and no secret; deleting the account removes every row of
 * theirs, ends every session and revokes Google's grant; accounts idle for the retention period
 * are deleted by the daily job.
 */
let harness: AppHarness;
const logLines: { level: number; msg: string; [key: string]: unknown }[] = [];
const box = createSecretBox(parseEncryptionKey(testConfig().tokenEncryptionKey!));

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean))
        logLines.push(JSON.parse(line) as (typeof logLines)[number]);
      done();
    },
  });
  harness = await startAppHarness({
    // Exports are limited below the default, so the limit's test proves it comes from configuration.
    config: { rateLimits: { ...testConfig().rateLimits, accountExportsPerHour: 3 } },
    // A revoke Google does not answer is tried twice more, after a second or two, then a few.
    deps: {
      logger: pino({ level: "info" }, logStream),
      googleRevokeRetry: { limit: 2, delaySeconds: 1 },
    },
  });
});
afterAll(async () => {
  await harness?.close();
});

const db = () => harness.database.db;

async function userByEmail(email: string): Promise<User | undefined> {
  const [user] = await db().select().from(users).where(eq(users.email, email));
  return user;
}

/** A person with something in every table the export covers. */
async function personWithData(): Promise<
  TestPerson & { user: User; categoryId: string; feedUrl: string }
> {
  const person = await setUpPerson(harness, "premium");
  const headers = { ...sameOrigin, cookie: person.jar.header() };
  const category = await harness.app.inject({
    method: "POST",
    url: "/api/categories",
    headers,
    payload: { name: `Launches ${person.email}`, color: "BLUE" },
  });
  expect(category.statusCode).toBe(201);
  const annotation = await harness.app.inject({
    method: "POST",
    url: `/api/annotations/${person.propertyId}`,
    headers,
    payload: {
      title: `Launch of ${person.email}`,
      annotationDate: calendarDateOf(new Date()),
      categoryId: category.json().id,
    },
  });
  expect(annotation.statusCode).toBe(201);
  const chat = await harness.app.inject({
    method: "POST",
    url: "/api/chat",
    headers,
    payload: { message: `list annotations for ${person.email}`, propertyId: person.propertyId },
  });
  expect(chat.statusCode).toBe(200);
  const dismissal = await harness.app.inject({
    method: "POST",
    url: `/api/traffic/${person.propertyId}/dismissals`,
    headers,
    payload: { date: "2026-01-05" },
  });
  expect(dismissal.statusCode).toBeLessThan(300);
  const user = (await userByEmail(person.email))!;
  const [audit] = await db()
    .insert(annotationAuditSessions)
    .values({ userId: user.id, propertyId: person.propertyId, status: "completed" })
    .returning();
  await db()
    .insert(annotationSuggestions)
    .values({
      auditSessionId: audit!.id,
      annotationId: annotation.json().annotationId,
      originalTitle: `Launch of ${person.email}`,
      suggestedTitle: "Product launch",
    });
  const feed = await harness.app.inject({
    method: "POST",
    url: "/api/account/feeds",
    headers,
    payload: { name: `Dashboard of ${person.email}`, propertyIds: [person.propertyId] },
  });
  expect(feed.statusCode, feed.body).toBe(201);
  return { ...person, user, categoryId: category.json().id, feedUrl: feed.json().url };
}

function exportOf(jar: CookieJar, headers: Record<string, string> = sameOrigin) {
  return harness.app.inject({
    method: "POST",
    url: "/api/account/export",
    headers: { ...headers, cookie: jar.header() },
  });
}

function deleteAccount(jar: CookieJar, confirmEmail: unknown) {
  return harness.app.inject({
    method: "POST",
    url: "/api/account/delete",
    headers: { ...sameOrigin, cookie: jar.header() },
    payload: { confirmEmail },
  });
}

/** Every value in every table that is, or contains, the person's id or email address. */
async function rowsMentioning(user: User): Promise<string[]> {
  const columns = await db().execute<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('uuid', 'text', 'character varying', 'jsonb')`);
  const found: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    const column = sql.identifier(column_name);
    const result = await db().execute<{ n: number }>(sql`
      select count(*)::int as n from ${sql.identifier(table_name)}
      where ${column}::text = ${user.id}
         or position(${user.id} in ${column}::text) > 0
         or position(${user.email} in lower(${column}::text)) > 0`);
    if (result.rows[0]!.n > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

/**
 * How the revoke jobs queued by the deletion of `userId` ended, once every one has (the
 * deletion's log line names them; each job logs its outcome).
 */
async function revokeOutcomes(
  userId: string,
): Promise<{ googleRevoke: unknown; attempts: unknown; level: number }[]> {
  const deletion = logLines.find(
    (line) => line.msg === "account deleted" && line.userId === userId,
  );
  const ids = (deletion?.revocationIds ?? []) as string[];
  const deadline = Date.now() + 30_000;
  for (;;) {
    const settled = ids.map((id) =>
      logLines.find((line) => line.revocationId === id && "attempts" in line),
    );
    if (settled.every(Boolean))
      return settled.map((line) => ({
        googleRevoke: line!.googleRevoke,
        attempts: line!.attempts,
        level: line!.level,
      }));
    if (Date.now() > deadline) throw new Error(`revokes still unsettled for ${userId}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function revokeCalls(): Promise<number> {
  const { counters } = await control<{ counters: Record<string, number> }>(
    harness.sandbox.url,
    "GET",
    "/counters",
  );
  return counters["oauth2.revoke"] ?? 0;
}

/** Whether Google still honours a refresh token of the test client. */
async function refreshWorks(refreshToken: string): Promise<boolean> {
  const refresh = await fetch(`${harness.sandbox.url}/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: "tidemark-test-app",
      client_secret: "tidemark-test-app-secret",
    }),
  });
  if (refresh.status === 200) return true;
  expect(refresh.status).toBe(400);
  expect(await refresh.json()).toMatchObject({ error: "invalid_grant" });
  return false;
}

async function pendingRevocationRows(): Promise<number> {
  const result = await db().execute<{ n: number }>(
    sql`select count(*)::int as n from pending_google_revocations`,
  );
  return result.rows[0]!.n;
}

async function stillSignedIn(jar: CookieJar): Promise<boolean> {
  const response = await harness.app.inject({
    method: "GET",
    url: "/api/auth/user",
    headers: { cookie: jar.header() },
  });
  return response.statusCode === 200;
}

describe("exporting my data", () => {
  it("downloads one JSON file with everything stored about me, and only about me", async () => {
    const me = await personWithData();
    const other = await personWithData();
    const response = await exportOf(me.jar);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="tidemark-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = response.json();
    expect(data.format).toBe("tidemark-account-export");
    expect(data.account).toMatchObject({
      id: me.user.id,
      email: me.email,
      subscriptionTier: "premium",
    });
    expect(data.savedProperties.map((p: { propertyId: string }) => p.propertyId)).toEqual([
      me.propertyId,
    ]);
    expect(data.categories).toHaveLength(1);
    expect(data.categories[0]).toMatchObject({ name: `Launches ${me.email}`, color: "BLUE" });
    expect(data.annotationCategoryAssignments).toEqual([
      expect.objectContaining({ categoryId: me.categoryId, propertyId: me.propertyId }),
    ]);
    expect(data.annotationChanges).toEqual([
      expect.objectContaining({ eventType: "created", propertyId: me.propertyId }),
    ]);
    expect(data.annotationCreateRequests).toHaveLength(1);
    expect(data.audits).toHaveLength(1);
    expect(data.audits[0].suggestions).toEqual([
      expect.objectContaining({ suggestedTitle: "Product launch" }),
    ]);
    expect(data.audits[0]).not.toHaveProperty("errorStack");
    expect(data.chats).toHaveLength(1);
    expect(data.chats[0].messages.map((m: { role: string }) => m.role)).toEqual([
      "user",
      "assistant",
    ]);
    expect(data.chats[0].messages[0].content).toBe(`list annotations for ${me.email}`);
    expect(data.dismissedTrafficChanges).toEqual([
      expect.objectContaining({ propertyId: me.propertyId, day: "2026-01-05" }),
    ]);
    // The feed by its name and properties, never its address or the address's hash.
    expect(data.annotationFeeds).toEqual([
      expect.objectContaining({ name: `Dashboard of ${me.email}`, propertyIds: [me.propertyId] }),
    ]);
    expect(data.annotationFeeds[0]).not.toHaveProperty("tokenHash");
    expect(response.body).not.toContain(
      new URL(me.feedUrl).pathname.split("/").at(-1)!.slice(0, -4),
    );
    // An email link leaves no sign-in identity row; Google sign-in would.
    expect(data.signInMethods).toEqual([]);
    expect(data.sessions.length).toBeGreaterThan(0);

    // Only mine: nothing of the other person's appears anywhere in the file.
    expect(response.body).not.toContain(other.email);
    expect(response.body).not.toContain(other.user.id);
    expect(response.body).not.toContain(other.categoryId);
  });

  it("holds no secret: no Google token, no session token, no sign-in secret", async () => {
    const me = await personWithData();
    const response = await exportOf(me.jar);
    expect(response.statusCode).toBe(200);
    const user = (await userByEmail(me.email))!;
    const secrets = [user.googleAccessToken, user.googleRefreshToken];
    secrets.push(box.open(user.googleAccessToken!), box.open(user.googleRefreshToken!));
    for (const row of await db().select().from(sessions).where(eq(sessions.userId, user.id)))
      secrets.push(row.token);
    for (const row of await db().select().from(accounts).where(eq(accounts.userId, user.id)))
      secrets.push(row.accessToken, row.refreshToken, row.idToken, row.password);
    const present = secrets.filter((value): value is string => typeof value === "string");
    expect(present.length).toBeGreaterThanOrEqual(4);
    for (const value of present) expect(response.body).not.toContain(value);
    const keys = [...response.body.matchAll(/"([A-Za-z]+)":/g)].map((match) => match[1]!);
    for (const key of keys)
      expect(key).not.toMatch(/^(token|password|.*(Access|Refresh|Id)Token)$/i);
  });

  it("answers 401 when signed out and 403 to another site", async () => {
    const me = await setUpPerson(harness, "freemium");
    expect((await exportOf(new CookieJar())).statusCode).toBe(401);
    for (const origin of ["https://evil.example", "null"]) {
      const response = await exportOf(me.jar, { origin });
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain(me.email);
    }
    const noOrigin = await harness.app.inject({
      method: "POST",
      url: "/api/account/export",
      headers: { cookie: me.jar.header() },
    });
    expect(noOrigin.statusCode).toBe(403);
  });

  it("is rate limited per person", async () => {
    const me = await setUpPerson(harness, "freemium");
    const answers: number[] = [];
    for (let index = 0; index < 4; index += 1) answers.push((await exportOf(me.jar)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
  });
});

describe("deleting my account", () => {
  it("refuses an address that is not mine with a 400, and loses nothing", async () => {
    const me = await personWithData();
    const before = await rowsMentioning(me.user);
    for (const typed of [`x${me.email}`, "", "someone@example.com", 42]) {
      const response = await deleteAccount(me.jar, typed);
      expect(response.statusCode, String(typed)).toBe(400);
    }
    const mismatch = await deleteAccount(me.jar, "someone@example.com");
    expect(mismatch.json()).toMatchObject({ code: "confirm_email_mismatch" });
    expect(await rowsMentioning(me.user)).toEqual(before);
    expect(await stillSignedIn(me.jar)).toBe(true);
  });

  it("removes every row of mine, signs me out on every device and revokes Google's grant", async () => {
    const me = await personWithData();
    const other = await personWithData();
    const secondDevice = await signInWithEmailLink(harness, me.email);
    expect(await stillSignedIn(secondDevice)).toBe(true);
    const refreshToken = box.open(me.user.googleRefreshToken!);
    // A sign-in link still waiting in an inbox is a row about me too.
    const pendingLink = await harness.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/magic-link",
      headers: sameOrigin,
      payload: { email: me.email, callbackURL: "/", errorCallbackURL: "/login" },
    });
    expect(pendingLink.statusCode).toBe(200);
    expect(await rowsMentioning(me.user)).toContain("verifications.value");
    await control(harness.sandbox.url, "DELETE", "/counters");
    const otherBefore = await rowsMentioning(other.user);

    // Typed as people type: surrounding spaces and capitals do not matter.
    const response = await deleteAccount(me.jar, ` ${me.email.toUpperCase()} `);
    expect(response.statusCode, response.body).toBe(200);
    // This browser's cookie is cleared…
    expect(
      (response.cookies as { name: string; value: string }[]).some(
        (cookie) => cookie.name.endsWith("session_token") && cookie.value === "",
      ),
    ).toBe(true);
    // …and every session is gone, on the other device too.
    expect(await stillSignedIn(me.jar)).toBe(false);
    expect(await stillSignedIn(secondDevice)).toBe(false);
    expect(await rowsMentioning(me.user)).toEqual([]);
    expect(await rowsMentioning(other.user)).toEqual(otherBefore);

    // The revoke is a job of its own, run right away.
    expect(await revokeOutcomes(me.user.id)).toEqual([
      { googleRevoke: "revoked", attempts: 1, level: 30 },
    ]);
    expect(await revokeCalls()).toBe(1);
    // Google no longer honours what we held, and we hold nothing of it any more.
    expect(await refreshWorks(refreshToken)).toBe(false);
    expect(await pendingRevocationRows()).toBe(0);
  });

  it("keeps nothing an inbox read that was under way stores afterwards for the erased account's property", async () => {
    const me = await personWithData();
    expect((await deleteAccount(me.jar, me.email)).statusCode).toBe(200);
    expect(await revokeOutcomes(me.user.id)).toHaveLength(1);
    // A read of the property's change history started before the erase and stores its batch
    // after it: the property is saved by no one now, so nothing is kept.
    const late = await createSuggestionBatchRows(db()).storeBatch(
      me.propertyId,
      "change-history",
      [
        {
          itemKey: "change-history:late",
          startDate: "2026-12-01",
          endDate: "2026-12-01",
          title: "Data retention changed",
          description: `Changed in Google Analytics by ${me.email}:`,
          color: "PURPLE",
          categoryPreset: "releases",
        },
      ],
      "next-page",
    );
    expect(late).toEqual([]);
    expect(await rowsMentioning(me.user)).toEqual([]);
    const { rows } = await harness.database.sql.executeSql(
      "select count(*)::int as n from inbox_cursors where property_id = $1",
      [me.propertyId],
    );
    expect(rows).toEqual([{ n: 0 }]);
  });

  it("asks Google again after a 503 until the grant is revoked", async () => {
    const me = await personWithData();
    const refreshToken = box.open(me.user.googleRefreshToken!);
    await control(harness.sandbox.url, "DELETE", "/counters");
    await control(harness.sandbox.url, "POST", "/faults", {
      method: "oauth2.revoke",
      kind: "unavailable",
      times: 1,
    });
    try {
      const response = await deleteAccount(me.jar, me.email);
      expect(response.statusCode).toBe(200);
      // The account is gone at once; only the sealed token waits, for the retry.
      expect(await rowsMentioning(me.user)).toEqual([]);
      expect(await revokeOutcomes(me.user.id)).toEqual([
        { googleRevoke: "revoked", attempts: 2, level: 30 },
      ]);
    } finally {
      await control(harness.sandbox.url, "DELETE", "/faults");
    }
    expect(await revokeCalls()).toBe(2);
    expect(await refreshWorks(refreshToken)).toBe(false);
    expect(await pendingRevocationRows()).toBe(0);
  });

  it("takes Google's invalid_token after a lost answer as already revoked", async () => {
    const me = await personWithData();
    const refreshToken = box.open(me.user.googleRefreshToken!);
    // Google revokes, then the answer never arrives: the retry finds the token already gone.
    await control(harness.sandbox.url, "POST", "/faults", {
      method: "oauth2.revoke",
      kind: "commit-then-drop",
      times: 1,
    });
    try {
      expect((await deleteAccount(me.jar, me.email)).statusCode).toBe(200);
      expect(await revokeOutcomes(me.user.id)).toEqual([
        { googleRevoke: "already_invalid", attempts: 2, level: 30 },
      ]);
    } finally {
      await control(harness.sandbox.url, "DELETE", "/faults");
    }
    expect(await refreshWorks(refreshToken)).toBe(false);
    expect(await pendingRevocationRows()).toBe(0);
  });

  it("never ends the connection the same Google account made again before the revoke landed", async () => {
    const first = await setUpPerson(harness, "premium");
    const deleted = (await userByEmail(first.email))!;
    // The connection names the Google account that granted it.
    expect(deleted.googleSubject).toMatch(/^\d+$/);
    await control(harness.sandbox.url, "DELETE", "/counters");
    // Google holds the first revoke past its deadline and then refuses it (nothing revoked): the
    // job waits to try again while the same person signs up and connects the same Google account.
    await control(harness.sandbox.url, "POST", "/faults", {
      method: "oauth2.revoke",
      kind: "latency",
      latencyMs: 15_000,
      times: 1,
    });
    await control(harness.sandbox.url, "POST", "/faults", {
      method: "oauth2.revoke",
      kind: "unavailable",
      times: 1,
    });
    try {
      expect((await deleteAccount(first.jar, first.email)).statusCode).toBe(200);
      expect(await pendingRevocationRows()).toBe(1);
      // The first try has reached Google (and waits there) before the person comes back.
      const deadline = Date.now() + 10_000;
      while ((await revokeCalls()) === 0) {
        if (Date.now() > deadline) throw new Error("the revoke job never called Google");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const again = await setUpPerson(harness, "premium", { email: first.email });
      const renewed = (await userByEmail(first.email))!;
      expect(renewed.id).not.toBe(deleted.id);
      expect(renewed.googleSubject).toBe(deleted.googleSubject);

      // The retry finds the Google account in use again and keeps its grant, asking Google nothing.
      expect(await revokeOutcomes(deleted.id)).toEqual([
        { googleRevoke: "in_use", attempts: 2, level: 30 },
      ]);
      expect(await revokeCalls()).toBe(1);
      expect(await pendingRevocationRows()).toBe(0);
      expect(await refreshWorks(box.open(renewed.googleRefreshToken!))).toBe(true);
      const properties = await harness.app.inject({
        method: "GET",
        url: "/api/ga4/properties",
        headers: { cookie: again.jar.header() },
      });
      expect(properties.statusCode, properties.body).toBe(200);
    } finally {
      await control(harness.sandbox.url, "DELETE", "/faults");
    }
  });

  it("gives up when Google never answers, deleting the token, and records it", async () => {
    const me = await personWithData();
    const refreshToken = box.open(me.user.googleRefreshToken!);
    await control(harness.sandbox.url, "POST", "/faults", {
      method: "oauth2.revoke",
      kind: "unavailable",
    });
    try {
      expect((await deleteAccount(me.jar, me.email)).statusCode).toBe(200);
      expect(await rowsMentioning(me.user)).toEqual([]);
      // The first try and the two retries the harness allows.
      expect(await revokeOutcomes(me.user.id)).toEqual([
        { googleRevoke: "gave_up", attempts: 3, level: 40 },
      ]);
    } finally {
      await control(harness.sandbox.url, "DELETE", "/faults");
    }
    expect(await pendingRevocationRows()).toBe(0);
    // The job's own state says it failed; its data names only a row that no longer exists.
    const deletion = logLines.find(
      (line) => line.msg === "account deleted" && line.userId === me.user.id,
    )!;
    const [revocationId] = deletion.revocationIds as string[];
    const deadline = Date.now() + 10_000;
    let state: unknown;
    do {
      const { rows } = await harness.database.sql.executeSql(
        "select state, data from pgboss.job where id = $1",
        [revocationId],
      );
      state = (rows[0] as { state: string; data: unknown } | undefined)?.state;
      if (state === "failed") expect((rows[0] as { data: unknown }).data).toEqual({ revocationId });
      else await new Promise((resolve) => setTimeout(resolve, 100));
    } while (state !== "failed" && Date.now() < deadline);
    expect(state).toBe("failed");
    // Google was never reached: the grant is still there, and the person is told where to end it.
    expect(await refreshWorks(refreshToken)).toBe(true);
  });

  it("revokes the Google sign-in's grant of someone who never connected Google Analytics", async () => {
    const jar = new CookieJar();
    const start = await harness.app.inject({ method: "GET", url: "/api/login" });
    jar.store(start);
    const email = `google.only.${Date.now().toString(36)}@example.com`;
    const { callback } = await walkSignInPages(start.headers.location as string, { email });
    const finish = await harness.app.inject({
      method: "GET",
      url: callback.toString().replace(appUrl, ""),
      headers: { cookie: jar.header() },
    });
    jar.store(finish);
    const user = (await userByEmail(email))!;
    expect(user.googleRefreshToken).toBeNull();
    const [identity] = await db().select().from(accounts).where(eq(accounts.userId, user.id));
    const accessToken = await symmetricDecrypt({
      key: testConfig().sessionSecret!,
      data: identity!.accessToken!,
    });
    const tokenInfo = () =>
      fetch(`${harness.sandbox.url}/tokeninfo?access_token=${encodeURIComponent(accessToken)}`);
    expect((await tokenInfo()).status).toBe(200);
    // Its export names the sign-in method, never its tokens.
    const exported = await exportOf(jar);
    expect(exported.json().signInMethods).toEqual([
      expect.objectContaining({ providerId: "google" }),
    ]);
    for (const secret of [identity!.accessToken!, identity!.idToken, accessToken].filter(Boolean))
      expect(exported.body).not.toContain(secret);
    await control(harness.sandbox.url, "DELETE", "/counters");

    expect((await deleteAccount(jar, email)).statusCode).toBe(200);
    expect(await rowsMentioning(user)).toEqual([]);
    expect(await revokeOutcomes(user.id)).toEqual([
      { googleRevoke: "revoked", attempts: 1, level: 30 },
    ]);
    expect(await revokeCalls()).toBe(1);
    expect((await tokenInfo()).status).toBe(400);
  });

  it("lets the same address sign up again as a fresh account", async () => {
    const me = await personWithData();
    expect((await deleteAccount(me.jar, me.email)).statusCode).toBe(200);
    // Settled here, so that no later test counts this revoke as its own.
    expect(await revokeOutcomes(me.user.id)).toHaveLength(1);
    const again = await signInWithEmailLink(harness, me.email);
    const current = await harness.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: again.header() },
    });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ email: me.email, subscriptionTier: null });
    expect(current.json().id).not.toBe(me.user.id);
    const data = (await exportOf(again)).json();
    expect(data.savedProperties).toEqual([]);
    expect(data.chats).toEqual([]);
    expect(data.account.googleScopes).toBeNull();
  });

  it("answers 401 when signed out and 403 to another site, deleting nothing", async () => {
    const me = await setUpPerson(harness, "freemium");
    const signedOut = await harness.app.inject({
      method: "POST",
      url: "/api/account/delete",
      headers: sameOrigin,
      payload: { confirmEmail: me.email },
    });
    expect(signedOut.statusCode).toBe(401);
    const forged = await harness.app.inject({
      method: "POST",
      url: "/api/account/delete",
      headers: { origin: "https://evil.example", cookie: me.jar.header() },
      payload: { confirmEmail: me.email },
    });
    expect(forged.statusCode).toBe(403);
    expect(await userByEmail(me.email)).toBeDefined();
  });
});

describe("last activity", () => {
  it(`is recorded at sign-in and by the first request ${dataRetention.activityRecordingHours} hours after the last record, not by every request`, async () => {
    const me = await setUpPerson(harness, "freemium");
    const signedIn = (await userByEmail(me.email))!.lastActiveAt;
    expect(Date.now() - signedIn.getTime()).toBeLessThan(60_000);

    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3600_000);
    await db().update(users).set({ lastActiveAt: threeDaysAgo }).where(eq(users.email, me.email));
    await stillSignedIn(me.jar);
    const touched = (await userByEmail(me.email))!.lastActiveAt;
    expect(Date.now() - touched.getTime()).toBeLessThan(60_000);

    // Not a calendar day: an hour short of the period, the record stays whatever the clock says.
    const hours = dataRetention.activityRecordingHours;
    const justInside = new Date(Date.now() - (hours - 1) * 3600_000);
    await db().update(users).set({ lastActiveAt: justInside }).where(eq(users.email, me.email));
    await stillSignedIn(me.jar);
    expect((await userByEmail(me.email))!.lastActiveAt).toEqual(justInside);

    const justPast = new Date(Date.now() - (hours * 3600_000 + 60_000));
    await db().update(users).set({ lastActiveAt: justPast }).where(eq(users.email, me.email));
    await stillSignedIn(me.jar);
    expect(Date.now() - (await userByEmail(me.email))!.lastActiveAt.getTime()).toBeLessThan(60_000);
  });
});

describe("the daily deletion of inactive accounts", () => {
  const day = 24 * 3600_000;
  const years = dataRetention.inactiveAccountDeletionYears;

  it("is scheduled once a day, in UTC", async () => {
    await harness.app.ready();
    const { rows } = await harness.database.sql.executeSql(
      "select cron, timezone from pgboss.schedule where name = $1",
      ["delete-inactive-accounts"],
    );
    expect(rows).toEqual([{ cron: "17 3 * * *", timezone: "UTC" }]);
  });

  it(`deletes an account idle for ${years} years (revoking Google) and keeps an active one`, async () => {
    const idle = await personWithData();
    const active = await personWithData();
    const longAgo = new Date(Date.now() - (years * 365 + 2) * day);
    const recently = new Date(Date.now() - (years * 365 - 30) * day);
    await db().update(users).set({ lastActiveAt: longAgo }).where(eq(users.id, idle.user.id));
    await db().update(users).set({ lastActiveAt: recently }).where(eq(users.id, active.user.id));
    await control(harness.sandbox.url, "DELETE", "/counters");

    // Sent the way the schedule sends it, from another instance that runs no workers.
    await harness.app.ready();
    const trigger = createJobQueue({
      database: harness.database,
      logger: pino({ level: "silent" }),
      work: false,
    });
    const sweep = trigger.define({
      name: "delete-inactive-accounts",
      oneAtATime: true,
      run: async () => {},
    });
    await trigger.start();
    try {
      expect(await sweep.send({})).toBe(true);
      const deadline = Date.now() + 20_000;
      while ((await userByEmail(idle.email)) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await trigger.stop();
    }

    expect(await userByEmail(idle.email)).toBeUndefined();
    expect(await rowsMentioning(idle.user)).toEqual([]);
    expect(await stillSignedIn(idle.jar)).toBe(false);
    expect(await userByEmail(active.email)).toBeDefined();
    expect(await stillSignedIn(active.jar)).toBe(true);
    expect(await revokeOutcomes(idle.user.id)).toEqual([
      { googleRevoke: "revoked", attempts: 1, level: 30 },
    ]);
    expect(await revokeCalls()).toBe(1);
    expect(
      logLines.some(
        (line) =>
          line.msg === "account deleted" &&
          line.userId === idle.user.id &&
          line.reason === "inactive",
      ),
    ).toBe(true);
  });
});
