/**
 * Apply: every accepted suggestion written to Google through the annotations service, each at
 * most once across instances (claims kept alive by a heartbeat), and never over newer work.
 */
import type { Annotation } from "../../../shared/contracts/annotations.js";
import type { AuditApplyResponse } from "../../../shared/contracts/audits.js";
import type { Category } from "../../../shared/contracts/categories.js";
import type { AnnotationAuditSession, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type { AuditsServiceDeps } from "./audits-deps.js";
import { createAuditApplyOne } from "./audit-apply-one.js";

export { changedSinceAuditMessage, deletedSinceAuditMessage } from "./audit-apply-one.js";

/**
 * How long an apply's claim on a suggestion lives without a heartbeat. An apply runs inside a
 * request, not a job, but its claims are kept alive the way pg-boss keeps a job's run (decision
 * 0029): renewed while it writes, so a slow Google never lets a second apply write the same
 * suggestion, while the claims of an instance that died are taken up by the next apply within
 * this long — sooner than the audit job's own failover (its 60 s heartbeat plus the 30 s check).
 */
export const applyClaimLeaseMs = 30_000;
const applyHeartbeatMs = applyClaimLeaseMs / 3;

export function createAuditApply(
  deps: AuditsServiceDeps,
  access: {
    requireAccess: (user: User) => void;
    ownSession: (user: User, id: string) => Promise<AnnotationAuditSession>;
  },
) {
  const { repository, annotations, categories, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const { requireAccess, ownSession } = access;
  const { makeProposedCategory, applyOne } = createAuditApplyOne(deps);

  return {
    /**
     * Writes every accepted suggestion to Google. It first re-reads the property's annotations:
     * one changed or deleted since the audit read it fails rather than overwrite newer work. Each
     * write goes through the annotations service, as one PATCH naming only the changed fields.
     */
    async apply(user: User, id: string): Promise<AuditApplyResponse> {
      requireAccess(user);
      const session = await ownSession(user, id);
      if (session.status !== "completed")
        throw new AppError("audit_not_completed", "The audit has not finished yet.");
      const claimedAt = now();
      const claimed = await repository.claimAccepted(
        session.id,
        claimedAt,
        new Date(claimedAt.getTime() - applyClaimLeaseMs),
      );
      // Whatever is still claimed and not ours is being written by another apply right now.
      const stillApplying = Math.max(
        0,
        (await repository.countApplying(session.id)) - claimed.length,
      );
      const result: AuditApplyResponse = { applied: 0, failed: 0, unconfirmed: 0, stillApplying };
      if (claimed.length === 0) return result;

      const open = new Set(claimed.map((suggestion) => suggestion.id));
      const heartbeat = setInterval(() => {
        repository.renewClaims([...open], now()).catch((error: unknown) => {
          logger.warn({ err: error, sessionId: session.id }, "renewing an apply's claims failed");
        });
      }, applyHeartbeatMs);
      heartbeat.unref();
      try {
        let current: Map<string, Annotation>;
        let personCategories: Category[];
        try {
          const [listed, own] = await Promise.all([
            annotations.list(user, session.propertyId),
            categories.list(user),
          ]);
          current = new Map(listed.map((annotation) => [annotation.annotationId, annotation]));
          personCategories = own;
        } catch (error) {
          // Nothing was written: the suggestions stay accepted for another try.
          await Promise.all(claimed.map((suggestion) => repository.releaseClaim(suggestion.id)));
          throw error;
        }

        for (const suggestion of claimed) {
          const made = await makeProposedCategory(user, suggestion, personCategories);
          if (made.failureReason !== null) {
            await repository.settleSuggestion(suggestion.id, {
              status: "failed",
              failureReason: made.failureReason,
            });
            open.delete(suggestion.id);
            result.failed += 1;
            continue;
          }
          const outcome = await applyOne(
            user,
            session.propertyId,
            suggestion,
            current,
            personCategories,
          );
          await repository.settleSuggestion(suggestion.id, outcome);
          open.delete(suggestion.id);
          if (outcome.status === "applied") result.applied += 1;
          else if (outcome.status === "accepted") result.unconfirmed += 1;
          else result.failed += 1;
        }
        return result;
      } finally {
        clearInterval(heartbeat);
      }
    },
  };
}
