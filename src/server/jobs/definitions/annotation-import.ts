import { z } from "zod";
import type { JobHandle, JobQueue } from "../job-queue.js";

/** One import to carry on with; it is sent with the import's id as its key. */
export const annotationImportPayload = z.object({ importId: z.string() });
export type AnnotationImportPayload = z.output<typeof annotationImportPayload>;

/** A file's annotations created in Google row by row, resumable after any stop. */
export function defineAnnotationImportJob(
  jobs: JobQueue,
  imports: { runImport(importId: string, signal: AbortSignal): Promise<unknown> },
): JobHandle<AnnotationImportPayload> {
  return jobs.define({
    name: "annotation-import",
    payload: annotationImportPayload,
    // One run per import at a time: a resume while a run goes on queues nothing more.
    oneAtATime: true,
    concurrency: 2,
    retryLimit: 3,
    retryDelaySeconds: 10,
    timeoutSeconds: 5 * 60,
    run: async ({ importId }, context) => {
      await imports.runImport(importId, context.signal);
    },
  });
}
