import type { FastifyBaseLogger } from "fastify";
import { dataRetention } from "../../../shared/data-retention.js";
import { defineRevokeGoogleGrantJob } from "../../jobs/definitions/revoke-google-grant.js";
import type { JobContext, JobQueue } from "../../jobs/job-queue.js";
import type { GoogleConnectionService } from "../google-connection/google-connection-service.js";
import type { DeletedAccountsRepository } from "./deleted-accounts-repository.js";

/** How a revocation ended, as the log records it. */
export type RevocationOutcome =
  "revoked" | "already_invalid" | "in_use" | "refused" | "unreadable" | "gave_up";

/**
 * Retries of a revoke Google does not answer: pg-boss waits 30–60 s before the first, doubling
 * each time, so 11 retries span about 17 to 34 hours: a Google outage of a day is still waited
 * out, and the token is gone within `revokeTokenKeptDays` whatever happens.
 */
export const revokeRetry = { limit: 11, delaySeconds: 30 };

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Revoking a deleted account's Google grant as a durable job, retried with backoff until Google
 * answers. The job's data is only the id of a `pending_google_revocations` row, which holds the
 * token sealed and is deleted as soon as Google answers (or when the job gives up), so the token
 * never outlives the job; finished job rows, kept for a week, name a row that no longer exists.
 */
export function createGoogleRevocations(deps: {
  repository: DeletedAccountsRepository;
  connections: Pick<GoogleConnectionService, "revokeSealed" | "openSealed">;
  jobs: JobQueue;
  logger: FastifyBaseLogger;
  /** Tests shorten the wait between tries. */
  retry?: { limit: number; delaySeconds: number };
  now?: () => Date;
}) {
  const { repository, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const retry = deps.retry ?? revokeRetry;

  async function settle(id: string, outcome: RevocationOutcome, attempts: number): Promise<void> {
    await repository.deleteRevocation(id);
    const entry = { revocationId: id, googleRevoke: outcome, attempts };
    if (outcome === "revoked" || outcome === "already_invalid")
      logger.info(entry, "Google access of a deleted account ended");
    else if (outcome === "in_use")
      logger.info(
        entry,
        "Google access of a deleted account kept: its Google account uses Tidemark again",
      );
    else logger.warn(entry, "Google access of a deleted account could not be revoked");
  }

  async function revoke(id: string, context: JobContext): Promise<void> {
    const pending = await repository.revocation(id);
    // Settled by an earlier run whose completion was lost: nothing is left to do.
    if (!pending) return;
    const attempts = context.retryCount + 1;
    // Google ends a Google account's whole grant to Tidemark whichever of its tokens is revoked.
    // When that Google account holds a grant through an account that exists (the person signed
    // up and connected again before this ran, or has a second account), revoking would end that
    // account's connection: the grant is theirs now, and the old token is deleted unused. Asked
    // at every try, so a retry hours after a 503 still sees a connection made meanwhile.
    const subject = pending.sealedGoogleSubject
      ? deps.connections.openSealed(pending.sealedGoogleSubject)
      : null;
    if (subject !== null && (await repository.googleAccountInUse(subject)))
      return settle(id, "in_use", attempts);
    const answer = await deps.connections.revokeSealed(pending.sealedToken);
    if (answer !== "unanswered") return settle(id, answer, attempts);
    if (!context.isLastAttempt) throw new Error("Google did not answer the revoke request");
    await settle(id, "gave_up", attempts);
    // Failed, not completed: the job's state records that Google never answered.
    throw new Error(`Google did not answer the revoke request in ${attempts} attempts`);
  }

  const job = defineRevokeGoogleGrantJob(deps.jobs, { revoke }, retry);

  /** Queues one run per revocation; sending the same id again queues nothing while it is kept. */
  async function queue(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      try {
        await job.send({ revocationId: id }, { id });
      } catch (error) {
        // The row stays: the daily sweep queues it again.
        logger.warn({ err: error, revocationId: id }, "revoke job could not be queued");
      }
    }
  }

  return {
    queue,

    /**
     * Queues again any revocation whose job was never queued (a crash right after the deletion);
     * one still waiting after `revokeTokenKeptDays` lost its job for good and is given up.
     */
    async sweep(): Promise<void> {
      const cutoff = now().getTime() - dataRetention.revokeTokenKeptDays * dayMs;
      const waiting: string[] = [];
      for (const pending of await repository.pendingRevocations()) {
        if (pending.createdAt.getTime() < cutoff) await settle(pending.id, "gave_up", 0);
        else waiting.push(pending.id);
      }
      await queue(waiting);
    },
  };
}

export type GoogleRevocations = ReturnType<typeof createGoogleRevocations>;
