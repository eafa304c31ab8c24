/**
 * The AI audit's rules both sides share: who may use it, the states an audit and a suggestion go
 * through, and how far along an audit is.
 */

export { auditAccessMessages, auditAccessOf, type AuditAccess } from "./audit-access.js";

export const auditStatuses = ["pending", "in_progress", "completed", "failed"] as const;
export type AuditStatus = (typeof auditStatuses)[number];

/** "applying" is held only while one apply writes the suggestion. */
export const suggestionStatuses = [
  "pending",
  "accepted",
  "rejected",
  "applying",
  "applied",
  "failed",
] as const;
export type SuggestionStatus = (typeof suggestionStatuses)[number];

/** How often the /audit page asks for news while an audit is pending or running. */
export const auditPollIntervalMs = 2_000;

/** Pending 10 %, running 10 % plus 80 % of the share reviewed, completed 100 %. */
export function auditProgressPercent(session: {
  status: AuditStatus;
  totalAnnotations: number;
  processedAnnotations: number;
}): number {
  switch (session.status) {
    case "pending":
      return 10;
    case "in_progress": {
      if (session.totalAnnotations <= 0) return 10;
      const share = Math.min(1, session.processedAnnotations / session.totalAnnotations);
      return Math.round(10 + share * 80);
    }
    case "completed":
      return 100;
    case "failed":
      return 0;
  }
}

/** The step shown while annotations are reviewed, e.g. "Reviewing 21–40 of 87". */
export function reviewingStep(from: number, to: number, total: number): string {
  return `Reviewing ${from}–${to} of ${total}`;
}

export const auditSteps = {
  queued: "Waiting to start",
  reading: "Reading annotations",
  saving: "Saving suggestions",
  done: "Done",
} as const;

const changes = (count: number) => `${count} change${count === 1 ? "" : "s"}`;
const suggestions = (count: number) =>
  count === 1 ? "1 suggestion is" : `${count} suggestions are`;

/**
 * What an apply did, in words: applied, failed, not confirmed by Google (still accepted, for the
 * next apply to try again) and still being applied by another apply at the same time.
 * `problem` is set when something was not applied.
 */
export function describeApplyResult(result: {
  applied: number;
  failed: number;
  unconfirmed: number;
  stillApplying: number;
}): { title: string; description: string; problem: boolean } {
  const parts: string[] = [];
  if (result.applied > 0 || (result.stillApplying === 0 && result.unconfirmed === 0))
    parts.push(`${changes(result.applied)} applied to GA4.`);
  if (result.failed > 0) parts.push(`${result.failed} failed.`);
  if (result.unconfirmed > 0)
    parts.push(
      `Google did not confirm ${changes(result.unconfirmed)}; ${result.unconfirmed === 1 ? "it stays" : "they stay"} accepted, so apply again to retry.`,
    );
  if (result.stillApplying > 0)
    parts.push(`${suggestions(result.stillApplying)} still being applied.`);
  const nothingYet = result.applied === 0 && result.failed === 0 && result.unconfirmed === 0;
  return {
    title: nothingYet && result.stillApplying > 0 ? "Still applying" : "Changes applied",
    description: parts.join(" "),
    problem: result.failed > 0 || result.unconfirmed > 0,
  };
}
