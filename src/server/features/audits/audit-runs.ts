/**
 * The audit's background run: the property's annotations read once, reviewed in batches that are
 * each saved as they are reviewed, so a run handed back (a shutdown, an instance gone) resumes
 * where the last stopped.
 */
import { auditSteps, reviewingStep } from "../../../shared/audit.js";
import { compareDates, toIsoDate } from "../../../shared/calendar-date.js";
import type { Annotation } from "../../../shared/contracts/annotations.js";
import { errorMessages } from "../../../shared/contracts/errors.js";
import type { AnnotationAuditSession, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type { JobContext } from "../../jobs/job-queue.js";
import {
  checkReviewedSuggestions,
  type AuditReviewer,
  type ReviewableAnnotation,
  type ReviewedSuggestion,
} from "./audit-reviewer.js";
import type { NewSuggestion } from "./audits-repository.js";
import type { AuditsServiceDeps } from "./audits-deps.js";

/** How many times one batch is reviewed before it is skipped. */
const reviewAttempts = 3;

/** Raised when the app shuts down mid-audit: the job is handed back and resumes where it stopped. */
class AuditInterrupted extends Error {
  override name = "AuditInterrupted";
}

export function createAuditRuns(deps: AuditsServiceDeps, requireAccess: (user: User) => void) {
  const { repository, annotations, categories, reviewer, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const sleep =
    deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

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
      const reviewed = await reviewWithRetries(deps, sleep, batch, {
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

  return { runAudit };
}

/** Null when every attempt failed: the batch is skipped, the audit goes on. */
async function reviewWithRetries(
  deps: Pick<AuditsServiceDeps, "reviewer" | "logger">,
  sleep: (ms: number) => Promise<void>,
  batch: ReviewableAnnotation[],
  context: Parameters<AuditReviewer["review"]>[1],
): Promise<ReviewedSuggestion[] | null> {
  for (let attempt = 1; attempt <= reviewAttempts; attempt++) {
    try {
      return await deps.reviewer.review(batch, context);
    } catch (error) {
      if (context.signal?.aborted) throw new AuditInterrupted("The app is shutting down.");
      deps.logger.warn({ err: error, attempt }, "audit review batch failed");
      if (attempt < reviewAttempts) await sleep(1_000 * 2 ** (attempt - 1));
    }
  }
  return null;
}

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
