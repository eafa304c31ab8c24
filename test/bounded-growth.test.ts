import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chatMessages,
  chatSessions,
  dismissedTrafficChanges,
  users,
} from "../src/server/db/schema/index.js";
import { createChatRepository } from "../src/server/features/chat/chat-repository.js";
import { createTrafficRepository } from "../src/server/features/traffic/traffic-repository.js";
import { dataRetention } from "../src/shared/data-retention.js";
import { requestAs, setUpPerson, startAppHarness, type AppHarness } from "./app-harness.js";

/**
 * What one person can store grows no further than its cap: starting a conversation or
 * dismissing a day past it deletes their oldest, in the same transaction, also when many arrive
 * at once (on PostgreSQL, from several connections).
 */
let harness: AppHarness;

beforeAll(async () => {
  harness = await startAppHarness();
});
afterAll(async () => {
  await harness?.close();
});

const db = () => harness.database.db;
let personCount = 0;
async function newUser(): Promise<string> {
  const [row] = await db()
    .insert(users)
    .values({ email: `bounded.${Date.now()}.${++personCount}@example.com` })
    .returning({ id: users.id });
  return row!.id;
}
const sessionIdsOf = async (userId: string) =>
  (
    await db()
      .select({ id: chatSessions.id })
      .from(chatSessions)
      .where(eq(chatSessions.userId, userId))
      .orderBy(asc(chatSessions.createdAt), asc(chatSessions.id))
  ).map((row) => row.id);
const dismissedOf = async (userId: string) =>
  (
    await db()
      .select({ propertyId: dismissedTrafficChanges.propertyId, day: dismissedTrafficChanges.day })
      .from(dismissedTrafficChanges)
      .where(eq(dismissedTrafficChanges.userId, userId))
  )
    .map((row) => `${row.propertyId}:${row.day}`)
    .sort();

/** Backdates a row so the order of creation is certain, whatever the clock's resolution. */
const age = (table: typeof chatSessions | typeof dismissedTrafficChanges, minutes: number) =>
  sql`update ${table} set created_at = now() - make_interval(mins => ${minutes}::int)`;

describe("chat sessions per person", () => {
  it("keeps the newest `keep`, deleting the oldest with their messages, and never the new one", async () => {
    const chat = createChatRepository(db());
    const userId = await newUser();
    const other = await newUser();
    const otherSession = await chat.createSession(other, null, 3);
    const made: string[] = [];
    for (let n = 0; n < 3; n++) {
      const session = await chat.createSession(userId, null, 3);
      await chat.addMessage(session.id, "user", `hello ${n}`);
      made.push(session.id);
    }
    // Older by creation time than the three, as a start that waited for the lock would be.
    await db().execute(
      sql`update ${chatSessions} set created_at = now() - (10 - ordinal)::int * interval '1 minute'
          from (select id, row_number() over (order by created_at, id) as ordinal
                from ${chatSessions} where user_id = ${userId}) as ranked
          where ${chatSessions.id} = ranked.id`,
    );
    const fourth = await chat.createSession(userId, null, 3);
    expect(await sessionIdsOf(userId)).toEqual([made[1], made[2], fourth.id]);
    // The oldest conversation's messages went with it.
    const orphaned = await db()
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, made[0]!));
    expect(orphaned).toEqual([]);
    // Another person's conversations are untouched.
    expect(await sessionIdsOf(other)).toEqual([otherSession.id]);

    // A start whose timestamp is older than every kept one still survives its own insert.
    await db().execute(
      sql`update ${chatSessions} set created_at = now() + interval '1 hour' where user_id = ${userId}`,
    );
    const late = await chat.createSession(userId, null, 3);
    const kept = await sessionIdsOf(userId);
    expect(kept).toHaveLength(3);
    expect(kept).toContain(late.id);
  });

  it("never holds more than `keep` when many start at once", async () => {
    const chat = createChatRepository(db());
    const userId = await newUser();
    const started = await Promise.all(
      Array.from({ length: 12 }, () => chat.createSession(userId, null, 4)),
    );
    const kept = await sessionIdsOf(userId);
    expect(kept).toHaveLength(4);
    expect(started.map((session) => session.id)).toEqual(expect.arrayContaining(kept));
  });

  it("is applied to conversations started through the chat API", async () => {
    const who = await setUpPerson(harness, "premium");
    const [user] = await db().select().from(users).where(eq(users.email, who.email));
    const keep = dataRetention.chatConversationsKept;
    await db()
      .insert(chatSessions)
      .values(Array.from({ length: keep }, () => ({ userId: user!.id })));
    await db().execute(age(chatSessions, 5));
    const oldest = (await sessionIdsOf(user!.id))[0];
    const response = await requestAs(harness, who.jar, "POST", "/api/chat", {
      message: "list my annotations",
      propertyId: who.propertyId,
    });
    expect(response.statusCode).toBe(200);
    const kept = await sessionIdsOf(user!.id);
    expect(kept).toHaveLength(keep);
    expect(kept).not.toContain(oldest);
    expect(kept).toContain(response.json().sessionId);
  });
});

