import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import {
  annotationCreateRequests,
  type AnnotationCreateRequest,
  type AnnotationCreateState,
} from "../../db/schema/index.js";

/** Creates by request id, remembered until Google's answer is known. */
export function createCreateRequestsRepository(db: Db) {
  return {
    async find(id: string): Promise<AnnotationCreateRequest | null> {
      const [row] = await db
        .select()
        .from(annotationCreateRequests)
        .where(eq(annotationCreateRequests.id, id));
      return row ?? null;
    },

    /** Records a create about to be sent; false when the id is already taken. */
    async open(input: {
      id: string;
      userId: string;
      propertyId: string;
      body: Record<string, unknown>;
      quotaDay: Date;
    }): Promise<boolean> {
      const inserted = await db
        .insert(annotationCreateRequests)
        .values({ ...input, state: "pending" })
        .onConflictDoNothing()
        .returning({ id: annotationCreateRequests.id });
      return inserted.length === 1;
    },

    async settle(
      id: string,
      state: Exclude<AnnotationCreateState, "pending">,
      annotationId: string | null = null,
    ): Promise<void> {
      await db
        .update(annotationCreateRequests)
        .set({ state, annotationId })
        .where(eq(annotationCreateRequests.id, id));
    },

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
      const result = await db.execute<{ open: boolean }>(sql`
        select exists (
          select 1 from ${annotationCreateRequests}
          where user_id = ${userId} and property_id = ${propertyId}
            and state in ('pending', 'unconfirmed')
        ) as open`);
      return result.rows[0]?.open === true;
    },
  };
}

export type CreateRequestsRepository = ReturnType<typeof createCreateRequestsRepository>;
