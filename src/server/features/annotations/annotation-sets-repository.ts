import { and, eq, inArray, lt, ne, or } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { annotationSetMembers } from "../../db/schema/index.js";

/** One annotation, keyed as Google keys it. */
export interface SetMemberKey {
  propertyId: string;
  annotationId: string;
}

function keyIs(key: SetMemberKey) {
  return and(
    eq(annotationSetMembers.propertyId, key.propertyId),
    eq(annotationSetMembers.annotationId, key.annotationId),
  );
}

/** The set members a listing shows gone, as `prune` describes. */
async function pruneGone(
  db: Db,
  propertyId: string,
  listed: ReadonlySet<string>,
  listedFrom: Date,
): Promise<void> {
  const members = await db
    .select({ annotationId: annotationSetMembers.annotationId })
    .from(annotationSetMembers)
    .where(
      and(
        eq(annotationSetMembers.propertyId, propertyId),
        lt(annotationSetMembers.createdAt, listedFrom),
      ),
    );
  const gone = members
    .map((member) => member.annotationId)
    .filter((annotationId) => !listed.has(annotationId));
  if (gone.length === 0) return;
  await db
    .delete(annotationSetMembers)
    .where(
      and(
        eq(annotationSetMembers.propertyId, propertyId),
        inArray(annotationSetMembers.annotationId, gone),
      ),
    );
}

/** Which annotations are copies of one another (decision 0058). */
export function createAnnotationSetsRepository(db: Db) {
  async function setOf(key: SetMemberKey): Promise<string | null> {
    const [row] = await db
      .select({ setId: annotationSetMembers.setId })
      .from(annotationSetMembers)
      .where(keyIs(key));
    return row?.setId ?? null;
  }

  return {
    /**
     * Ties these annotations together as one set. One already in a set brings the others into it
     * (a retry that made the rest), so linking again never splits or duplicates a set.
     */
    async link(members: readonly SetMemberKey[]): Promise<void> {
      if (members.length < 2) return;
      await db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ setId: annotationSetMembers.setId })
          .from(annotationSetMembers)
          .where(or(...members.map(keyIs)))
          .limit(1);
        const setId = existing?.setId ?? crypto.randomUUID();
        await tx
          .insert(annotationSetMembers)
          .values(members.map((member) => ({ ...member, setId })))
          .onConflictDoNothing();
      });
    },

    /** The other members of the annotation's set; none when it is in no set. */
    async copiesOf(key: SetMemberKey): Promise<SetMemberKey[]> {
      const setId = await setOf(key);
      if (!setId) return [];
      const rows = await db
        .select({
          propertyId: annotationSetMembers.propertyId,
          annotationId: annotationSetMembers.annotationId,
        })
        .from(annotationSetMembers)
        .where(
          and(
            eq(annotationSetMembers.setId, setId),
            ne(annotationSetMembers.propertyId, key.propertyId),
          ),
        )
        .orderBy(annotationSetMembers.createdAt, annotationSetMembers.propertyId);
      return rows;
    },

    /**
     * A deleted annotation made again (the undo of its deletion, under a new id) goes back into
     * the set of the copies it had, if one of them is still in it; otherwise it stays alone.
     */
    async rejoin(key: SetMemberKey, formerCopies: readonly SetMemberKey[]): Promise<void> {
      if (formerCopies.length === 0) return;
      const [existing] = await db
        .select({ setId: annotationSetMembers.setId })
        .from(annotationSetMembers)
        .where(or(...formerCopies.map(keyIs)))
        .limit(1);
      if (!existing) return;
      await db
        .insert(annotationSetMembers)
        .values({ ...key, setId: existing.setId })
        .onConflictDoNothing();
    },

    /** The annotation is gone (deleted through Tidemark): it leaves its set. */
    async leave(key: SetMemberKey): Promise<void> {
      await db.delete(annotationSetMembers).where(keyIs(key));
    },

    /**
     * After a listing of the property that began at `listedFrom`: members it does not show were
     * deleted in GA4 directly, and leave their sets. Members linked after the listing began may
     * not be in it yet, so they stay. One read; a write only when something left.
     */
    prune: (propertyId: string, listed: ReadonlySet<string>, listedFrom: Date): Promise<void> =>
      pruneGone(db, propertyId, listed, listedFrom),
  };
}

export type AnnotationSetsRepository = ReturnType<typeof createAnnotationSetsRepository>;