describe("dismissed traffic days per person", () => {
  it("keeps the newest `keep` over all properties, and a repeated dismissal adds nothing", async () => {
    const traffic = createTrafficRepository(db());
    const userId = await newUser();
    const other = await newUser();
    await traffic.dismiss(other, "111", "2025-01-01", 2);
    await traffic.dismiss(userId, "111", "2025-01-01", 2);
    await traffic.dismiss(userId, "222", "2025-01-01", 2);
    await db().execute(
      sql`update ${dismissedTrafficChanges} set created_at = now() - interval '1 hour'
          where user_id = ${userId} and property_id = '111'`,
    );
    await traffic.dismiss(userId, "222", "2025-01-01", 2);
    expect(await dismissedOf(userId)).toEqual(["111:2025-01-01", "222:2025-01-01"]);
    await traffic.dismiss(userId, "111", "2025-02-03", 2);
    expect(await dismissedOf(userId)).toEqual(["111:2025-02-03", "222:2025-01-01"]);
    expect(await dismissedOf(other)).toEqual(["111:2025-01-01"]);

    // The day just dismissed stays even when its row would sort oldest.
    await db().execute(
      sql`update ${dismissedTrafficChanges} set created_at = now() + interval '1 hour'
          where user_id = ${userId}`,
    );
    await traffic.dismiss(userId, "333", "2025-03-04", 2);
    const kept = await dismissedOf(userId);
    expect(kept).toHaveLength(2);
    expect(kept).toContain("333:2025-03-04");
  });

  it("never holds more than `keep` when many are dismissed at once", async () => {
    const traffic = createTrafficRepository(db());
    const userId = await newUser();
    await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        traffic.dismiss(
          userId,
          String(100 + (n % 3)),
          `2025-01-${String(n + 1).padStart(2, "0")}`,
          5,
        ),
      ),
    );
    expect(await dismissedOf(userId)).toHaveLength(5);
  });

  it("is applied to days dismissed through the traffic API", async () => {
    const who = await setUpPerson(harness, "premium");
    const [user] = await db().select().from(users).where(eq(users.email, who.email));
    const keep = dataRetention.dismissedTrafficDaysKept;
    const first = Date.UTC(2020, 0, 1);
    await db()
      .insert(dismissedTrafficChanges)
      .values(
        Array.from({ length: keep }, (_, n) => ({
          userId: user!.id,
          propertyId: who.propertyId,
          day: new Date(first + n * 86_400_000).toISOString().slice(0, 10),
        })),
      );
    await db().execute(age(dismissedTrafficChanges, 5));
    // The oldest by when it was dismissed, not by the day it names.
    await db().execute(
      sql`update ${dismissedTrafficChanges} set created_at = now() - interval '1 day'
          where user_id = ${user!.id} and day = '2020-06-01'`,
    );
    const response = await requestAs(
      harness,
      who.jar,
      "POST",
      `/api/traffic/${who.propertyId}/dismissals`,
      { date: "2025-01-01" },
    );
    expect(response.statusCode).toBe(204);
    const kept = await dismissedOf(user!.id);
    expect(kept).toHaveLength(keep);
    expect(kept).not.toContain(`${who.propertyId}:2020-06-01`);
    expect(kept).toContain(`${who.propertyId}:2025-01-01`);
    const remaining = await db()
      .select()
      .from(dismissedTrafficChanges)
      .where(
        and(
          eq(dismissedTrafficChanges.userId, user!.id),
          eq(dismissedTrafficChanges.day, "2020-01-01"),
        ),
      );
    expect(remaining).toHaveLength(1);
  });
});
