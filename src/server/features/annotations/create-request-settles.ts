import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { annotationCreateRequests } from "../../db/schema/index.js";

/** What becomes of an open create: settled, sent again, or left unconfirmed. */
export function createRequestSettles(db: Db) {
  return {
    /**
     * Records what became of a create still open (pending or unconfirmed). False when it was
     * settled already, by another listing or request: only the one that settles it acts on it
     * (gives its quota slot back), so two listings at once never give a slot back twice.
     */
    async settle(
      id: string,
      state: "created" | "failed",
      annotationId: string | null = null,
      /**
       * For a create given up on by someone other than its sender: only while its last attempt is
       * still the one judged (`settleAfter` unchanged), so an attempt sent meanwhile is never
       * taken for missing.
       */
      judged?: { settleAfter: Date | null },
    ): Promise<boolean> {
      const rows = await db
        .update(annotationCreateRequests)
        .set({ state, annotationId })
        .where(
          and(
            eq(annotationCreateRequests.id, id),
            inArray(annotationCreateRequests.state, ["pending", "unconfirmed"]),
            judged === undefined
              ? undefined
              : judged.settleAfter === null
                ? isNull(annotationCreateRequests.settleAfter)
                : eq(annotationCreateRequests.settleAfter, judged.settleAfter),
          ),
        )
        .returning({ id: annotationCreateRequests.id });
      return rows.length === 1;
    },

    /**
     * Before a create is sent again: pushes `settleAfter` past the new attempt. False when the
     * create is no longer pending (a listing proved it missing meanwhile): it must not be sent.
     */
    async renewAttempt(id: string, settleAfter: Date): Promise<boolean> {
      const rows = await db
        .update(annotationCreateRequests)
        .set({ settleAfter })
        .where(
          and(eq(annotationCreateRequests.id, id), eq(annotationCreateRequests.state, "pending")),
        )
        .returning({ id: annotationCreateRequests.id });
      return rows.length === 1;
    },

    /**
     * A create whose answer was lost: its slot stays spent until a listing settles it. A listing
     * that starts at `settleAfter` or later and does not show it proves it never landed. Only a
     * pending create becomes unconfirmed: one a listing has already claimed stays created.
     */
    async markUnconfirmed(id: string, settleAfter: Date): Promise<void> {
      await db
        .update(annotationCreateRequests)
        .set({ state: "unconfirmed", settleAfter })
        .where(
          and(eq(annotationCreateRequests.id, id), eq(annotationCreateRequests.state, "pending")),
        );
    },
  };
}
