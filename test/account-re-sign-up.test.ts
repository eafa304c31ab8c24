import { eq, sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintTokens } from "../src/sandbox/testing/sandbox-test-kit.js";
import {
  accountTombstones,
  pendingGoogleRevocations,
  rateLimitBuckets,
  users,
  type User,
} from "../src/server/db/schema/index.js";
import { createJobQueue } from "../src/server/jobs/job-queue.js";
import { createAddressKey } from "../src/server/security/address-key.js";
import { createSecretBox, parseEncryptionKey } from "../src/server/security/secret-box.js";
import { calendarDateOf } from "../src/shared/calendar-date.js";
import { dataRetention } from "../src/shared/data-retention.js";
import type { CookieJar } from "./app-harness.js";
import {
  connectGoogleAnalytics,
  freshEmail,
  requestAs,
  sameOrigin,
  setUpPerson,
  signInWithEmailLink,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";
import { testConfig } from "./test-config.js";

/**
 * Deleting an account and signing up again with the same address resets none of the free plan's
 * limits: today's annotation and assistant counts and the property lock come back with the new
 * account, the per-address abuse counters stay, and none of it holds the address. Through the HTTP
 * API on a real database, as a person would do it.
 */
const day = 24 * 60 * 60 * 1000;
const messageLimit = 3;
const linksPerAddress = 8;
const addressKey = createAddressKey(testConfig().sessionSecret!);
const box = createSecretBox(parseEncryptionKey(testConfig().tokenEncryptionKey!));

// The app's clock runs from noon UTC today, so no test crosses midnight by accident; tests move it
// on by whole days to see the periods end.
const today = new Date();
const realNoon = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 12);
let clockOffsetMs = realNoon - Date.now();
const appNow = () => new Date(Date.now() + clockOffsetMs);

let harness: AppHarness;

