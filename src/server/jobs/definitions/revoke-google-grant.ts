import { z } from "zod";
import type { JobContext, JobHandle, JobQueue } from "../job-queue.js";

/** Only the id of the pending revocation's row, which holds the sealed token. */
export const revokeGoogleGrantPayload = z.object({ revocationId: z.string() });
export type RevokeGoogleGrantPayload = z.output<typeof revokeGoogleGrantPayload>;

/** A deleted account's Google grant revoked, retried with backoff until Google answers. */
export function defineRevokeGoogleGrantJob(
  jobs: JobQueue,
  revocations: { revoke(revocationId: string, context: JobContext): Promise<void> },
  retry: { limit: number; delaySeconds: number },
): JobHandle<RevokeGoogleGrantPayload> {
  return jobs.define({
    name: "revoke-google-grant",
    payload: revokeGoogleGrantPayload,
    retryLimit: retry.limit,
    retryDelaySeconds: retry.delaySeconds,
    // One call with a 10 s deadline and two small queries.
    timeoutSeconds: 60,
    run: (data, context) => revocations.revoke(data.revocationId, context),
  });
}
