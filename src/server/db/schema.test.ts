import { readFile } from "node:fs/promises";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/test-database.js";
import type { AuditStatus, SuggestionStatus } from "../../shared/audit.js";
import type { Database, Db } from "./database.js";
import {
  annotationAuditSessions,
  annotationCategories,
  annotationEvents,
  annotationMetadata,
  annotationSuggestions,
  chatMessages,
  chatSessions,
  properties,
  sharedAnnotationMetadata,
  users,
} from "./schema/index.js";

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.close();
});

let emailCounter = 0;
async function insertUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  emailCounter += 1;
  const [user] = await db
    .insert(users)
    .values({ email: `person${emailCounter}@example.com`, ...overrides })
    .returning();
  return user!;
}

/** Postgres reports constraint failures with SQLSTATE codes; both drivers surface them on the cause. */
async function expectViolation(
  action: Promise<unknown>,
  code: "23505" | "23514" | "23502" | "23503" | "22001",
) {
  const error = await action.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, `expected SQLSTATE ${code}`).not.toBeNull();
  const cause = (error as { cause?: { code?: string } }).cause;
  expect(cause?.code ?? (error as { code?: string }).code).toBe(code);
}

describe("migrations", () => {
  it("create every table of the product", async () => {
    const result = await db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    // Sorted here, not by the database, whose collation may place "_" differently.
    expect(result.rows.map((row) => row.table_name).sort()).toEqual([
      "account_tombstones",
      "accounts",
      "annotation_audit_sessions",
      "annotation_categories",
      "annotation_create_requests",
      "annotation_events",
      "annotation_feeds",
      "annotation_imports",
      "annotation_list_cache",
      "annotation_metadata",
      "annotation_set_members",
      "annotation_suggestions",
      "api_idempotency_keys",
      "api_tokens",
      "chat_messages",
      "chat_sessions",
      "connected_app_settings",
      "dismissed_traffic_changes",
      "inbox_cursors",
      "inbox_holiday_calendars",
      "inbox_hook_deliveries",
      "inbox_hooks",
      "inbox_rules",
      "inbox_suggestions",
      "mcp_clients",
      "mcp_confirmations",
      "oauth_records",
      "pending_google_revocations",
      "properties",
      "rate_limit_buckets",
      "sessions",
      "shared_annotation_metadata",
      "traffic_report_cache",
      "users",
      "verifications",
    ]);
  });

  it("can be applied again without changing anything", async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });
});

describe("users", () => {
  it("fills the spec's defaults", async () => {
    const user = await insertUser();
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.subscriptionTier).toBe("freemium");
    expect(user.dailyAnnotationCount).toBe(0);
    expect(user.propertyQuota).toBe(1);
    expect(user.annotationQuota).toBe(5);
    expect(user.dailyCountResetAt).toBeNull();
    expect(user.lockedPropertyId).toBeNull();
    expect(user.createdAt).toBeInstanceOf(Date);
    expect(user.updatedAt).toBeInstanceOf(Date);
  });

  it("lets a new user be stored without a tier", async () => {
    const user = await insertUser({ subscriptionTier: null });
    expect(user.subscriptionTier).toBeNull();
  });

  it("rejects a second account for the same email in any casing", async () => {
    await insertUser({ email: "Same@Example.com" });
    await expectViolation(insertUser({ email: "same@example.COM" }), "23505");
  });

  it("rejects unknown tiers, tiers over 20 characters and negative counters", async () => {
    await expectViolation(insertUser({ subscriptionTier: "gold" }), "23514");
    await expectViolation(insertUser({ subscriptionTier: "x".repeat(21) }), "22001");
    await expectViolation(insertUser({ dailyAnnotationCount: -1 }), "23514");
    await expectViolation(insertUser({ annotationQuota: -5 }), "23514");
  });

  it("requires an email", async () => {
    await expectViolation(db.execute(sql`insert into users (email) values (null)`), "23502");
  });

  it("moves updatedAt forward on update", async () => {
    const user = await insertUser();
    const [updated] = await db
      .update(users)
      .set({ firstName: "Ada" })
      .where(eq(users.id, user.id))
      .returning();
    expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(user.updatedAt.getTime());
    expect(updated!.firstName).toBe("Ada");
  });
});

