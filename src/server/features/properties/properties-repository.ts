import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { batchedPairLookup } from "../../db/batched-lookup.js";
import type { Db } from "../../db/database.js";
import { properties, users, type SavedProperty } from "../../db/schema/index.js";

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

    /** Locks a free user to this property if nothing is locked yet; returns the locked property id. */
    async lockIfUnlocked(userId: string, propertyId: string): Promise<string | null> {
      await db
        .update(users)
        .set({ lockedPropertyId: propertyId })
        .where(and(eq(users.id, userId), isNull(users.lockedPropertyId)));
      const [row] = await db
        .select({ locked: users.lockedPropertyId })
        .from(users)
        .where(eq(users.id, userId));
      return row?.locked ?? null;
    },

    /**
     * Moves a free user's lock from `from` to `to`, unless another change got there first: the
     * user's row is locked while the lock, the last change and the saved list are checked and
     * rewritten, so two changes at once cannot both pass the once-in-30-days rule. The old
     * property leaves the saved list; the new one joins it (or stays, if already listed).
     * Returns the saved row of `to`, or null when the lock or its last change moved meanwhile.
     */
    async changeLock(input: {
      userId: string;
      from: string;
      to: { propertyId: string; name: string };
      /** The latest a previous change may have happened for this one to be allowed. */
      changedBefore: Date;
      at: Date;
    }): Promise<SavedProperty | null> {
      return db.transaction(async (tx) => {
        const [user] = await tx
          .select({
            locked: users.lockedPropertyId,
            changedAt: users.lockedPropertyChangedAt,
          })
          .from(users)
          .where(eq(users.id, input.userId))
          .for("update");
        if (!user || user.locked !== input.from) return null;
        if (user.changedAt && user.changedAt.getTime() > input.changedBefore.getTime()) return null;
        await tx
          .delete(properties)
          .where(and(eq(properties.userId, input.userId), eq(properties.propertyId, input.from)));
        await tx
          .insert(properties)
          .values({
            userId: input.userId,
            propertyId: input.to.propertyId,
            name: input.to.name,
            locked: "true",
          })
          .onConflictDoUpdate({
            target: [properties.userId, properties.propertyId],
            set: { locked: "true" },
          });
        await tx
          .update(users)
          .set({ lockedPropertyId: input.to.propertyId, lockedPropertyChangedAt: input.at })
          .where(eq(users.id, input.userId));
        const [saved] = await tx
          .select()
          .from(properties)
          .where(
            and(
              eq(properties.userId, input.userId),
              eq(properties.propertyId, input.to.propertyId),
            ),
          );
        return saved ?? null;
      });
    },

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
