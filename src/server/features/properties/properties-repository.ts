import { and, asc, eq, sql } from "drizzle-orm";
import { batchedPairLookup } from "../../db/batched-lookup.js";
import type { Db } from "../../db/database.js";
import { properties, users, type SavedProperty } from "../../db/schema/index.js";
import { createPropertyLockRows } from "./property-lock-rows.js";

export function createPropertiesRepository(db: Db) {
  // Every annotation request checks its property: prepared once, and batched across concurrent requests.
  const byUserAndPropertyIds = db
    .select()
    .from(properties)
    .where(
      and(
        sql`${properties.userId} = any(${sql.placeholder("userIds")}::uuid[])`,
        sql`${properties.propertyId} = any(${sql.placeholder("propertyIds")}::text[])`,
      ),
    )
    .prepare("saved_properties_by_user_and_property_ids");
  const savedProperty = batchedPairLookup({
    load: (userIds, propertyIds) => byUserAndPropertyIds.execute({ userIds, propertyIds }),
    pairOf: (row) => [row.userId, row.propertyId],
    valueOf: (row) => row,
  });

  return {
    listByUser(userId: string): Promise<SavedProperty[]> {
      return db
        .select()
        .from(properties)
        .where(eq(properties.userId, userId))
        .orderBy(asc(properties.createdAt));
    },

    async findByPropertyId(userId: string, propertyId: string): Promise<SavedProperty | null> {
      return (await savedProperty.one(userId, propertyId)) ?? null;
    },

    async findById(userId: string, id: string): Promise<SavedProperty | null> {
      const [row] = await db
        .select()
        .from(properties)
        .where(and(eq(properties.userId, userId), eq(properties.id, id)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Saves a property unless the user already holds `limit` of them. The user's row is locked
     * for the count and the insert, so parallel saves (on any instance) queue instead of both
     * passing the limit. Returns null when the limit is reached.
     */
    async insertWithinLimit(
      input: {
        userId: string;
        propertyId: string;
        name: string;
        locked: boolean;
        timeZone: string | null;
      },
      limit: number,
    ): Promise<SavedProperty | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select id from ${users} where id = ${input.userId} for update`);
        const [existing] = await tx
          .select()
          .from(properties)
          .where(
            and(eq(properties.userId, input.userId), eq(properties.propertyId, input.propertyId)),
          );
        if (existing) return existing;
        const [{ count } = { count: 0 }] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(properties)
          .where(eq(properties.userId, input.userId));
        if (count >= limit) return null;
        const [saved] = await tx
          .insert(properties)
          .values({
            userId: input.userId,
            propertyId: input.propertyId,
            name: input.name,
            locked: input.locked ? "true" : "false",
            timeZone: input.timeZone,
          })
          .returning();
        return saved ?? null;
      });
    },

    ...createPropertyLockRows(db),

    async setTimeZone(userId: string, propertyId: string, timeZone: string): Promise<void> {
      await db
        .update(properties)
        .set({ timeZone })
        .where(and(eq(properties.userId, userId), eq(properties.propertyId, propertyId)));
    },

    async delete(userId: string, id: string): Promise<void> {
      await db.delete(properties).where(and(eq(properties.userId, userId), eq(properties.id, id)));
    },
  };
}

export type PropertiesRepository = ReturnType<typeof createPropertiesRepository>;
