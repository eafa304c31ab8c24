import { and, eq, inArray, sql } from "drizzle-orm";
import { batchedPairLookup } from "../../db/batched-lookup.js";
import type { Db } from "../../db/database.js";
import { createRequestSettles } from "./create-request-settles.js";
import {
  annotationCreateRequests,
  type AnnotationCreateRequest,
  type CreateRequestExtras,
} from "../../db/schema/index.js";

/**
 * Creates by request id, remembered until Google's answer is known; what becomes of each is
 * written by create-request-settles.ts.
 */
export function createCreateRequestsRepository(db: Db) {
  // Every list asks whether a create is still open: one prepared statement on the partial index
  // of open creates, batched across concurrent requests. The state condition is written out, not
  // a parameter, so the planner can use that index. A batch may mix people and properties, so it
  // asks for their cross product and keeps the pairs it wanted.
  const openPairs = db
    .selectDistinct({
      userId: annotationCreateRequests.userId,
      propertyId: annotationCreateRequests.propertyId,
    })
    .from(annotationCreateRequests)
    .where(
      and(
        sql`${annotationCreateRequests.userId} = any(${sql.placeholder("userIds")}::uuid[])`,
        sql`${annotationCreateRequests.propertyId} = any(${sql.placeholder("propertyIds")}::text[])`,
        sql`${annotationCreateRequests.state} in ('pending', 'unconfirmed')`,
      ),
    )
    .prepare("annotation_create_requests_open_pairs");
  const openCreates = batchedPairLookup({
    load: (userIds, propertyIds) => openPairs.execute({ userIds, propertyIds }),
    pairOf: (row) => [row.userId, row.propertyId],
    valueOf: () => true,
  });

  return {
    async find(id: string): Promise<AnnotationCreateRequest | null> {
      const [row] = await db
        .select()
        .from(annotationCreateRequests)
        .where(eq(annotationCreateRequests.id, id));
      return row ?? null;
    },

    /**
     * Records a create about to be sent; false when the id is already taken. `settleAfter` is when
     * its first attempt will have run its course at Google whatever became of the process sending
     * it, so a listing from then on proves it missing even if that process died mid-create.
     */
    async open(input: {
      id: string;
      userId: string;
      propertyId: string;
      body: Record<string, unknown>;
      extras: CreateRequestExtras;
      quotaDay: Date;
      settleAfter: Date;
    }): Promise<boolean> {
      const inserted = await db
        .insert(annotationCreateRequests)
        .values({ ...input, state: "pending" })
        .onConflictDoNothing()
        .returning({ id: annotationCreateRequests.id });
      return inserted.length === 1;
    },

    ...createRequestSettles(db),

    /** A person's creates on a property whose fate is not known yet. */
    async unsettled(userId: string, propertyId: string): Promise<AnnotationCreateRequest[]> {
      return db
        .select()
        .from(annotationCreateRequests)
        .where(
          and(
            eq(annotationCreateRequests.userId, userId),
            eq(annotationCreateRequests.propertyId, propertyId),
            inArray(annotationCreateRequests.state, ["pending", "unconfirmed"]),
          ),
        );
    },

    /** Whether any create of this person on this property is still open (cheap, for lists). */
    async hasUnsettled(userId: string, propertyId: string): Promise<boolean> {
      return (await openCreates.one(userId, propertyId)) === true;
    },
  };
}

export type CreateRequestsRepository = ReturnType<typeof createCreateRequestsRepository>;
