import { and, asc, eq, getTableColumns, getTableName, inArray } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import {
  accounts,
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
  inboxHookDeliveries,
  inboxHooks,
  inboxRules,
  inboxSuggestions,
  mcpConfirmations,
  connectedAppSettings,
  mcpClients,
  oauthRecords,
  properties,
  sessions,
  users,
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

/** The table's columns minus those personal-data.ts leaves out of the export. */
function exported(table: PgTable): Record<string, PgColumn> {
  const omitted = omittedColumns(getTableName(table) as PersonalDataTable);
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).filter(([, column]) => !omitted.has(column.name)),
  );
}

/** The person's rows of a table keyed by `userId`, oldest first. */
function ownedBy(db: Db, userId: string) {
  return (table: PgTable & { userId: PgColumn; createdAt: PgColumn }) =>
    db
      .select(exported(table))
      .from(table)
      .where(eq(table.userId, userId))
      .orderBy(asc(table.createdAt));
}

/** Sign-in, annotations, audits, chats and the inbox: the app's own records of the person. */
async function workRows(db: Db, userId: string) {
  const byOwner = ownedBy(db, userId);
  const ownAudits = db
    .select({ id: annotationAuditSessions.id })
    .from(annotationAuditSessions)
    .where(eq(annotationAuditSessions.userId, userId));
  const ownChats = db
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(eq(chatSessions.userId, userId));
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
          db.select({ id: inboxHooks.id }).from(inboxHooks).where(eq(inboxHooks.createdBy, userId)),
        ),
      )
      .orderBy(asc(inboxHookDeliveries.seq)),
    byOwner(inboxRules),
  ]);
  return {
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
  };
}

/** API tokens, feeds, imports and connected apps: how the person reaches Tidemark from outside. */
async function accessRows(db: Db, userId: string) {
  const byOwner = ownedBy(db, userId);
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
    apiTokens: tokens,
    apiTokenReplays: replays,
    annotationFeeds: feeds,
    annotationImports: imports,
    connectedApps,
    appConfirmations,
    connectedAppSettings: appSettings,
    appCapabilities,
  };
}

/** Everything stored about the person, or null when there is no such account. */
export async function personalRowsOf(db: Db, userId: string): Promise<PersonalRows | null> {
  const [account] = await db.select(exported(users)).from(users).where(eq(users.id, userId));
  if (!account) return null;
  const work = await workRows(db, userId);
  const access = await accessRows(db, userId);
  return { account, ...work, ...access };
}
