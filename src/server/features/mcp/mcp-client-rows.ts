import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { mcpClients } from "../../db/schema/index.js";

/** What each MCP client said it can do, by the token it calls with. */
export function createMcpClientRows(db: Db, now: () => Date) {
  return {
    /** Records what a client said it can do at `initialize`. */
    async noteClient(tokenId: string, userId: string, elicitation: boolean): Promise<void> {
      await db
        .insert(mcpClients)
        .values({ tokenId, userId, elicitation, updatedAt: now() })
        .onConflictDoUpdate({
          target: mcpClients.tokenId,
          set: { elicitation, updatedAt: sql`excluded.updated_at` },
        });
    },

    async clientElicits(tokenId: string): Promise<boolean> {
      const [row] = await db
        .select({ elicitation: mcpClients.elicitation })
        .from(mcpClients)
        .where(eq(mcpClients.tokenId, tokenId));
      return row?.elicitation ?? false;
    },
  };
}
