import { createHash } from "node:crypto";
import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { Db } from "../../db/database.js";
import { oauthRecords } from "../../db/schema/index.js";

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

/** Rows not yet expired at `now()`: an expired row reads as missing before it is swept. */
export function liveRecords(now: () => Date) {
  return or(isNull(oauthRecords.expiresAt), gt(oauthRecords.expiresAt, now()));
}

function toPayload(row: { payload: Record<string, unknown>; consumedAt: Date | null }) {
  const payload = row.payload as AdapterPayload;
  return row.consumedAt
    ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
    : payload;
}

/** oidc-provider's storage: one adapter per model name over one table. */
export function createOAuthAdapterRows(db: Db, now: () => Date) {
  const live = () => liveRecords(now);

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

    async deleteExpired(): Promise<void> {
      await db.delete(oauthRecords).where(lt(oauthRecords.expiresAt, now()));
    },
  };
}
