/**
 * Sources read into the inbox: a sweep queues reads, one job run reads one source for one
 * property page by page (as a person who may use it), and the property's rules accept what is new.
 */
import { createHash } from "node:crypto";
import { defineInboxReadJob } from "../../jobs/definitions/inbox-read.js";
import { defineInboxSweepJob } from "../../jobs/definitions/inbox-sweep.js";
import type { SuggestionSourceKind } from "../../../shared/suggestion-sources.js";
import {
  createInboxRuleAccepts,
  createInboxSourceRead,
  type AcceptRow,
} from "./inbox-source-read.js";
import { sourceRegistry } from "./sources/index.js";
import type { SuggestionsDeps } from "./suggestions-deps.js";

export { firstReadDays } from "./inbox-source-read.js";

/** Largest webhook body read; bigger deliveries are refused before anything is verified. */
export const webhookBodyLimitBytes = 128 * 1024;
/** Properties each sweep queues per source; the rest wait for the next tick. */
const sweepBatch = 500;
/** Hourly sources are read again once their last read is this old. */
const pollEveryMs = 60 * 60 * 1000;

export function createInboxReads(deps: SuggestionsDeps, acceptRow: AcceptRow) {
  const now = deps.now ?? (() => new Date());
  const { repository } = deps;
  const readSource = createInboxSourceRead(deps, createInboxRuleAccepts(deps, acceptRow));

  const readJob = defineInboxReadJob(deps.jobs, { readSource, queueRead });
  defineInboxSweepJob(deps.jobs, { sweep });

  function queueRead(
    propertyId: string,
    source: SuggestionSourceKind,
    startAfterSeconds?: number,
  ): Promise<boolean> {
    return readJob.send(
      { propertyId, source },
      {
        singletonKey: `${propertyId}:${source}`,
        ...(startAfterSeconds ? { startAfterSeconds } : {}),
      },
    );
  }

  async function sweep(): Promise<void> {
    const at = now();
    for (const registration of sourceRegistry) {
      const kind = registration.kind;
      if (kind === "holidays") {
        for (const propertyId of await repository.calendarsToRead(sweepBatch))
          await queueRead(propertyId, kind);
      } else if (registration.readWhenPropertySaved) {
        for (const propertyId of await repository.propertiesToRead(kind, null, sweepBatch))
          await queueRead(propertyId, kind);
      }
      if (registration.schedule !== "hourly") continue;
      const stale = await repository.propertiesToRead(
        kind,
        new Date(at.getTime() - pollEveryMs),
        sweepBatch,
      );
      // Spread over the coming hour by property, so an hour's reads do not all start at once.
      for (const propertyId of stale)
        await queueRead(propertyId, kind, spreadSeconds(propertyId, kind));
    }
  }

  return { queueRead, readSource, sweep };
}

/** A stable offset within the hour for a property and source. */
function spreadSeconds(propertyId: string, kind: SuggestionSourceKind): number {
  const digest = createHash("sha256").update(`${propertyId}:${kind}`).digest();
  return digest.readUInt32BE(0) % 3600;
}