describe("properties", () => {
  it("defaults locked to 'false', accepts only 'true'/'false' within 10 characters", async () => {
    const user = await insertUser();
    const [saved] = await db
      .insert(properties)
      .values({ userId: user.id, propertyId: "123456", name: "Shop" })
      .returning();
    expect(saved!.locked).toBe("false");
    await expectViolation(
      db.insert(properties).values({ userId: user.id, propertyId: "9", name: "x", locked: "yes" }),
      "23514",
    );
    await expectViolation(
      db
        .insert(properties)
        .values({ userId: user.id, propertyId: "9", name: "x", locked: "x".repeat(11) }),
      "22001",
    );
  });

  it("keeps one row per user and property", async () => {
    const user = await insertUser();
    await db.insert(properties).values({ userId: user.id, propertyId: "777", name: "Blog" });
    await expectViolation(
      db.insert(properties).values({ userId: user.id, propertyId: "777", name: "Blog" }),
      "23505",
    );
  });

  it("refuses an unknown user and is deleted with its user", async () => {
    await expectViolation(
      db
        .insert(properties)
        .values({ userId: "00000000-0000-4000-8000-000000000000", propertyId: "1", name: "x" }),
      "23503",
    );
    const user = await insertUser();
    await db.insert(properties).values({ userId: user.id, propertyId: "555", name: "App" });
    await db.delete(users).where(eq(users.id, user.id));
    const left = await db.select().from(properties).where(eq(properties.userId, user.id));
    expect(left).toEqual([]);
  });
});

describe("annotation categories and metadata", () => {
  it("applies lengths and defaults, and keeps names unique per user regardless of case", async () => {
    const user = await insertUser();
    const [category] = await db
      .insert(annotationCategories)
      .values({ userId: user.id, name: "Campaigns & Promos", color: "PURPLE" })
      .returning();
    expect(category!.isDefault).toBe("false");
    expect(category!.description).toBeNull();
    await expectViolation(
      db
        .insert(annotationCategories)
        .values({ userId: user.id, name: "campaigns & promos", color: "RED" }),
      "23505",
    );
    await expectViolation(
      db
        .insert(annotationCategories)
        .values({ userId: user.id, name: "x".repeat(101), color: "RED" }),
      "22001",
    );
    await expectViolation(
      db
        .insert(annotationCategories)
        .values({ userId: user.id, name: "Long colour", color: "x".repeat(21) }),
      "22001",
    );
    const other = await insertUser();
    await expect(
      db
        .insert(annotationCategories)
        .values({ userId: other.id, name: "Campaigns & Promos", color: "PURPLE" }),
    ).resolves.toBeDefined();
  });

  it("clears a metadata row's category when the category is deleted", async () => {
    const user = await insertUser();
    const [category] = await db
      .insert(annotationCategories)
      .values({ userId: user.id, name: "Incidents", color: "RED" })
      .returning();
    const [metadata] = await db
      .insert(annotationMetadata)
      .values({ userId: user.id, annotationId: "a1", propertyId: "123", categoryId: category!.id })
      .returning();
    await db.delete(annotationCategories).where(eq(annotationCategories.id, category!.id));
    const [after] = await db
      .select()
      .from(annotationMetadata)
      .where(eq(annotationMetadata.id, metadata!.id));
    expect(after!.categoryId).toBeNull();
  });

  it("keeps one metadata row per person per annotation of a property", async () => {
    const user = await insertUser();
    const other = await insertUser();
    const row = { userId: user.id, annotationId: "dup", propertyId: "42" };
    await db.insert(annotationMetadata).values(row);
    await expectViolation(db.insert(annotationMetadata).values(row), "23505");
    await expect(
      db.insert(annotationMetadata).values({ ...row, userId: other.id }),
    ).resolves.toBeDefined();
  });

  it("deletes a user's category assignments with the user", async () => {
    const user = await insertUser();
    await db
      .insert(annotationMetadata)
      .values({ userId: user.id, annotationId: "a", propertyId: "7" });
    await db.delete(users).where(eq(users.id, user.id));
    const left = await db
      .select()
      .from(annotationMetadata)
      .where(eq(annotationMetadata.userId, user.id));
    expect(left).toEqual([]);
  });

  it("deletes a user's categories with the user", async () => {
    const user = await insertUser();
    await db
      .insert(annotationCategories)
      .values({ userId: user.id, name: "Releases", color: "BLUE" });
    await db.delete(users).where(eq(users.id, user.id));
    expect(
      await db.select().from(annotationCategories).where(eq(annotationCategories.userId, user.id)),
    ).toEqual([]);
  });
});

