import type { FastifyBaseLogger } from "fastify";
import { confirmEmailMismatchMessage } from "../../../shared/contracts/account.js";
import { dataRetention } from "../../../shared/data-retention.js";
import { AppError } from "../../app-error.js";
import type { User } from "../../db/schema/index.js";
import { defineDeleteInactiveAccountsJob } from "../../jobs/definitions/delete-inactive-accounts.js";
import { defineSweepDeletedAccountLeftoversJob } from "../../jobs/definitions/sweep-deleted-account-leftovers.js";
import type { JobContext, JobQueue } from "../../jobs/job-queue.js";
import type { GoogleConnectionService } from "../google-connection/google-connection-service.js";
import type { AccountRepository, GoogleSignInGrant, PersonalRows } from "./account-repository.js";
import type { AccountTombstones } from "./account-tombstones.js";
import type { GoogleRevocations } from "./google-revocations.js";

/** Why an account was deleted, as the log records it. */
export type DeletionReason = "requested" | "inactive";

/** The export file: everything Tidemark stores about the person, no secrets. */
export interface AccountExport {
  format: "tidemark-account-export";
  version: 1;
  exportedAt: string;
  notes: string[];
  account: Record<string, unknown>;
  signInMethods: Record<string, unknown>[];
  sessions: Record<string, unknown>[];
  savedProperties: Record<string, unknown>[];
  categories: Record<string, unknown>[];
  annotationCategoryAssignments: Record<string, unknown>[];
  annotationChanges: Record<string, unknown>[];
  annotationCreateRequests: Record<string, unknown>[];
  audits: (Record<string, unknown> & { suggestions: Record<string, unknown>[] })[];
  chats: (Record<string, unknown> & { messages: Record<string, unknown>[] })[];
  dismissedTrafficChanges: Record<string, unknown>[];
  /** Suggestions in a property's inbox this person accepted or dismissed. */
  inboxDecisions: Record<string, unknown>[];
  webhooks: Record<string, unknown>[];
  webhookDeliveries: Record<string, unknown>[];
  inboxRules: Record<string, unknown>[];
  /** Personal access tokens (their names, scopes and dates; never the token). */
  apiTokens: Record<string, unknown>[];
  /** The REST API's answers kept a day for retries sent with the same Idempotency-Key. */
  apiTokenReplays: Record<string, unknown>[];
  /** Annotation feeds (their names, properties and dates; never the address). */
  annotationFeeds: Record<string, unknown>[];
  /** CSV imports of annotations: each file's rows and what became of them. */
  annotationImports: Record<string, unknown>[];
  /** AI apps allowed over OAuth: the grants (app, scopes, dates); never a code or token. */
  connectedApps: Record<string, unknown>[];
  /** Deletions an AI app previewed, waiting minutes for the person's go-ahead. */
  appConfirmations: Record<string, unknown>[];
}

const exportNotes = [
  "Annotations themselves are stored by Google Analytics, not by Tidemark: export them there. " +
    "This file holds what Tidemark keeps around them (categories assigned, changes made through Tidemark).",
  "Google tokens, session tokens and sign-in secrets are never included.",
];

/** The daily sweep deletes this many accounts per query, until none is left. */
const sweepBatchSize = 100;

/** Years back from `now`, in UTC calendar terms (29 February falls back to 28 February). */
function yearsBefore(now: Date, years: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  if (cutoff.getUTCDate() !== now.getUTCDate()) cutoff.setUTCDate(0);
  return cutoff;
}

function groupBy(rows: Record<string, unknown>[], key: string) {
  const groups = new Map<unknown, Record<string, unknown>[]>();
  for (const row of rows) {
    const { [key]: parent, ...rest } = row;
    const group = groups.get(parent) ?? [];
    group.push(rest);
    groups.set(parent, group);
  }
  return groups;
}

