import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { properties, users, type SavedProperty } from "../../db/schema/index.js";

/** A free user's one locked property: set once, and moved at most once in a while. */
export function createPropertyLockRows(db: Db) {
  return {
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
  };
}
