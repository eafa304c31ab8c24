import { createHash } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { Db } from "../../db/database.js";
import { connectedAppSettings, oauthRecords } from "../../db/schema/index.js";

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
 * Records whose id is itself a bearer secret: whoever holds the value may use it. They are kept by
 * a SHA-256 of the value, never the value: the values are 256 random bits, so a fast hash is
 * enough, and a copy of the table lets no one in.
 */
const secretKinds = new Set([
  "AccessToken",
  "RefreshToken",
  "AuthorizationCode",
  "RegistrationAccessToken",
  "ClientCredentials",
  "InitialAccessToken",
  "DeviceCode",
  "BackchannelAuthenticationRequest",
]);

export function hashOAuthSecret(value: string): string {
  return createHash("sha256").update(value).digest("hex");
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
    const secret = secretKinds.has(kind);
    // A secret record is found by the hash of the value presented; its payload never repeats the
    // value (the provider keeps it as `jti`), and gets it back from the caller who presented it.
    const keyOf = (id: string) => (secret ? hashOAuthSecret(id) : id);
    const byId = (id: string) => and(eq(oauthRecords.kind, kind), eq(oauthRecords.id, keyOf(id)));
    const stored = (payload: AdapterPayload) => {
      if (!secret) return payload as Record<string, unknown>;
      const { jti: _value, ...rest } = payload;
      return rest as Record<string, unknown>;
    };
    return {
      async upsert(id, payload, expiresIn) {
        const values = {
          kind,
          id: keyOf(id),
          payload: stored(payload),
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
        if (!row) return undefined;
        return secret ? { ...toPayload(row), jti: id } : toPayload(row);
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

    async deleteExpired(): Promise<void> {
      await db.delete(oauthRecords).where(lt(oauthRecords.expiresAt, now()));
    },
  };
}

export type OAuthRecordsRepository = ReturnType<typeof createOAuthRecordsRepository>;