beforeAll(async () => {
  harness = await startAppHarness({
    config: {
      assistantDailyMessageLimit: messageLimit,
      rateLimits: { ...testConfig().rateLimits, signInLinksPer15Minutes: linksPerAddress },
    },
    deps: { now: appNow, googleRevokeRetry: { limit: 2, delaySeconds: 1 } },
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

async function tombstoneOf(email: string) {
  const [row] = await db()
    .select()
    .from(accountTombstones)
    .where(eq(accountTombstones.addressHash, addressKey(email)));
  return row;
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
      where position(${user.id} in ${column}::text) > 0
         or position(${user.email} in lower(${column}::text)) > 0`);
    if (result.rows[0]!.n > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

async function deleteAccount(who: { jar: CookieJar; email: string }): Promise<User> {
  const user = (await userByEmail(who.email))!;
  const response = await requestAs(harness, who.jar, "POST", "/api/account/delete", {
    confirmEmail: who.email,
  });
  expect(response.statusCode, response.body).toBe(200);
  return user;
}

async function currentUser(jar: CookieJar) {
  const response = await requestAs(harness, jar, "GET", "/api/auth/user");
  expect(response.statusCode).toBe(200);
  return response.json() as { id: string; dailyAnnotationCount: number; lockedPropertyId: string };
}

function createAnnotation(who: TestPerson, title: string) {
  return requestAs(harness, who.jar, "POST", `/api/annotations/${who.propertyId}`, {
    title,
    annotationDate: calendarDateOf(appNow()),
  });
}

function sendMessage(who: TestPerson) {
  return requestAs(harness, who.jar, "POST", "/api/chat", {
    message: "list annotations",
    propertyId: who.propertyId,
  });
}

/** A property the person's Google account reaches besides the one they saved. */
async function anotherProperty(who: TestPerson): Promise<string> {
  const reachable = await requestAs(harness, who.jar, "GET", "/api/ga4/properties");
  const ids = (reachable.json().properties as { propertyId: string }[]).map((p) => p.propertyId);
  const other = ids.find((id) => id !== who.propertyId);
  expect(other).toBeDefined();
  return other!;
}

function saveProperty(who: { jar: CookieJar }, propertyId: string) {
  return requestAs(harness, who.jar, "POST", "/api/properties", { propertyId });
}

async function assistantCount(email: string): Promise<number> {
  return (await userByEmail(email))!.dailyAssistantMessageCount;
}

/** Runs the daily leftovers sweep the way its schedule does, and waits for it to finish. */
async function runLeftoversSweep(): Promise<void> {
  await harness.app.ready();
  const name = "sweep-deleted-account-leftovers";
  const finished = async () => {
    const { rows } = await harness.database.sql.executeSql(
      "select count(*)::int as n from pgboss.job where name = $1 and state = 'completed'",
      [name],
    );
    return (rows[0] as { n: number }).n;
  };
  const before = await finished();
  const trigger = createJobQueue({
    database: harness.database,
    logger: pino({ level: "silent" }),
    work: false,
  });
  const sweep = trigger.define({ name, oneAtATime: true, run: async () => {} });
  await trigger.start();
  try {
    expect(await sweep.send({})).toBe(true);
    const deadline = Date.now() + 20_000;
    while ((await finished()) === before) {
      if (Date.now() > deadline) throw new Error("the leftovers sweep did not finish");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await trigger.stop();
  }
}

/**
 * Waits until every queued Google revoke has been answered. A new account of the same Google
 * account connected before the revoke runs keeps its connection (the job skips a grant in use,
 * test/account.test.ts); these tests are about limits, so each new sign-up starts after the
 * revoke and the revoke's own outcome stays out of them.
 */
async function revokesSettled(): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await db().select().from(pendingGoogleRevocations)).length > 0) {
    if (Date.now() > deadline) throw new Error("the deleted account's revoke never settled");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("deleting the account and signing up again", () => {
  it("keeps today's annotation count, assistant messages and the property lock through three cycles", async () => {
    const email = freshEmail("cycler");
    let me = await setUpPerson(harness, "freemium", { email });
    const locked = me.propertyId;
    const elsewhere = await anotherProperty(me);
    expect((await currentUser(me.jar)).lockedPropertyId).toBe(locked);
    for (let index = 0; index < 3; index += 1)
      expect((await createAnnotation(me, `Before ${index}`)).statusCode).toBe(201);
    for (let index = 0; index < 2; index += 1) expect((await sendMessage(me)).statusCode).toBe(200);

    for (let cycle = 1; cycle <= 3; cycle += 1) {
      const deleted = await deleteAccount(me);
      // Nothing left names the person: the tombstone holds a keyed hash, counts and a property id.
      expect(await rowsMentioning(deleted)).toEqual([]);
      expect(await userByEmail(email)).toBeUndefined();
      const tombstone = (await tombstoneOf(email))!;
      expect(tombstone).toMatchObject({
        annotationCount: cycle === 1 ? 3 : 5,
        assistantMessageCount: cycle === 1 ? 2 : messageLimit,
        lockedPropertyId: locked,
      });
      expect(JSON.stringify(tombstone)).not.toContain(email.split("@")[0]);

      await revokesSettled();
      me = await setUpPerson(harness, "freemium", { email });
      expect(me.propertyId).toBe(locked);
      const now = await currentUser(me.jar);
      expect(now.id).not.toBe(deleted.id);
      expect(now.lockedPropertyId).toBe(locked);
      expect(now.dailyAnnotationCount).toBe(cycle === 1 ? 3 : 5);
      expect(await assistantCount(email)).toBe(cycle === 1 ? 2 : messageLimit);

      // The lock holds: the other property stays out of reach on the free plan.
      const other = await saveProperty(me, elsewhere);
      expect(other.statusCode).toBe(403);
      expect(other.json().code).toBe("property_locked");

      if (cycle === 1) {
        // What the first account left is all that is left today: two annotations and a message.
        for (let index = 0; index < 2; index += 1)
          expect((await createAnnotation(me, `After ${index}`)).statusCode).toBe(201);
        expect((await sendMessage(me)).statusCode).toBe(200);
      }
      const annotation = await createAnnotation(me, `Cycle ${cycle}`);
      expect(annotation.statusCode).toBe(429);
      expect(annotation.json().code).toBe("daily_limit");
      const message = await sendMessage(me);
      expect(message.statusCode).toBe(429);
      expect(message.json().code).toBe("assistant_daily_limit");
    }
    expect((await currentUser(me.jar)).dailyAnnotationCount).toBe(5);
  });

  it("leaves a different address alone", async () => {
    const first = await setUpPerson(harness, "freemium", { email: freshEmail("leaver") });
    for (let index = 0; index < 5; index += 1)
      expect((await createAnnotation(first, `Used ${index}`)).statusCode).toBe(201);
    await deleteAccount(first);
    expect(await tombstoneOf(first.email)).toBeDefined();

    const second = await setUpPerson(harness, "freemium", { email: freshEmail("stranger") });
    expect(await tombstoneOf(second.email)).toBeUndefined();
    const fresh = await currentUser(second.jar);
    expect(fresh.dailyAnnotationCount).toBe(0);
    expect(fresh.lockedPropertyId).toBe(second.propertyId);
    expect((await createAnnotation(second, "Mine")).statusCode).toBe(201);
    expect((await sendMessage(second)).statusCode).toBe(200);
    expect(await assistantCount(second.email)).toBe(1);
  });

  it("keeps the per-address sign-in link limit", async () => {
    const email = freshEmail("linker");
    const jar = await signInWithEmailLink(harness, email);
    const askForLink = () =>
      harness.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/magic-link",
        headers: sameOrigin,
        payload: { email, callbackURL: "/", errorCallbackURL: "/login" },
      });
    for (let sent = 1; sent < linksPerAddress; sent += 1)
      expect((await askForLink()).statusCode).toBe(200);
    expect((await askForLink()).statusCode).toBe(429);
    // The counter is keyed by the address's keyed hash, never by the address.
    const keys = (await db().select({ key: rateLimitBuckets.key }).from(rateLimitBuckets)).map(
      (row) => row.key,
    );
    expect(keys).toContain(`sign-in-link:${addressKey(email)}`);
    expect(keys.some((key) => key.includes(email))).toBe(false);

    const deleted = await deleteAccount({ jar, email });
    expect(await rowsMentioning(deleted)).toEqual([]);
    expect((await askForLink()).statusCode).toBe(429);
  });

  it("starts afresh once the periods have passed, and the daily sweep deletes the tombstone", async () => {
    const email = freshEmail("returner");
    const me = await setUpPerson(harness, "freemium", { email });
    const locked = me.propertyId;
    const elsewhere = await anotherProperty(me);
    expect((await createAnnotation(me, "Today")).statusCode).toBe(201);
    expect((await sendMessage(me)).statusCode).toBe(200);
    await deleteAccount(me);
    const start = clockOffsetMs;
    try {
      // The next day: the counts have expired, the lock has not; the sweep keeps the tombstone.
      clockOffsetMs = start + day;
      await runLeftoversSweep();
      expect(await tombstoneOf(email)).toMatchObject({ lockedPropertyId: locked });
      const nextDay = await signInWithEmailLink(harness, email);
      expect(await currentUser(nextDay)).toMatchObject({
        dailyAnnotationCount: 0,
        lockedPropertyId: locked,
      });
      expect(await assistantCount(email)).toBe(0);
      // Deleting again while the lock is in force keeps it for a period from this deletion.
      await deleteAccount({ jar: nextDay, email });
      expect((await tombstoneOf(email))!.annotationCount).toBe(0);

      clockOffsetMs = start + (dataRetention.deletedAccountLockDays + 0.5) * day;
      await runLeftoversSweep();
      expect(await tombstoneOf(email)).toMatchObject({ lockedPropertyId: locked });

      // Past that period the sweep deletes the tombstone, and the address starts afresh.
      clockOffsetMs = start + (dataRetention.deletedAccountLockDays + 2) * day;
      await runLeftoversSweep();
      expect(await tombstoneOf(email)).toBeUndefined();
      const later = await signInWithEmailLink(harness, email);
      expect(await currentUser(later)).toMatchObject({
        dailyAnnotationCount: 0,
        lockedPropertyId: null,
      });
      await requestAs(harness, later, "PATCH", "/api/users/subscription", { tier: "freemium" });
      await revokesSettled();
      expect(await connectGoogleAnalytics(harness, later, { email })).toBe(
        "/dashboard?oauth=success",
      );
      // The old lock no longer stands in the way: the other property becomes this account's.
      expect((await saveProperty({ jar: later }, elsewhere)).statusCode).toBe(201);
      expect((await currentUser(later)).lockedPropertyId).toBe(elsewhere);
    } finally {
      clockOffsetMs = start;
    }
  });

  it("writes no tombstone when nothing needs keeping", async () => {
    const email = freshEmail("idle");
    const jar = await signInWithEmailLink(harness, email);
    await deleteAccount({ jar, email });
    expect(await tombstoneOf(email)).toBeUndefined();
  });
});

describe("the daily sweep of what deleted accounts leave", () => {
  it("is scheduled once a day, in UTC", async () => {
    await harness.app.ready();
    const { rows } = await harness.database.sql.executeSql(
      "select cron, timezone from pgboss.schedule where name = $1",
      ["sweep-deleted-account-leftovers"],
    );
    expect(rows).toEqual([{ cron: "47 3 * * *", timezone: "UTC" }]);
  });

  it("deletes abuse counters whose window has passed and keeps the others", async () => {
    const old = `sign-in-link:${addressKey(freshEmail("old"))}`;
    const recent = `sign-in-link:${addressKey(freshEmail("recent"))}`;
    await db()
      .insert(rateLimitBuckets)
      .values([
        { key: old, count: 3, windowStartedAt: Date.now() - day - 60_000 },
        { key: recent, count: 3, windowStartedAt: Date.now() - 60_000 },
      ]);
    await runLeftoversSweep();
    const keys = (await db().select({ key: rateLimitBuckets.key }).from(rateLimitBuckets)).map(
      (row) => row.key,
    );
    expect(keys).toContain(recent);
    expect(keys).not.toContain(old);
  });

  it(`revokes a token whose job was never queued, and gives up one older than ${dataRetention.revokeTokenKeptDays} days`, async () => {
    const email = freshEmail("orphan");
    const lost = await mintTokens(harness.sandbox.url, {
      email,
      clientId: "tidemark-test-app",
    });
    const stale = await mintTokens(harness.sandbox.url, {
      email: freshEmail("stale"),
      clientId: "tidemark-test-app",
    });
    // As a crash right after a deletion's transaction would leave them: rows, but no job.
    const [waiting, tooOld] = await db()
      .insert(pendingGoogleRevocations)
      .values([
        { sealedToken: box.seal(lost.refresh_token!) },
        {
          sealedToken: box.seal(stale.refresh_token!),
          createdAt: new Date(
            appNow().getTime() - (dataRetention.revokeTokenKeptDays * day + 60_000),
          ),
        },
      ])
      .returning();
    await runLeftoversSweep();
    expect(
      await db()
        .select()
        .from(pendingGoogleRevocations)
        .where(eq(pendingGoogleRevocations.id, tooOld!.id)),
    ).toEqual([]);
    const deadline = Date.now() + 20_000;
    while (
      (
        await db()
          .select()
          .from(pendingGoogleRevocations)
          .where(eq(pendingGoogleRevocations.id, waiting!.id))
      ).length > 0
    ) {
      if (Date.now() > deadline) throw new Error("the queued revoke never settled");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const tokenInfo = (token: string) =>
      fetch(`${harness.sandbox.url}/tokeninfo?access_token=${encodeURIComponent(token)}`);
    expect((await tokenInfo(lost.access_token)).status).toBe(400);
    // The given-up one was never sent to Google.
    expect((await tokenInfo(stale.access_token)).status).toBe(200);
  });
});
