import { z } from "zod";
import type { JobContext, JobHandle, JobQueue } from "../job-queue.js";

/** One audit to review: the session's id, which is also the job's, so a start queues it once. */
export const annotationAuditPayload = z.object({ sessionId: z.string() });
export type AnnotationAuditPayload = z.output<typeof annotationAuditPayload>;

/** The AI audit's background review of one property's annotations. */
export function defineAnnotationAuditJob(
  jobs: JobQueue,
  audits: { runAudit(sessionId: string, context: JobContext): Promise<void> },
): JobHandle<AnnotationAuditPayload> {
  return jobs.define({
    name: "annotation-audit",
    payload: annotationAuditPayload,
    // Each batch is saved as it is reviewed, so a retried run picks up where the last stopped.
    retryLimit: 4,
    retryDelaySeconds: 2,
    // Renewed while the run goes on; a run whose instance died is taken up again within a minute
    // or so (on PGlite, at once when the app starts again).
    timeoutSeconds: 60,
    run: (data, context) => audits.runAudit(data.sessionId, context),
  });
}
