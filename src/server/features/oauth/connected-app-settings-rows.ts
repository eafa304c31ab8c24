import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { connectedAppSettings } from "../../db/schema/index.js";

/** What the person chose for each connected app. */
export function createConnectedAppSettingsRows(db: Db, now: () => Date) {
  return {
    /** What the person chose for an app goes with the app: connecting again starts afresh. */
    async forgetAppSettings(userId: string, clientId: string): Promise<void> {
      await db
        .delete(connectedAppSettings)
        .where(
          and(eq(connectedAppSettings.userId, userId), eq(connectedAppSettings.clientId, clientId)),
        );
    },

    /** Apps the person lets delete without approving each deletion. */
    async appsDeletingWithoutAsking(userId: string): Promise<Set<string>> {
      const rows = await db
        .select({ clientId: connectedAppSettings.clientId })
        .from(connectedAppSettings)
        .where(
          and(
            eq(connectedAppSettings.userId, userId),
            eq(connectedAppSettings.deletesWithoutAsking, true),
          ),
        );
      return new Set(rows.map((row) => row.clientId));
    },

    async setDeletesWithoutAsking(userId: string, clientId: string, on: boolean): Promise<void> {
      await db
        .insert(connectedAppSettings)
        .values({ userId, clientId, deletesWithoutAsking: on, updatedAt: now() })
        .onConflictDoUpdate({
          target: [connectedAppSettings.userId, connectedAppSettings.clientId],
          set: { deletesWithoutAsking: on, updatedAt: now() },
        });
    },
  };
}