function exportOf(rows: PersonalRows, exportedAt: Date): AccountExport {
  const suggestions = groupBy(rows.suggestions, "auditSessionId");
  const messages = groupBy(rows.messages, "sessionId");
  return {
    format: "tidemark-account-export",
    version: 1,
    exportedAt: exportedAt.toISOString(),
    notes: exportNotes,
    account: rows.account,
    signInMethods: rows.signInMethods,
    sessions: rows.sessions,
    savedProperties: rows.savedProperties,
    categories: rows.categories,
    annotationCategoryAssignments: rows.annotationCategoryAssignments,
    annotationChanges: rows.annotationChanges,
    annotationCreateRequests: rows.annotationCreateRequests,
    audits: rows.audits.map((audit) => ({
      ...audit,
      suggestions: suggestions.get(audit.id) ?? [],
    })),
    chats: rows.chats.map((chat) => ({ ...chat, messages: messages.get(chat.id) ?? [] })),
    dismissedTrafficChanges: rows.dismissedTrafficChanges,
    inboxDecisions: rows.inboxDecisions,
    webhooks: rows.webhooks,
    webhookDeliveries: rows.webhookDeliveries,
    inboxRules: rows.inboxRules,
    apiTokens: rows.apiTokens,
    apiTokenReplays: rows.apiTokenReplays,
    annotationFeeds: rows.annotationFeeds,
    annotationImports: rows.annotationImports,
    connectedApps: rows.connectedApps,
    appConfirmations: rows.appConfirmations,
  };
}

interface AccountServiceDeps {
  repository: AccountRepository;
  tombstones: AccountTombstones;
  revocations: GoogleRevocations;
  connections: Pick<GoogleConnectionService, "sealedGrantToken" | "grantSubject" | "sealToken">;
  jobs: JobQueue;
  logger: FastifyBaseLogger;
  /** A Google sign-in token as stored, in plain text (null if unreadable). */
  openSignInToken(stored: string): Promise<string | null>;
  now?: () => Date;
}

/**
 * Each Google token of a deleted account sealed with the Google account it belongs to, sealed
 * alike: the revoke skips a grant that account has given Tidemark again since (a new sign-up,
 * connected). `unreadable` counts the sign-in tokens that could not be opened.
 */
async function sealedRevocations(
  deps: Pick<AccountServiceDeps, "connections" | "openSignInToken">,
  user: User,
  googleSignIns: GoogleSignInGrant[],
): Promise<{
  revocations: { sealedToken: string; sealedGoogleSubject: string | null }[];
  unreadable: number;
}> {
  const { connections } = deps;
  const sealedSubject = (subject: string | null) =>
    subject === null ? null : connections.sealToken(subject);
  const revocations: { sealedToken: string; sealedGoogleSubject: string | null }[] = [];
  let unreadable = 0;
  const analytics = connections.sealedGrantToken(user);
  if (analytics)
    revocations.push({
      sealedToken: analytics,
      sealedGoogleSubject: sealedSubject(connections.grantSubject(user)),
    });
  for (const signIn of googleSignIns) {
    const token = await deps.openSignInToken(signIn.token);
    if (token === null) unreadable += 1;
    else
      revocations.push({
        sealedToken: connections.sealToken(token),
        sealedGoogleSubject: sealedSubject(signIn.subject),
      });
  }
  return { revocations, unreadable };
}

/** Queues the deleted account's revoke jobs and logs the deletion with what became of its tokens. */
async function queueRevocations(
  deps: Pick<AccountServiceDeps, "revocations" | "logger">,
  deletion: { userId: string; reason: DeletionReason; revocationIds: string[]; unreadable: number },
): Promise<void> {
  const { userId, reason, revocationIds, unreadable } = deletion;
  await deps.revocations.queue(revocationIds);
  const googleRevoke =
    revocationIds.length > 0 ? "queued" : unreadable > 0 ? "unreadable" : "not_connected";
  const entry = { userId, reason, googleRevoke, revocationIds };
  if (googleRevoke === "unreadable")
    deps.logger.warn(
      entry,
      "account deleted; its Google sign-in token could not be read to revoke",
    );
  else deps.logger.info(entry, "account deleted");
}

