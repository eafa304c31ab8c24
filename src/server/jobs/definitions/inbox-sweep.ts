import { z } from "zod";
import type { JobHandle, JobQueue } from "../job-queue.js";

/** A scheduled sweep carries nothing. */
export const inboxSweepPayload = z.object({});
export type InboxSweepPayload = z.output<typeof inboxSweepPayload>;

/**
 * Every minute: properties a source has never read (just saved, a calendar just chosen) are read
 * now; hourly sources are read again once their last read is an hour old, spread out.
 */
export function defineInboxSweepJob(
  jobs: JobQueue,
  inbox: { sweep(): Promise<void> },
): JobHandle<InboxSweepPayload> {
  return jobs.define({
    name: "inbox-sweep",
    payload: inboxSweepPayload,
    schedule: "* * * * *",
    oneAtATime: true,
    retryLimit: 0,
    run: async () => {
      await inbox.sweep();
    },
  });
}
