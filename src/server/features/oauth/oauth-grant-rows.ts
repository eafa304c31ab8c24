import { and, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { oauthRecords } from "../../db/schema/index.js";
import { liveRecords } from "./oauth-adapter-rows.js";

/** A person's grant as the connected-apps list reads it. */
export interface GrantRow {
  grantId: string;
  clientId: string;
  /** The scopes granted for the MCP resource, as the grant holds them. */
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** A person's grants as the connected-apps list reads them, and when each was last used. */
export function createOAuthGrantReads(db: Db, now: () => Date) {
  const live = () => liveRecords(now);
  return {
    /** The person's live grants, newest first. */
    async grantsOf(userId: string, resource: string): Promise<GrantRow[]> {
      const rows = await db
        .select()
        .from(oauthRecords)
        .where(and(eq(oauthRecords.userId, userId), eq(oauthRecords.kind, "Grant"), live()))
        .orderBy(desc(oauthRecords.createdAt));
      return rows.map((row) => {
        const payload = row.payload as {
          clientId?: string;
          resources?: Record<string, string>;
        };
        return {
          grantId: row.id,
          clientId: payload.clientId ?? "",
          scopes: (payload.resources?.[resource] ?? "").split(" ").filter(Boolean),
          createdAt: row.createdAt,
          lastUsedAt: row.lastUsedAt,
        };
      });
    },

    /** Registered clients' metadata by id (their names, for the connected-apps list). */
    async clients(clientIds: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
      if (clientIds.length === 0) return new Map();
      const rows = await db
        .select({ id: oauthRecords.id, payload: oauthRecords.payload })
        .from(oauthRecords)
        .where(and(eq(oauthRecords.kind, "Client"), inArray(oauthRecords.id, [...clientIds])));
      return new Map(rows.map((row) => [row.id, row.payload]));
    },

    /** At most once a minute per grant: a busy client does not write on every call. */
    async touchGrant(grantId: string): Promise<void> {
      const at = now();
      await db
        .update(oauthRecords)
        .set({ lastUsedAt: at })
        .where(
          and(
            eq(oauthRecords.kind, "Grant"),
            eq(oauthRecords.id, grantId),
            or(
              isNull(oauthRecords.lastUsedAt),
              lt(
                oauthRecords.lastUsedAt,
                sql`${at.toISOString()}::timestamptz - interval '1 minute'`,
              ),
            ),
          ),
        );
    },
  };
}

/** A person's grants ended, or narrowed to fewer scopes. */
export function createOAuthGrantRevokes(db: Db) {
  return {
    /** Ends grants and every record they issued (codes, access and refresh tokens). */
    async revokeGrants(userId: string, grantIds: readonly string[]): Promise<number> {
      if (grantIds.length === 0) return 0;
      const owned = await db
        .delete(oauthRecords)
        .where(
          and(
            eq(oauthRecords.kind, "Grant"),
            eq(oauthRecords.userId, userId),
            inArray(oauthRecords.id, [...grantIds]),
          ),
        )
        .returning({ id: oauthRecords.id });
      if (owned.length > 0)
        await db.delete(oauthRecords).where(
          inArray(
            oauthRecords.grantId,
            owned.map((row) => row.id),
          ),
        );
      return owned.length;
    },

    /**
     * Takes scopes out of grants the person gave (and records them as refused, so the provider
     * does not ask the person again for them on a refresh). Returns how many grants changed.
     */
    async withoutScopes(
      userId: string,
      grantIds: readonly string[],
      resource: string,
      scopes: readonly string[],
    ): Promise<number> {
      if (grantIds.length === 0) return 0;
      const rows = await db
        .select({ id: oauthRecords.id, payload: oauthRecords.payload })
        .from(oauthRecords)
        .where(
          and(
            eq(oauthRecords.kind, "Grant"),
            eq(oauthRecords.userId, userId),
            inArray(oauthRecords.id, [...grantIds]),
          ),
        );
      const drop = new Set(scopes);
      const keep = (words: unknown) =>
        (typeof words === "string" ? words : "")
          .split(" ")
          .filter((word) => word && !drop.has(word))
          .join(" ");
      const add = (words: unknown) =>
        [...new Set([...(typeof words === "string" ? words.split(" ") : []), ...scopes])]
          .filter(Boolean)
          .join(" ");
      for (const row of rows) {
        const payload = row.payload as {
          resources?: Record<string, string>;
          openid?: { scope?: string };
          rejected?: { resources?: Record<string, string>; openid?: { scope?: string } };
        };
        const rejected = payload.rejected ?? {};
        const next = {
          ...payload,
          resources: { ...payload.resources, [resource]: keep(payload.resources?.[resource]) },
          ...(payload.openid
            ? { openid: { ...payload.openid, scope: keep(payload.openid.scope) } }
            : {}),
          rejected: {
            ...rejected,
            resources: { ...rejected.resources, [resource]: add(rejected.resources?.[resource]) },
            openid: { ...rejected.openid, scope: add(rejected.openid?.scope) },
          },
        };
        await db
          .update(oauthRecords)
          .set({ payload: next })
          .where(and(eq(oauthRecords.kind, "Grant"), eq(oauthRecords.id, row.id)));
      }
      return rows.length;
    },
  };
}
