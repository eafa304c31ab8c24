import {
  and,
  asc,
  eq,
  getTableColumns,
  getTableName,
  inArray,
  lt,
  ne,
  notInArray,
  or,
  sql,
} from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import {
  accounts,
  accountTombstones,
  apiIdempotencyKeys,
  apiTokens,
  annotationFeeds,
  annotationImports,
  annotationAuditSessions,
  annotationCategories,
  annotationCreateRequests,
  annotationEvents,
  annotationMetadata,
  annotationSuggestions,
  chatMessages,
  chatSessions,
  dismissedTrafficChanges,
  inboxCursors,
  inboxHolidayCalendars,
  inboxHookDeliveries,
  inboxHooks,
  inboxRules,
  inboxSuggestions,
  mcpConfirmations,
  connectedAppSettings,
  mcpClients,
  oauthRecords,
  pendingGoogleRevocations,
  properties,
  rateLimitBuckets,
  sessions,
  users,
  verifications,
  type NewAccountTombstone,
  type User,
} from "../../db/schema/index.js";
import { omittedColumns, type PersonalDataTable } from "./personal-data.js";

type Row = Record<string, unknown>;

/** Everything stored about one person, by table, as the export file shows it. */
export interface PersonalRows {
  account: Row;
  signInMethods: Row[];
  sessions: Row[];
  savedProperties: Row[];
  categories: Row[];
  annotationCategoryAssignments: Row[];
  annotationChanges: Row[];
  annotationCreateRequests: Row[];
  audits: Row[];
  suggestions: Row[];
  chats: Row[];
  messages: Row[];
  dismissedTrafficChanges: Row[];
  inboxDecisions: Row[];
  webhooks: Row[];
  webhookDeliveries: Row[];
  inboxRules: Row[];
  apiTokens: Row[];
  apiTokenReplays: Row[];
  annotationFeeds: Row[];
  annotationImports: Row[];
  connectedApps: Row[];
  appConfirmations: Row[];
  connectedAppSettings: Row[];
  appCapabilities: Row[];
}

/** A Google sign-in identity's token as Better Auth stored it, and the Google account (`sub`) it is. */
export interface GoogleSignInGrant {
  token: string;
  subject: string;
}

/** Exact suffix match (LIKE would read `_` and `%` in an address as wildcards). */
function endsWith(column: PgColumn, suffix: string) {
  return sql`right(${column}, ${Array.from(suffix).length}) = ${suffix}`;
}

/** The table's columns minus those personal-data.ts leaves out of the export. */
function exported(table: PgTable): Record<string, PgColumn> {
  const omitted = omittedColumns(getTableName(table) as PersonalDataTable);
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).filter(([, column]) => !omitted.has(column.name)),
  );
}

/**
 * The account as a whole: reading everything stored about a person, and erasing it. It reads
 * every feature's tables by design — the export and the deletion must see all of them at once,
 * in one place that personal-data.ts lists and its test checks.
 */
