import { and, eq, inArray, lt, ne, notInArray, or, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import {
  accounts,
  accountTombstones,
  inboxCursors,
  inboxHolidayCalendars,
  inboxHookDeliveries,
  inboxHooks,
  inboxRules,
  inboxSuggestions,
  pendingGoogleRevocations,
  properties,
  rateLimitBuckets,
  users,
  verifications,
  type NewAccountTombstone,
  type User,
} from "../../db/schema/index.js";

type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A Google sign-in identity's token as Better Auth stored it, and the Google account (`sub`) it is. */
export interface GoogleSignInGrant {
  token: string;
  subject: string;
}

export interface EraseOptions {
  inactiveBefore?: Date;
  leftovers(deleted: { user: User; googleSignIns: GoogleSignInGrant[] }): Promise<{
    tombstone: NewAccountTombstone | null;
    revocations: { sealedToken: string; sealedGoogleSubject: string | null }[];
  }>;
}

/** Exact suffix match (LIKE would read `_` and `%` in an address as wildcards). */
function endsWith(column: PgColumn, suffix: string) {
  return sql`right(${column}, ${Array.from(suffix).length}) = ${suffix}`;
}

/**
 * The Google sign-in identity's tokens (as Better Auth stored them): the refresh token, or the
 * access token without one, with the Google account they belong to.
 */
async function googleSignInsOf(tx: Transaction, userId: string): Promise<GoogleSignInGrant[]> {
  const rows = await tx
    .select({
      accessToken: accounts.accessToken,
      refreshToken: accounts.refreshToken,
      subject: accounts.accountId,
    })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "google")));
  return rows.flatMap((row) => {
    const token = row.refreshToken ?? row.accessToken;
    return token === null ? [] : [{ token, subject: row.subject }];
  });
}

/**
 * A sign-in link still waiting for this address (Better Auth stores its email in the value as
 * JSON) and abuse counters keyed by the address or the user id in plain (the per-address limits
 * are keyed by a keyed hash, which outlives the account on purpose).
 */
async function deleteAddressTraces(tx: Transaction, user: User): Promise<void> {
  await tx
    .delete(verifications)
    .where(sql`position(${`"email":${JSON.stringify(user.email)}`} in ${verifications.value}) > 0`);
  await tx
    .delete(rateLimitBuckets)
    .where(
      or(...[user.email, user.id].map((subject) => endsWith(rateLimitBuckets.key, `:${subject}`))),
    );
}

/**
 * A property's inbox (suggestions, webhooks and their deliveries, holiday calendar, where each
 * source stopped) belongs to the property, for everyone who saved it: it goes with the last
 * account that has the property saved. The account's saved properties are locked first: an inbox
 * read stores its batch only while some account has the property saved (it takes a key-share
 * lock on those rows), so a read that was running during the erase either lands before this
 * delete or finds the property gone and stores nothing.
 */
async function deleteOrphanedInboxes(tx: Transaction, userId: string): Promise<void> {
  const saved = await tx
    .select({ propertyId: properties.propertyId })
    .from(properties)
    .where(eq(properties.userId, userId))
    .for("update");
  const stillSaved = tx
    .select({ propertyId: properties.propertyId })
    .from(properties)
    .where(ne(properties.userId, userId));
  const orphaned = saved.map((row) => row.propertyId);
  if (orphaned.length === 0) return;
  for (const table of [
    inboxSuggestions,
    inboxHooks,
    inboxHookDeliveries,
    inboxHolidayCalendars,
    inboxCursors,
    inboxRules,
  ]) {
    await tx
      .delete(table)
      .where(and(inArray(table.propertyId, orphaned), notInArray(table.propertyId, stillSaved)));
  }
}

/** Writes the tombstone and the pending revocations; returns the revocations' row ids. */
async function writeLeftovers(
  tx: Transaction,
  { tombstone, revocations }: Awaited<ReturnType<EraseOptions["leftovers"]>>,
): Promise<string[]> {
  if (tombstone) {
    const { addressHash: _key, ...pieces } = tombstone;
    await tx
      .insert(accountTombstones)
      .values(tombstone)
      .onConflictDoUpdate({
        target: accountTombstones.addressHash,
        set: { ...pieces, createdAt: sql`now()` },
      });
  }
  const rows =
    revocations.length === 0
      ? []
      : await tx
          .insert(pendingGoogleRevocations)
          .values(revocations)
          .returning({ id: pendingGoogleRevocations.id });
  return rows.map((row) => row.id);
}

/** The account repository's `erase`, described there. */
export function eraseAccount(
  db: Db,
  userId: string,
  options: EraseOptions,
): Promise<{ user: User; revocationIds: string[] } | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(
        and(
          eq(users.id, userId),
          options.inactiveBefore ? lt(users.lastActiveAt, options.inactiveBefore) : undefined,
        ),
      )
      .for("update");
    if (!user) return null;
    const googleSignIns = await googleSignInsOf(tx, userId);
    await deleteAddressTraces(tx, user);
    await deleteOrphanedInboxes(tx, userId);
    // Everything else references the user row and goes with it (on delete cascade):
    // sessions on every device, sign-in identities, properties, categories, audits and their
    // suggestions, conversations and their messages, annotation records and category assignments,
    // traffic data, API tokens, annotation feeds and imports.
    await tx.delete(users).where(eq(users.id, userId));
    const leftovers = await options.leftovers({ user, googleSignIns });
    return { user, revocationIds: await writeLeftovers(tx, leftovers) };
  });
}
