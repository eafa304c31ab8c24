import { parseIsoDate } from "../../../../shared/calendar-date.js";
import type { SourceDeps } from "./source.js";
import type { SourceBatch, SourceRun, SuggestionDraft, SuggestionSource } from "./source.js";

/** Deliveries turned into suggestions per read; more wait for the next page. */
const pageSize = 200;
/**
 * Row numbers are taken when a delivery's insert starts, so one committed a moment late can land
 * behind the cursor: each read looks this many rows back again (the item keys make a second look
 * suggest nothing twice).
 */
const lookBack = 50;

/**
 * Release webhooks: the route verifies and stores each delivery (answering at once); this source
 * reads the stored deliveries after its cursor (their row number) into suggestions. The item key
 * is the released thing's own identity, so the same release delivered twice, or once as a release
 * and again by a retried delivery, is suggested once.
 */
export function createReleaseWebhookSource(deps: Pick<SourceDeps, "deliveries">): SuggestionSource {
  return {
    kind: "release-webhook",
    async fetchSince(run: SourceRun, cursor: string | null): Promise<SourceBatch> {
      const after = cursor === null ? 0 : Number(cursor) || 0;
      const deliveries = await deps.deliveries.deliveriesAfter(
        run.propertyId,
        Math.max(0, after - lookBack),
        pageSize,
      );
      const suggestions: SuggestionDraft[] = [];
      for (const delivery of deliveries) {
        const day = parseIsoDate(delivery.day);
        if (!day) continue;
        suggestions.push({
          itemKey: delivery.itemKey,
          annotationDate: day,
          title: delivery.title,
          description: delivery.description,
          origin: delivery.hookId,
        });
      }
      const last = deliveries.at(-1);
      return {
        suggestions,
        cursor: last && last.seq > after ? String(last.seq) : cursor,
        more: deliveries.length === pageSize && (last?.seq ?? 0) > after,
      };
    },
  };
}