export function createAccountRepository(db: Db) {
  return {
    async personalRows(userId: string): Promise<PersonalRows | null> {
      const [account] = await db.select(exported(users)).from(users).where(eq(users.id, userId));
      if (!account) return null;
      const ownAudits = db
        .select({ id: annotationAuditSessions.id })
        .from(annotationAuditSessions)
        .where(eq(annotationAuditSessions.userId, userId));
      const ownChats = db
        .select({ id: chatSessions.id })
        .from(chatSessions)
        .where(eq(chatSessions.userId, userId));
      const byOwner = (table: PgTable & { userId: PgColumn; createdAt: PgColumn }) =>
        db
          .select(exported(table))
          .from(table)
          .where(eq(table.userId, userId))
          .orderBy(asc(table.createdAt));
      const [
        signInMethods,
        ownSessions,
        savedProperties,
        categories,
        annotationCategoryAssignments,
        annotationChanges,
        createRequests,
        audits,
        suggestions,
        chats,
        messages,
        dismissed,
        inboxDecisions,
        webhooks,
        webhookDeliveries,
        rules,
      ] = await Promise.all([
        byOwner(accounts),
        byOwner(sessions),
        byOwner(properties),
        byOwner(annotationCategories),
        byOwner(annotationMetadata),
        byOwner(annotationEvents),
        byOwner(annotationCreateRequests),
        byOwner(annotationAuditSessions),
        db
          .select(exported(annotationSuggestions))
          .from(annotationSuggestions)
          .where(inArray(annotationSuggestions.auditSessionId, ownAudits))
          .orderBy(asc(annotationSuggestions.createdAt)),
        byOwner(chatSessions),
        db
          .select(exported(chatMessages))
          .from(chatMessages)
          .where(inArray(chatMessages.sessionId, ownChats))
          .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id)),
        byOwner(dismissedTrafficChanges),
        db
          .select(exported(inboxSuggestions))
          .from(inboxSuggestions)
          .where(eq(inboxSuggestions.decidedBy, userId))
          .orderBy(asc(inboxSuggestions.createdAt)),
        db
          .select(exported(inboxHooks))
          .from(inboxHooks)
          .where(eq(inboxHooks.createdBy, userId))
          .orderBy(asc(inboxHooks.createdAt)),
        db
          .select(exported(inboxHookDeliveries))
          .from(inboxHookDeliveries)
          .where(
            inArray(
              inboxHookDeliveries.hookId,
              db
                .select({ id: inboxHooks.id })
                .from(inboxHooks)
                .where(eq(inboxHooks.createdBy, userId)),
            ),
          )
          .orderBy(asc(inboxHookDeliveries.seq)),
        byOwner(inboxRules),
      ]);
      const [
        tokens,
        replays,
        feeds,
        imports,
        connectedApps,
        appConfirmations,
        appSettings,
        appCapabilities,
      ] = await Promise.all([
        byOwner(apiTokens),
        db
          .select(exported(apiIdempotencyKeys))
          .from(apiIdempotencyKeys)
          .where(
            inArray(
              apiIdempotencyKeys.tokenId,
              db.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.userId, userId)),
            ),
          )
          .orderBy(asc(apiIdempotencyKeys.createdAt)),
        byOwner(annotationFeeds),
        byOwner(annotationImports),
        // The grants only: the person's other OAuth records are codes and tokens, which are
        // secrets (their id is the token itself).
        db
          .select(exported(oauthRecords))
          .from(oauthRecords)
          .where(and(eq(oauthRecords.userId, userId), eq(oauthRecords.kind, "Grant")))
          .orderBy(asc(oauthRecords.createdAt)),
        byOwner(mcpConfirmations),
        db
          .select(exported(connectedAppSettings))
          .from(connectedAppSettings)
          .where(eq(connectedAppSettings.userId, userId))
          .orderBy(asc(connectedAppSettings.updatedAt)),
        db
          .select(exported(mcpClients))
          .from(mcpClients)
          .where(eq(mcpClients.userId, userId))
          .orderBy(asc(mcpClients.updatedAt)),
      ]);
      return {
        account,
        signInMethods,
        sessions: ownSessions,
        savedProperties,
        categories,
        annotationCategoryAssignments,
        annotationChanges,
        annotationCreateRequests: createRequests,
        audits,
        suggestions,
        chats,
        messages,
        dismissedTrafficChanges: dismissed,
        inboxDecisions,
        webhooks,
        webhookDeliveries,
        inboxRules: rules,
        apiTokens: tokens,
        apiTokenReplays: replays,
        annotationFeeds: feeds,
        annotationImports: imports,
        connectedApps,
        appConfirmations,
        connectedAppSettings: appSettings,
        appCapabilities,
      };
    },

    /**
     * Deletes the person and every row of theirs in one transaction, and writes in the same
     * transaction what `leftovers` makes of the deleted rows: the tombstone that outlives the
     * account, and the sealed Google tokens to revoke (whose row ids it returns with the deleted
     * user). Null when there was nobody to delete. With `inactiveBefore`, deletes only if they have
     * still not been active since then, so someone signing in while the sweep runs keeps their
     * account.
     */
    async erase(
      userId: string,
      options: {
        inactiveBefore?: Date;
        leftovers(deleted: { user: User; googleSignIns: GoogleSignInGrant[] }): Promise<{
          tombstone: NewAccountTombstone | null;
          revocations: { sealedToken: string; sealedGoogleSubject: string | null }[];
        }>;
      },
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
        // The Google sign-in identity's tokens (as Better Auth stored them): the refresh token,
        // or the access token without one, with the Google account they belong to.
        const googleSignIns = (
          await tx
            .select({
              accessToken: accounts.accessToken,
              refreshToken: accounts.refreshToken,
              subject: accounts.accountId,
            })
            .from(accounts)
            .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "google")))
        ).flatMap((row) => {
          const token = row.refreshToken ?? row.accessToken;
          return token === null ? [] : [{ token, subject: row.subject }];
        });
        // A sign-in link still waiting for this address (Better Auth stores its email in the
        // value as JSON) and abuse counters keyed by the address or the user id in plain (the
        // per-address limits are keyed by a keyed hash, which outlives the account on purpose).
        await tx
          .delete(verifications)
          .where(
            sql`position(${`"email":${JSON.stringify(user.email)}`} in ${verifications.value}) > 0`,
          );
        await tx
          .delete(rateLimitBuckets)
          .where(
            or(
              ...[user.email, user.id].map((subject) =>
                endsWith(rateLimitBuckets.key, `:${subject}`),
              ),
            ),
          );
        // A property's inbox (suggestions, webhooks and their deliveries, holiday calendar, where
        // each source stopped) belongs to the property, for everyone who saved it: it goes with
        // the last account that has the property saved.
        const saved = await tx
          .select({ propertyId: properties.propertyId })
          .from(properties)
          .where(eq(properties.userId, userId));
        const stillSaved = tx
          .select({ propertyId: properties.propertyId })
          .from(properties)
          .where(ne(properties.userId, userId));
        const orphaned = saved.map((row) => row.propertyId);
        if (orphaned.length > 0) {
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
              .where(
                and(inArray(table.propertyId, orphaned), notInArray(table.propertyId, stillSaved)),
              );
          }
        }
        // Everything else references the user row and goes with it (on delete cascade):
        // sessions on every device, sign-in identities, properties, categories, audits and their
        // suggestions, conversations and their messages, annotation records and category assignments,
        // traffic data, API tokens, annotation feeds and imports.
        await tx.delete(users).where(eq(users.id, userId));
        const { tombstone, revocations: leftRevocations } = await options.leftovers({
          user,
          googleSignIns,
        });
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
        const revocations =
          leftRevocations.length === 0
            ? []
            : await tx
                .insert(pendingGoogleRevocations)
                .values(leftRevocations)
                .returning({ id: pendingGoogleRevocations.id });
        return { user, revocationIds: revocations.map((row) => row.id) };
      });
    },

    /** Ids of people whose last activity is before `before`, the longest idle first. */
    async inactiveUserIds(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(lt(users.lastActiveAt, before))
        .orderBy(asc(users.lastActiveAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
