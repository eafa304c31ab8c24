import { z } from "zod";
import { auditAccessMessages, auditAccessOf, auditSteps } from "../../../shared/audit.js";
import type {
  createAuditRequest,
  AuditDetailResponse,
  AuditSession,
} from "../../../shared/contracts/audits.js";
import type { AnnotationAuditSession, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import { applyClaimLeaseMs, createAuditApply } from "./audit-apply.js";
import { defineAnnotationAuditJob } from "../../jobs/definitions/annotation-audit.js";
import { createAuditDecisions } from "./audit-decisions.js";
import { createAuditRuns } from "./audit-runs.js";
import { toSession, toSuggestion } from "./audit-views.js";
import type { AuditsServiceDeps } from "./audits-deps.js";

export const auditNotFoundMessage = "That audit was not found.";
export { suggestionNotFoundMessage } from "./audit-decisions.js";
export const auditRunningMessage =
  "An audit of this property is already running. Wait for it to finish, then start another.";

export {
  applyClaimLeaseMs,
  changedSinceAuditMessage,
  deletedSinceAuditMessage,
} from "./audit-apply.js";
export type { AuditsServiceDeps } from "./audits-deps.js";

const historyLimit = 50;
const uuid = z.uuid();

const auditNotFound = () => new AppError("audit_not_found", auditNotFoundMessage);

/**
 * The AI audit: a person asks for one, a durable job reviews the property's annotations in
 * batches, the person decides on each suggestion, and apply writes the accepted ones to Google
 * through the annotations service — the same path, rules and records as any edit. The run
 * (audit-runs), decisions on suggestions (audit-decisions) and apply (audit-apply) have files of
 * their own.
 */
export function createAuditsService(deps: AuditsServiceDeps) {
  const { repository, properties } = deps;
  const now = deps.now ?? (() => new Date());

  function requireAccess(user: User): void {
    const access = auditAccessOf({
      subscriptionTier: user.subscriptionTier,
      isAuditBetaUser: deps.isAuditBetaUser(user.email),
    });
    if (access === "premium_required")
      throw new AppError("premium_required", auditAccessMessages.premium_required);
    if (access === "beta_only")
      throw new AppError("audit_beta_only", auditAccessMessages.beta_only);
  }

  async function ownSession(user: User, id: string): Promise<AnnotationAuditSession> {
    const parsed = uuid.safeParse(id);
    if (!parsed.success) throw auditNotFound();
    const session = await repository.findOwnSession(user.id, parsed.data);
    if (!session) throw auditNotFound();
    return session;
  }

  const { runAudit } = createAuditRuns(deps, requireAccess);
  const auditJob = defineAnnotationAuditJob(deps.jobs, { runAudit });

  return {
    auditJob,
    /** The plan and beta check (403), for routes to make before they parse a body (400). */
    requireAccess,
    /** For tests and tools: one run of the audit job, as the queue would run it. */
    runAudit,

    async create(user: User, input: z.output<typeof createAuditRequest>): Promise<AuditSession> {
      requireAccess(user);
      await properties.requireAllowed(user, input.propertyId);
      const created = await repository.insertSession({
        userId: user.id,
        propertyId: input.propertyId,
        startDate: input.startDate,
        endDate: input.endDate,
      });
      if (created) return toSession(created, 0);
      const active = await repository.findActiveSession(user.id, input.propertyId);
      // One created a moment ago but never started (the page was closed) is simply this one.
      if (
        active &&
        active.status === "pending" &&
        active.startedAt === null &&
        active.startDate === input.startDate &&
        active.endDate === input.endDate
      )
        return toSession(active, 0);
      throw new AppError("audit_in_progress", auditRunningMessage);
    },

    /** Queues the audit; starting it again never runs it twice. */
    async start(user: User, id: string): Promise<AuditSession> {
      requireAccess(user);
      const session = await ownSession(user, id);
      if (session.status === "pending") {
        // The job's id is the audit's: however often this is called, one job is queued.
        await auditJob.send({ sessionId: session.id }, { id: session.id });
        await repository.markStarted(session.id, now(), auditSteps.queued);
      }
      return toSession((await repository.findSession(session.id))!, 0);
    },

    async get(user: User, id: string): Promise<AuditDetailResponse> {
      requireAccess(user);
      const session = await ownSession(user, id);
      // Claims of an apply whose instance died are offered again rather than shown as applying.
      await repository.releaseStaleClaims(
        session.id,
        new Date(now().getTime() - applyClaimLeaseMs),
      );
      const rows = await repository.listSuggestions(session.id);
      const applied = rows.filter((row) => row.status === "applied").length;
      return {
        session: toSession(session, rows.length, applied),
        suggestions: rows.map(toSuggestion),
      };
    },

    async history(user: User): Promise<AuditSession[]> {
      requireAccess(user);
      const rows = await repository.listSessions(user.id, historyLimit);
      return rows.map((row) => toSession(row.session, row.suggestionCount, row.appliedCount));
    },

    ...createAuditDecisions(deps, { requireAccess, ownSession }),
    ...createAuditApply(deps, { requireAccess, ownSession }),
  };
}

export type AuditsService = ReturnType<typeof createAuditsService>;
