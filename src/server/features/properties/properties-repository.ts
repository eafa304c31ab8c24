import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { properties, users, type SavedProperty } from "../../db/schema/index.js";

export function createPropertiesRepository(db: Db) {
  return {
    listByUser(userId: string): Promise<SavedProperty[]> {
      return db.select().from(properties).where(eq(properties.userId, userId)).orderBy(asc(properties.createdAt));
    },

    async findByPropertyId(userId: string, propertyId: string): Promise<SavedProperty | null> {
      const [row] = await db
        .select()
        .from(properties)
        .where(and(eq(properties.userId, userId), eq(properties.propertyId, propertyId)))
        .limit(1);
      return row ?? null;
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
     * Saves a property unless the user already holds `limit` of them, in one statement, so two
     * parallel saves can never pass the limit together. Returns null when the limit is reached.
     */
    async insertWithinLimit(
      input: { userId: string; propertyId: string; name: string; locked: boolean },
      limit: number,
    ): Promise<SavedProperty | null> {
      const result = await db.execute<{ id: string }>(sql`
        insert into ${properties} (user_id, property_id, name, locked)
        select ${input.userId}, ${input.propertyId}, ${input.name}, ${input.locked ? "true" : "false"}
        where (select count(*) from ${properties} where user_id = ${input.userId}) < ${limit}
        on conflict (user_id, property_id) do nothing
        returning id`);
      const id = result.rows[0]?.id;
      return id ? this.findById(input.userId, id) : this.findByPropertyId(input.userId, input.propertyId);
    },

    /** Locks a free user to this property if nothing is locked yet; returns the locked property id. */
    async lockIfUnlocked(userId: string, propertyId: string): Promise<string | null> {
      await db
        .update(users)
        .set({ lockedPropertyId: propertyId })
        .where(and(eq(users.id, userId), isNull(users.lockedPropertyId)));
      const [row] = await db.select({ locked: users.lockedPropertyId }).from(users).where(eq(users.id, userId));
      return row?.locked ?? null;
    },

    async delete(userId: string, id: string): Promise<void> {
      await db.delete(properties).where(and(eq(properties.userId, userId), eq(properties.id, id)));
    },
  };
}

export type PropertiesRepository = ReturnType<typeof createPropertiesRepository>;
