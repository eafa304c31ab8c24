import { z } from "zod";
import type { JobHandle, JobQueue } from "../job-queue.js";

/** A scheduled sweep carries nothing. */
export const sweepDeletedAccountLeftoversPayload = z.object({});
export type SweepDeletedAccountLeftoversPayload = z.output<
  typeof sweepDeletedAccountLeftoversPayload
>;

/** What deleted accounts leave behind (expired tombstones and counters, lost revocations). */
export function defineSweepDeletedAccountLeftoversJob(
  jobs: JobQueue,
  accounts: { sweepLeftovers(): Promise<void> },
): JobHandle<SweepDeletedAccountLeftoversPayload> {
  return jobs.define({
    name: "sweep-deleted-account-leftovers",
    payload: sweepDeletedAccountLeftoversPayload,
    // Every day at 03:47 UTC, once across all instances, away from the inactivity sweep.
    schedule: "47 3 * * *",
    oneAtATime: true,
    run: () => accounts.sweepLeftovers(),
  });
}