describe("annotation events", () => {
  it("records created, updated and deleted only, within 20 characters", async () => {
    const user = await insertUser();
    for (const eventType of ["created", "updated", "deleted"]) {
      await db
        .insert(annotationEvents)
        .values({ userId: user.id, propertyId: "1", annotationId: "a", eventType });
    }
    await expectViolation(
      db
        .insert(annotationEvents)
        .values({ userId: user.id, propertyId: "1", annotationId: "a", eventType: "viewed" }),
      "23514",
    );
    await expectViolation(
      db
        .insert(annotationEvents)
        .values({ userId: user.id, propertyId: "1", annotationId: "a", eventType: "x".repeat(21) }),
      "22001",
    );
  });
});

describe("shared annotation metadata", () => {
  it("keeps one row per annotation of a property, with a known source or none", async () => {
    const row = { propertyId: "7", annotationId: "one", source: "assistant" as const };
    await db.insert(sharedAnnotationMetadata).values(row);
    await expectViolation(db.insert(sharedAnnotationMetadata).values(row), "23505");
    await db.insert(sharedAnnotationMetadata).values({ ...row, propertyId: "8" });
    await db.insert(sharedAnnotationMetadata).values({ ...row, annotationId: "two", source: null });
    await expectViolation(
      db.execute(
        sql`insert into shared_annotation_metadata (property_id, annotation_id, source) values ('7', 'three', 'mystery')`,
      ),
      "23514",
    );
  });

  it("is filled by its migration for the annotations Tidemark made before it, with no source", async () => {
    const migration = await readFile(
      new URL(
        "../../../drizzle/0010_shared_annotation_metadata_and_create_extras.sql",
        import.meta.url,
      ),
      "utf8",
    );
    const backfill = migration.split("--> statement-breakpoint").at(-1)!;
    expect(backfill).toMatch(/insert into "shared_annotation_metadata"/i);
    const user = await insertUser();
    const change = (annotationId: string, eventType: string, createdAt: string) =>
      db.insert(annotationEvents).values({
        userId: user.id,
        propertyId: "900",
        annotationId,
        eventType,
        createdAt: new Date(createdAt),
      });
    await change("made", "created", "2026-03-01T10:00:00Z");
    await change("made", "updated", "2026-03-02T10:00:00Z");
    await change("made-then-deleted", "created", "2026-03-01T11:00:00Z");
    await change("made-then-deleted", "deleted", "2026-03-03T11:00:00Z");
    // Made in Google Analytics, then categorised or edited in Tidemark: not Tidemark's.
    await change("made-elsewhere", "updated", "2026-03-04T10:00:00Z");

    await db.execute(sql.raw(backfill));

    const rows = await db
      .select()
      .from(sharedAnnotationMetadata)
      .where(eq(sharedAnnotationMetadata.propertyId, "900"));
    expect(rows).toEqual([
      {
        propertyId: "900",
        annotationId: "made",
        source: null,
        addedAt: new Date("2026-03-01T10:00:00Z"),
      },
    ]);
  });
});