/**
 * The person's account as a whole: exporting what we store about them, deleting it on request,
 * and deleting accounts left unused for the retention period. Both deletions take the same path:
 * every row goes in one transaction, which also writes what outlives the account (the tombstone
 * of a requested deletion, the Google tokens to revoke); then the revoke jobs are queued.
 */
export function createAccountService(deps: AccountServiceDeps) {
  const { repository, logger } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Deletes first, then revokes with the tokens of the deleted rows: a grant is never revoked for
   * an account that stays (the sweep's re-check may keep it), and Google being down cannot keep
   * an account alive. Every Google token of the account is revoked by a durable job of its own
   * (the Analytics connection's and the Google sign-in's; Google keeps one grant per person and
   * client, so the second usually finds it already gone). Only a deletion the person asked for
   * leaves a tombstone: the inactivity sweep deletes accounts nobody uses, which is no way around
   * a limit.
   */
  async function erase(
    userId: string,
    reason: DeletionReason,
    options: { inactiveBefore?: Date } = {},
  ): Promise<boolean> {
    let unreadable = 0;
    const deleted = await repository.erase(userId, {
      ...options,
      leftovers: async ({ user, googleSignIns }) => {
        const sealed = await sealedRevocations(deps, user, googleSignIns);
        unreadable = sealed.unreadable;
        return {
          tombstone: reason === "requested" ? deps.tombstones.of(user) : null,
          revocations: sealed.revocations,
        };
      },
    });
    if (!deleted) return false;
    await queueRevocations(deps, {
      userId,
      reason,
      revocationIds: deleted.revocationIds,
      unreadable,
    });
    return true;
  }

  async function deleteInactiveAccounts(context?: Pick<JobContext, "signal">): Promise<number> {
    const cutoff = yearsBefore(now(), dataRetention.inactiveAccountDeletionYears);
    let deleted = 0;
    for (;;) {
      const ids = await repository.inactiveUserIds(cutoff, sweepBatchSize);
      for (const id of ids) {
        // Stop at a safe point on shutdown; the next run (a retry or tomorrow's) carries on.
        if (context?.signal.aborted) throw new Error("stopped by shutdown");
        if (await erase(id, "inactive", { inactiveBefore: cutoff })) deleted += 1;
      }
      if (ids.length < sweepBatchSize) break;
    }
    if (deleted > 0) logger.info({ deleted, cutoff }, "inactive accounts deleted");
    return deleted;
  }

  const inactiveSweep = defineDeleteInactiveAccountsJob(deps.jobs, { deleteInactiveAccounts });

  /**
   * What deleted accounts leave behind, once a day: tombstones whose every piece has expired, abuse
   * counters whose window has passed (the per-address ones outlive an account on purpose, for as
   * long as their window), and revocations whose job was lost.
   */
  async function sweepLeftovers(): Promise<void> {
    const { tombstones, counters } = await deps.tombstones.deleteExpired();
    await deps.revocations.sweep();
    if (tombstones > 0 || counters > 0)
      logger.info({ tombstones, counters }, "expired tombstones and abuse counters deleted");
  }

  const leftoversSweep = defineSweepDeletedAccountLeftoversJob(deps.jobs, { sweepLeftovers });

  return {
    inactiveSweep,
    leftoversSweep,
    sweepLeftovers,

    async exportData(user: User): Promise<AccountExport> {
      const rows = await repository.personalRows(user.id);
      if (!rows) throw new AppError("unauthenticated", "Your account no longer exists.");
      return exportOf(rows, now());
    },

    /** The person asked: their typed address must be the account's, or nothing is deleted. */
    async deleteAccount(user: User, confirmEmail: string): Promise<void> {
      if (confirmEmail !== user.email.toLowerCase())
        throw new AppError("confirm_email_mismatch", confirmEmailMismatchMessage);
      await erase(user.id, "requested");
    },

    deleteInactiveAccounts,
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
