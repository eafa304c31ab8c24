import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import {
  defaultAnnotationColor,
  isAnnotationColor,
  type AnnotationColor,
} from "../../../shared/annotation-colors.js";
import { categoryPresets } from "../../../shared/categories.js";
import {
  auditAccessMessages,
  auditAccessOf,
  auditSteps,
  reviewingStep,
} from "../../../shared/audit.js";
import { compareDates, toIsoDate } from "../../../shared/calendar-date.js";
import type { Annotation, UpdateAnnotationRequest } from "../../../shared/contracts/annotations.js";
import type {
  createAuditRequest,
  updateSuggestionRequest,
  AuditApplyResponse,
  AuditDetailResponse,
  AuditSession,
  AuditSuggestion,
} from "../../../shared/contracts/audits.js";
import type { Category } from "../../../shared/contracts/categories.js";
import { errorMessages } from "../../../shared/contracts/errors.js";
import type { AnnotationAuditSession, AnnotationSuggestion, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type { JobContext, JobQueue } from "../../jobs/job-queue.js";
import type { AnnotationsService } from "../annotations/annotations-service.js";
import type { CategoriesService } from "../categories/categories-service.js";
import type { PropertiesService } from "../properties/properties-service.js";
import {
  checkReviewedSuggestions,
  type AuditReviewer,
  type ReviewableAnnotation,
  type ReviewedSuggestion,
} from "./audit-reviewer.js";
import type { AuditsRepository, NewSuggestion } from "./audits-repository.js";

export const auditNotFoundMessage = "That audit was not found.";
export const suggestionNotFoundMessage = "That suggestion was not found.";
export const auditRunningMessage =
  "An audit of this property is already running. Wait for it to finish, then start another.";
export const changedSinceAuditMessage =
  "It was changed in Google Analytics since the audit, so it was left as it is.";
export const deletedSinceAuditMessage = "It was deleted in Google Analytics since the audit.";

/**
 * How long an apply's claim on a suggestion lives without a heartbeat. An apply runs inside a
 * request, not a job, but its claims are kept alive the way pg-boss keeps a job's run (decision
 * 0029): renewed while it writes, so a slow Google never lets a second apply write the same
 * suggestion, while the claims of an instance that died are taken up by the next apply within
 * this long — sooner than the audit job's own failover (its 60 s heartbeat plus the 30 s check).
 */
export const applyClaimLeaseMs = 30_000;
const applyHeartbeatMs = applyClaimLeaseMs / 3;

/** How many times one batch is reviewed before it is skipped. */
const reviewAttempts = 3;
const historyLimit = 50;
const uuid = z.uuid();

const auditNotFound = () => new AppError("audit_not_found", auditNotFoundMessage);

/** Raised when the app shuts down mid-audit: the job is handed back and resumes where it stopped. */
class AuditInterrupted extends Error {
  override name = "AuditInterrupted";
}

export interface AuditsServiceDeps {
  repository: AuditsRepository;
  annotations: Pick<AnnotationsService, "list" | "update">;
  categories: Pick<CategoriesService, "list" | "requireUsable" | "create">;
  properties: Pick<PropertiesService, "requireAllowed">;
  /** Reads the person again when a job resumes (an identity read, owned by auth). */
  findUser: (userId: string) => Promise<User | null>;
  isAuditBetaUser: (email: string) => boolean;
  reviewer: AuditReviewer;
  jobs: JobQueue;
  logger: FastifyBaseLogger;
  now?: () => Date;
  /** Waits between review attempts; tests pass one that does not. */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The AI audit: a person asks for one, a durable job reviews the property's annotations in
 * batches, the person decides on each suggestion, and apply writes the accepted ones to Google
 * through the annotations service — the same path, rules and records as any edit.
 */
export function createAuditsService(deps: AuditsServiceDeps) {
  const { repository, annotations, categories, properties, reviewer, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const sleep =
    deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  const auditJob = deps.jobs.define<{ sessionId: string }>({
    name: "annotation-audit",
    // Each batch is saved as it is reviewed, so a retried run picks up where the last stopped.
    retryLimit: 4,
    retryDelaySeconds: 2,
    // Renewed while the run goes on; a run whose instance died is taken up again within a minute
    // or so (on PGlite, at once when the app starts again).
    timeoutSeconds: 60,
    run: (data, context) => runAudit(data.sessionId, context),
  });

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

  async function runAudit(sessionId: string, context: JobContext): Promise<void> {
    const session = await repository.findSession(sessionId);
    if (!session || session.status === "completed" || session.status === "failed") return;
    const user = await deps.findUser(session.userId);
    if (!user) return;
    try {
      await review(session, user, context);
    } catch (error) {
      if (error instanceof AuditInterrupted) throw error;
      // A refusal (no access to the property, Google disconnected…) will not change on a retry;
      // a busy or unavailable Google may.
      const refusal =
        error instanceof AppError &&
        error.code !== "google_busy" &&
        error.code !== "google_unavailable";
      if (!refusal && !context.isLastAttempt) throw error;
      // The person reads a refusal's own sentence, or ours; the error's text and stack, which name
      // our files, stay in the log and in the row (for diagnosis), never in an answer.
      const message = error instanceof AppError ? error.message : errorMessages.auditStopped;
      if (!(error instanceof AppError)) logger.error({ err: error, sessionId }, "audit failed");
      await repository.updateSession(sessionId, {
        status: "failed",
        errorMessage: message,
        errorStack: error instanceof Error ? (error.stack ?? null) : null,
        completedAt: now(),
      });
    }
  }

  async function review(session: AnnotationAuditSession, user: User, context: JobContext) {
    requireAccess(user);
    await repository.updateSession(session.id, {
      status: "in_progress",
      lastStep: auditSteps.reading,
    });
    const [listed, personCategories] = await Promise.all([
      annotations.list(user, session.propertyId),
      categories.list(user),
    ]);
    const covered = coveredAnnotations(listed, session.startDate, session.endDate);
    const total = covered.length;
    await repository.updateSession(session.id, { totalAnnotations: total });

    // Resume after the last batch saved: the order is fixed, so the same annotations come next.
    let processed = Math.min(session.processedAnnotations, total);
    const skippedRanges: string[] = [];
    while (processed < total) {
      if (context.signal.aborted) throw new AuditInterrupted("The app is shutting down.");
      const batch = covered.slice(processed, processed + reviewer.batchSize);
      const step = reviewingStep(processed + 1, processed + batch.length, total);
      await repository.updateSession(session.id, { lastStep: step });
      const reviewed = await reviewWithRetries(batch, {
        categories: personCategories,
        all: covered,
        signal: context.signal,
      });
      if (reviewed === null) skippedRanges.push(`${processed + 1}–${processed + batch.length}`);
      const checked = reviewed ? checkReviewedSuggestions(reviewed, batch, personCategories) : null;
      if (checked && checked.refused > 0)
        logger.warn(
          { sessionId: session.id, refused: checked.refused },
          "the reviewer broke the rules in some suggestions; they were left out",
        );
      const accepted = checked?.accepted ?? [];
      processed += batch.length;
      await repository.saveBatch(session.id, {
        suggestions: accepted.map((suggestion) => toNewSuggestion(suggestion, batch)),
        processedAnnotations: processed,
        skipped: reviewed === null ? batch.length : 0,
        lastStep: processed < total ? step : auditSteps.saving,
      });
    }

    const finished = (await repository.findSession(session.id))!;
    await repository.updateSession(session.id, {
      status: "completed",
      processedAnnotations: total,
      lastStep: auditSteps.done,
      completedAt: now(),
      errorMessage:
        finished.skippedAnnotations > 0
          ? `${finished.skippedAnnotations} of ${total} annotations could not be reviewed, because the reviewer kept failing on them${skippedRanges.length ? ` (${skippedRanges.join(", ")})` : ""}. The suggestions below cover the rest; run another audit to review them.`
          : null,
    });
  }

  /** Null when every attempt failed: the batch is skipped, the audit goes on. */
  async function reviewWithRetries(
    batch: ReviewableAnnotation[],
    context: Parameters<AuditReviewer["review"]>[1],
  ): Promise<ReviewedSuggestion[] | null> {
    for (let attempt = 1; attempt <= reviewAttempts; attempt++) {
      try {
        return await reviewer.review(batch, context);
      } catch (error) {
        if (context.signal?.aborted) throw new AuditInterrupted("The app is shutting down.");
        logger.warn({ err: error, attempt }, "audit review batch failed");
        if (attempt < reviewAttempts) await sleep(1_000 * 2 ** (attempt - 1));
      }
    }
    return null;
  }

  function toSession(
    row: AnnotationAuditSession,
    suggestionCount: number,
    appliedCount = 0,
  ): AuditSession {
    return {
      id: row.id,
      propertyId: row.propertyId,
      startDate: row.startDate,
      endDate: row.endDate,
      status: row.status,
      totalAnnotations: row.totalAnnotations,
      processedAnnotations: row.processedAnnotations,
      skippedAnnotations: row.skippedAnnotations,
      lastStep: row.lastStep,
      errorMessage: row.errorMessage,
      createdAt: row.createdAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
      suggestionCount,
      appliedCount,
      started: row.status !== "pending" || row.startedAt !== null,
    };
  }

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

    async updateSuggestion(
      user: User,
      id: string,
      suggestionId: string,
      input: z.output<typeof updateSuggestionRequest>,
    ): Promise<AuditSuggestion> {
      requireAccess(user);
      const session = await ownSession(user, id);
      const parsedId = uuid.safeParse(suggestionId);
      const suggestion = parsedId.success
        ? await repository.findSuggestion(session.id, parsedId.data)
        : null;
      if (!suggestion) throw new AppError("suggestion_not_found", suggestionNotFoundMessage);

      let changes: Parameters<AuditsRepository["updateOpenSuggestion"]>[2];
      if ("status" in input) {
        if (input.status === "accepted" && !isApplicable(suggestion))
          throw new AppError(
            "nothing_to_apply",
            "There is nothing to apply yet: edit the title or pick a category first.",
          );
        changes = { status: input.status };
      } else if ("modifiedTitle" in input) {
        changes = {
          modifiedTitle: input.modifiedTitle,
          ...(input.modifiedDescription !== undefined
            ? { modifiedDescription: input.modifiedDescription }
            : {}),
        };
      } else {
        if (input.modifiedCategoryId !== null)
          await categories.requireUsable(user, input.modifiedCategoryId);
        changes = { modifiedCategoryId: input.modifiedCategoryId };
      }
      const updated = await repository.updateOpenSuggestion(session.id, suggestion.id, changes);
      if (!updated)
        throw new AppError(
          "suggestion_closed",
          "This suggestion has already been applied and can no longer change.",
        );
      return toSuggestion(updated);
    },

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

  /**
   * A suggestion that proposes a category the person does not have yet gets it on apply: made
   * (with its preset's template when it is one of the five) or, when one of that name exists by
   * now, that one is used, and it is recorded on the suggestion as the person's pick so a retried
   * apply links the same one. A refusal (the category limit) fails the suggestion with its reason,
   * before anything is written to Google.
   */
  async function makeProposedCategory(
    user: User,
    suggestion: AnnotationSuggestion,
    personCategories: Category[],
  ): Promise<{ failureReason: string | null }> {
    const name = suggestion.suggestedCategoryName;
    if (!name || suggestion.modifiedCategoryId || suggestion.suggestedCategoryId)
      return { failureReason: null };
    let category = personCategories.find(
      (candidate) => candidate.name.toLowerCase() === name.toLowerCase(),
    );
    if (!category) {
      const preset = categoryPresets.find((candidate) => candidate.name === name);
      const color = isAnnotationColor(suggestion.suggestedCategoryColor)
        ? suggestion.suggestedCategoryColor
        : (preset?.color ?? defaultAnnotationColor);
      try {
        category = await categories.create(user, {
          name,
          color,
          description: suggestion.suggestedCategoryDescription,
          ...(preset ? { titleTemplate: preset.titleTemplate } : {}),
        });
      } catch (error) {
        if (error instanceof AppError) return { failureReason: error.message };
        throw error;
      }
      personCategories.push(category);
    }
    suggestion.modifiedCategoryId = category.id;
    await repository.linkCategory(suggestion.id, category.id);
    return { failureReason: null };
  }

  async function applyOne(
    user: User,
    propertyId: string,
    suggestion: AnnotationSuggestion,
    current: Map<string, Annotation>,
    personCategories: Category[],
  ): Promise<
    | { status: "applied" }
    | { status: "failed"; failureReason: string }
    | { status: "accepted"; failureReason: string }
  > {
    const annotation = current.get(suggestion.annotationId);
    if (!annotation) return { status: "failed", failureReason: deletedSinceAuditMessage };
    const wanted = effectiveChange(suggestion, personCategories);
    // An earlier apply may have written it already (its answer lost, or its instance gone before
    // it could record the outcome): what Google holds is the change, not a change by someone else.
    const alreadyInGoogle = holdsWantedChange(annotation, suggestion, wanted);
    if (
      !alreadyInGoogle &&
      (annotation.title !== suggestion.originalTitle ||
        annotation.description !== (suggestion.originalDescription ?? "") ||
        (suggestion.originalColor !== null && annotation.color !== suggestion.originalColor))
    )
      return { status: "failed", failureReason: changedSinceAuditMessage };

    const changes: UpdateAnnotationRequest = {};
    if (wanted.title !== null && wanted.title !== annotation.title) changes.title = wanted.title;
    if (wanted.description !== null && wanted.description !== annotation.description)
      changes.description = wanted.description;
    if (wanted.color !== null && wanted.color !== annotation.color) changes.color = wanted.color;
    if (wanted.categoryId !== null && wanted.categoryId !== annotation.categoryId)
      changes.categoryId = wanted.categoryId;
    if (Object.keys(changes).length === 0) return { status: "applied" };
    try {
      await annotations.update(user, propertyId, suggestion.annotationId, changes);
      return { status: "applied" };
    } catch (error) {
      // Google did not confirm the change and it is not there now (or could not be checked):
      // not a failure, so it stays accepted and the next apply tries it again.
      if (error instanceof AppError && error.code === "google_unconfirmed")
        return { status: "accepted", failureReason: error.message };
      if (error instanceof AppError) return { status: "failed", failureReason: error.message };
      logger.error({ err: error, suggestionId: suggestion.id }, "applying a suggestion failed");
      return {
        status: "failed",
        failureReason: "Google Analytics did not take the change. Try again later.",
      };
    }
  }
}

export type AuditsService = ReturnType<typeof createAuditsService>;

/** The annotations an audit covers: in the date range, and never Google's own. */
function coveredAnnotations(
  listed: Annotation[],
  startDate: string | null,
  endDate: string | null,
): ReviewableAnnotation[] {
  return listed
    .filter((annotation) => !annotation.systemGenerated)
    .map((annotation) => ({
      annotationId: annotation.annotationId,
      title: annotation.title,
      description: annotation.description,
      color: annotation.color,
      date: toIsoDate(annotation.annotationDate),
      endDate: annotation.annotationDateRange
        ? toIsoDate(annotation.annotationDateRange.endDate)
        : null,
      categoryId: annotation.categoryId,
      sortDate: annotation.annotationDate,
    }))
    .filter(
      (annotation) =>
        (!startDate || annotation.date >= startDate) && (!endDate || annotation.date <= endDate),
    )
    .sort(
      (a, b) =>
        compareDates(a.sortDate, b.sortDate) ||
        (a.annotationId < b.annotationId ? -1 : a.annotationId > b.annotationId ? 1 : 0),
    )
    .map(({ sortDate: _sortDate, ...annotation }) => annotation);
}

function toNewSuggestion(
  suggestion: ReviewedSuggestion,
  batch: ReviewableAnnotation[],
): NewSuggestion {
  const annotation = batch.find((candidate) => candidate.annotationId === suggestion.annotationId)!;
  return {
    annotationId: annotation.annotationId,
    originalTitle: annotation.title,
    originalDescription: annotation.description,
    originalColor: annotation.color,
    suggestedTitle: suggestion.suggestedTitle,
    suggestedDescription: suggestion.suggestedDescription,
    suggestedColor: suggestion.suggestedColor,
    suggestedCategoryId: suggestion.suggestedCategoryId,
    suggestedCategoryName: suggestion.newCategory?.name ?? null,
    suggestedCategoryDescription: suggestion.newCategory?.description ?? null,
    suggestedCategoryColor: suggestion.newCategory?.color ?? null,
    aiReasoning: suggestion.aiReasoning,
    annotationDate: annotation.date,
    annotationEndDate: annotation.endDate ?? null,
  };
}

/** What applying the suggestion would set, with the person's modifications taking precedence. */
function effectiveChange(
  suggestion: AnnotationSuggestion,
  personCategories: Category[] = [],
): {
  title: string | null;
  description: string | null;
  color: AnnotationColor | null;
  categoryId: string | null;
} {
  const chosen = suggestion.modifiedCategoryId
    ? personCategories.find((category) => category.id === suggestion.modifiedCategoryId)
    : undefined;
  const suggestedColor = isAnnotationColor(suggestion.suggestedColor)
    ? suggestion.suggestedColor
    : null;
  return {
    title: suggestion.modifiedTitle ?? suggestion.suggestedTitle,
    description: suggestion.modifiedDescription ?? suggestion.suggestedDescription,
    color: chosen?.color ?? suggestedColor,
    categoryId: suggestion.modifiedCategoryId ?? suggestion.suggestedCategoryId,
  };
}

/**
 * Whether Google already holds what the suggestion changes in Google (a title, description or
 * colour it sets to something new). A suggestion that changes only the category has nothing in
 * Google to recognise.
 */
function holdsWantedChange(
  annotation: Annotation,
  suggestion: AnnotationSuggestion,
  wanted: ReturnType<typeof effectiveChange>,
): boolean {
  const fields = [
    [wanted.title, suggestion.originalTitle, annotation.title],
    [wanted.description, suggestion.originalDescription ?? "", annotation.description],
    [wanted.color, suggestion.originalColor, annotation.color],
  ] as const;
  const changed = fields.filter(([want, original]) => want !== null && want !== original);
  return changed.length > 0 && changed.every(([want, , held]) => want === held);
}

function isApplicable(suggestion: AnnotationSuggestion): boolean {
  const wanted = effectiveChange(suggestion);
  return (
    suggestion.suggestedCategoryName !== null ||
    (wanted.title !== null && wanted.title !== suggestion.originalTitle) ||
    (wanted.description !== null &&
      wanted.description !== (suggestion.originalDescription ?? "")) ||
    (wanted.color !== null && wanted.color !== suggestion.originalColor) ||
    wanted.categoryId !== null
  );
}

function toSuggestion(row: AnnotationSuggestion): AuditSuggestion {
  const color = (value: string | null) => (isAnnotationColor(value) ? value : null);
  return {
    id: row.id,
    annotationId: row.annotationId,
    originalTitle: row.originalTitle,
    originalDescription: row.originalDescription,
    originalColor: row.originalColor,
    suggestedTitle: row.suggestedTitle,
    suggestedDescription: row.suggestedDescription,
    suggestedColor: color(row.suggestedColor),
    suggestedCategoryId: row.suggestedCategoryId,
    suggestedCategoryName: row.suggestedCategoryName,
    suggestedCategoryDescription: row.suggestedCategoryDescription,
    suggestedCategoryColor: color(row.suggestedCategoryColor),
    aiReasoning: row.aiReasoning,
    status: row.status,
    modifiedTitle: row.modifiedTitle,
    modifiedDescription: row.modifiedDescription,
    modifiedCategoryId: row.modifiedCategoryId,
    failureReason: row.failureReason,
    applicable: isApplicable(row),
    annotationDate: row.annotationDate,
    annotationEndDate: row.annotationEndDate,
  };
}
