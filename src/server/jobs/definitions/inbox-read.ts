import { z } from "zod";
import {
  suggestionSourceKinds,
  type SuggestionSourceKind,
} from "../../../shared/suggestion-sources.js";
import type { JobHandle, JobQueue } from "../job-queue.js";

/** One source to read for one property. */
export const inboxReadPayload = z.object({
  propertyId: z.string(),
  source: z.enum(suggestionSourceKinds),
});
export type InboxReadPayload = z.output<typeof inboxReadPayload>;

/**
 * One run reads one source for one property; the key (property and source, given when it is sent)
 * keeps two instances or two triggers from reading the same at once, and queues at most one more
 * behind it.
 */
export function defineInboxReadJob(
  jobs: JobQueue,
  inbox: {
    /** Reads one page of the source; true when there is more to read. */
    readSource(
      propertyId: string,
      source: SuggestionSourceKind,
      signal: AbortSignal,
    ): Promise<boolean>;
    queueRead(propertyId: string, source: SuggestionSourceKind): Promise<unknown>;
  },
): JobHandle<InboxReadPayload> {
  return jobs.define({
    name: "inbox-read",
    payload: inboxReadPayload,
    oneAtATime: true,
    // Reads of different properties and sources run side by side: a chosen calendar's few
    // holidays never wait behind another property's 90 days of change history.
    concurrency: 4,
    retryLimit: 3,
    retryDelaySeconds: 30,
    timeoutSeconds: 5 * 60,
    run: async ({ propertyId, source }, context) => {
      const more = await inbox.readSource(propertyId, source, context.signal);
      if (more) await inbox.queueRead(propertyId, source);
    },
  });
}
