import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { Db } from "../../db/database.js";
import { oauthRecords } from "../../db/schema/index.js";

/** A person's grant as the connected-apps list reads it. */
export interface GrantRow {
  grantId: string;
  clientId: string;
  /** The scopes granted for the MCP resource, as the grant holds them. */
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

/**
 * oidc-provider's storage, one adapter per model name over one table. Expired rows read as
 * missing (and are swept by `deleteExpired`), so a token's lifetime is the database's word on
 * every instance alike.
 */
export function createOAuthRecordsRepository(db: Db, now: () => Date = () => new Date()) {
  const live = () => or(isNull(oauthRecords.expiresAt), gt(oauthRecords.expiresAt, now()));

  function toPayload(row: { payload: Record<string, unknown>; consumedAt: Date | null }) {
    const payload = row.payload as AdapterPayload;
    return row.consumedAt
      ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
      : payload;
  }

  function adapterFor(kind: string): Adapter {
    const byId = (id: string) => and(eq(oauthRecords.kind, kind), eq(oauthRecords.id, id));
    return {
      async upsert(id, payload, expiresIn) {
        const values = {
          kind,
          id,
          payload: payload as Record<string, unknown>,
          userId: typeof payload.accountId === "string" ? payload.accountId : null,
          grantId: payload.grantId ?? null,
          uid: payload.uid ?? null,
          expiresAt: expiresIn ? new Date(now().getTime() + expiresIn * 1000) : null,
        };
        await db
          .insert(oauthRecords)
          .values(values)
          .onConflictDoUpdate({
            target: [oauthRecords.kind, oauthRecords.id],
            set: {
              payload: values.payload,
              userId: values.userId,
              grantId: values.grantId,
              uid: values.uid,
              expiresAt: values.expiresAt,
            },
          });
      },
      async find(id) {
        const [row] = await db
          .select()
          .from(oauthRecords)
          .where(and(byId(id), live()));
        return row ? toPayload(row) : undefined;
      },
      async findByUid(uid) {
        const [row] = await db
          .select()
          .from(oauthRecords)
          .where(and(eq(oauthRecords.kind, kind), eq(oauthRecords.uid, uid), live()));
        return row ? toPayload(row) : undefined;
      },
      // The device flow is not offered, so no record ever carries a user code.
      async findByUserCode() {
        return undefined;
      },
      async consume(id) {
        await db.update(oauthRecords).set({ consumedAt: now() }).where(byId(id));
      },
      async destroy(id) {
        await db.delete(oauthRecords).where(byId(id));
      },
      async revokeByGrantId(grantId) {
        await db
          .delete(oauthRecords)
          .where(and(eq(oauthRecords.grantId, grantId), eq(oauthRecords.kind, kind)));
      },
    };
  }

  return {
    adapterFor,

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

    async deleteExpired(): Promise<void> {
      await db.delete(oauthRecords).where(lt(oauthRecords.expiresAt, now()));
    },
  };
}

export type OAuthRecordsRepository = ReturnType<typeof createOAuthRecordsRepository>;
