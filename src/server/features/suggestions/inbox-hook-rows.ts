import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import {
  inboxHookDeliveries,
  inboxHooks,
  inboxRules,
  type InboxHook,
} from "../../db/schema/index.js";

export interface NewDelivery {
  hookId: string;
  propertyId: string;
  deliveryId: string;
  itemKey: string;
  title: string;
  description: string;
  day: string;
}

export type StoredDelivery = typeof inboxHookDeliveries.$inferSelect;

/** Webhooks and the deliveries they have verified. */
export function createInboxHookRows(db: Db) {
  return {
    async createHook(input: {
      propertyId: string;
      name: string;
      sealedSecret: string;
      createdBy: string;
    }): Promise<InboxHook> {
      const [row] = await db.insert(inboxHooks).values(input).returning();
      return row!;
    },

    listHooks(propertyId: string): Promise<InboxHook[]> {
      return db
        .select()
        .from(inboxHooks)
        .where(eq(inboxHooks.propertyId, propertyId))
        .orderBy(asc(inboxHooks.createdAt));
    },

    async findHook(id: string): Promise<InboxHook | null> {
      const [row] = await db.select().from(inboxHooks).where(eq(inboxHooks.id, id));
      return row ?? null;
    },

    async countHooks(propertyId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(inboxHooks)
        .where(eq(inboxHooks.propertyId, propertyId));
      return row?.count ?? 0;
    },

    /** Removes a hook, its waiting deliveries and its rules; false when there was none. */
    async deleteHook(propertyId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(inboxHooks)
          .where(and(eq(inboxHooks.propertyId, propertyId), eq(inboxHooks.id, id)))
          .returning({ id: inboxHooks.id });
        await tx
          .delete(inboxRules)
          .where(and(eq(inboxRules.propertyId, propertyId), eq(inboxRules.origin, id)));
        return deleted.length > 0;
      });
    },

    /** Stores a verified delivery; false when this hook has seen its delivery id before. */
    async storeDelivery(delivery: NewDelivery): Promise<boolean> {
      const rows = await db
        .insert(inboxHookDeliveries)
        .values(delivery)
        .onConflictDoNothing({
          target: [inboxHookDeliveries.hookId, inboxHookDeliveries.deliveryId],
        })
        .returning({ seq: inboxHookDeliveries.seq });
      return rows.length > 0;
    },

    deliveriesAfter(propertyId: string, seq: number, limit: number): Promise<StoredDelivery[]> {
      return db
        .select()
        .from(inboxHookDeliveries)
        .where(
          and(eq(inboxHookDeliveries.propertyId, propertyId), gt(inboxHookDeliveries.seq, seq)),
        )
        .orderBy(asc(inboxHookDeliveries.seq))
        .limit(limit);
    },
  };
}