describe("audit sessions and suggestions", () => {
  it("defaults a session to pending with zero progress and orders its date range", async () => {
    const user = await insertUser();
    const [session] = await db
      .insert(annotationAuditSessions)
      .values({ userId: user.id, propertyId: "9" })
      .returning();
    expect(session).toMatchObject({
      status: "pending",
      totalAnnotations: 0,
      processedAnnotations: 0,
      startDate: null,
      endDate: null,
      completedAt: null,
    });
    await expectViolation(
      db
        .insert(annotationAuditSessions)
        // The types refuse an unknown status already; the database must refuse it on its own too.
        .values({ userId: user.id, propertyId: "9", status: "paused" as AuditStatus }),
      "23514",
    );
    await expectViolation(
      db.insert(annotationAuditSessions).values({
        userId: user.id,
        propertyId: "9",
        startDate: "2026-02-01",
        endDate: "2026-01-01",
      }),
      "23514",
    );
  });

  it("defaults suggestions to pending and deletes them with their session", async () => {
    const user = await insertUser();
    const [session] = await db
      .insert(annotationAuditSessions)
      .values({ userId: user.id, propertyId: "9" })
      .returning();
    const [suggestion] = await db
      .insert(annotationSuggestions)
      .values({ auditSessionId: session!.id, annotationId: "a1", originalTitle: "sale" })
      .returning();
    expect(suggestion!.status).toBe("pending");
    await expectViolation(
      db.insert(annotationSuggestions).values({
        auditSessionId: session!.id,
        annotationId: "a2",
        originalTitle: "x",
        status: "maybe" as SuggestionStatus,
      }),
      "23514",
    );
    await db.delete(annotationAuditSessions).where(eq(annotationAuditSessions.id, session!.id));
    expect(
      await db
        .select()
        .from(annotationSuggestions)
        .where(eq(annotationSuggestions.auditSessionId, session!.id)),
    ).toEqual([]);
  });

  it("clears suggested and chosen categories when the category is deleted", async () => {
    const user = await insertUser();
    const [category] = await db
      .insert(annotationCategories)
      .values({ userId: user.id, name: "Experiments", color: "GREEN" })
      .returning();
    const [session] = await db
      .insert(annotationAuditSessions)
      .values({ userId: user.id, propertyId: "9" })
      .returning();
    const [suggestion] = await db
      .insert(annotationSuggestions)
      .values({
        auditSessionId: session!.id,
        annotationId: "a1",
        originalTitle: "ab test",
        suggestedCategoryId: category!.id,
        modifiedCategoryId: category!.id,
      })
      .returning();
    await db.delete(annotationCategories).where(eq(annotationCategories.id, category!.id));
    const [after] = await db
      .select()
      .from(annotationSuggestions)
      .where(eq(annotationSuggestions.id, suggestion!.id));
    expect(after).toMatchObject({ suggestedCategoryId: null, modifiedCategoryId: null });
  });

  it("deletes a user's audits, and through them their suggestions, with the user", async () => {
    const user = await insertUser();
    const [session] = await db
      .insert(annotationAuditSessions)
      .values({ userId: user.id, propertyId: "9" })
      .returning();
    await db
      .insert(annotationSuggestions)
      .values({ auditSessionId: session!.id, annotationId: "a", originalTitle: "t" });
    await db.delete(users).where(eq(users.id, user.id));
    expect(
      await db
        .select()
        .from(annotationSuggestions)
        .where(eq(annotationSuggestions.auditSessionId, session!.id)),
    ).toEqual([]);
  });
});

describe("chat sessions and messages", () => {
  it("stores messages in order, accepts only user and assistant roles, and cascades", async () => {
    const user = await insertUser();
    const [session] = await db.insert(chatSessions).values({ userId: user.id }).returning();
    expect(session!.propertyId).toBeNull();
    await db.insert(chatMessages).values([
      { sessionId: session!.id, role: "user", content: "List my annotations" },
      { sessionId: session!.id, role: "assistant", content: "You have none yet." },
    ]);
    await expectViolation(
      db.insert(chatMessages).values({ sessionId: session!.id, role: "system", content: "x" }),
      "23514",
    );
    await db.delete(users).where(eq(users.id, user.id));
    expect(await db.select().from(chatSessions).where(eq(chatSessions.userId, user.id))).toEqual(
      [],
    );
    expect(
      await db.select().from(chatMessages).where(eq(chatMessages.sessionId, session!.id)),
    ).toEqual([]);
  });
});
