import { z } from "zod";
import type { JobContext, JobHandle, JobQueue } from "../job-queue.js";

/** A scheduled sweep carries nothing. */
export const deleteInactiveAccountsPayload = z.object({});
export type DeleteInactiveAccountsPayload = z.output<typeof deleteInactiveAccountsPayload>;

/** Accounts unused for longer than the retention period are deleted, once a day. */
export function defineDeleteInactiveAccountsJob(
  jobs: JobQueue,
  accounts: { deleteInactiveAccounts(context: Pick<JobContext, "signal">): Promise<number> },
): JobHandle<DeleteInactiveAccountsPayload> {
  return jobs.define({
    name: "delete-inactive-accounts",
    payload: deleteInactiveAccountsPayload,
    // Every day at 03:17 UTC, once across all instances; a second run never queues behind one.
    schedule: "17 3 * * *",
    oneAtATime: true,
    run: (_data, context) => accounts.deleteInactiveAccounts(context).then(() => undefined),
  });
}
