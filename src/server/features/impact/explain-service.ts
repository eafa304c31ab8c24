import { toIsoDate } from "../../../shared/calendar-date.js";
import { annotationSpan } from "../../../shared/annotation-span.js";
import type {
  ChangeExplanation,
  ExplainDaysQuery,
  ExplainDaysResponse,
  ExplainQuery,
} from "../../../shared/contracts/impact.js";
import type { SuggestionStatusValue } from "../../../shared/contracts/suggestions.js";
import type { TrafficMetric } from "../../../shared/contracts/traffic.js";
import type { CauseCandidate } from "../../../shared/impact/rank-causes.js";
import { capabilitiesOf, premiumFeatureMessages } from "../../../shared/plans.js";
import { AppError } from "../../app-error.js";
import type { User } from "../../db/schema/index.js";
import type { AnnotationsService } from "../annotations/annotations-service.js";
import type { SuggestionsService } from "../suggestions/suggestions-service.js";
import type { TrafficService } from "../traffic/traffic-service.js";
import { explainFrom, type ChangeRecord } from "./explain-change.js";

const kindOfSource = {
  "change-history": "change-history",
  "release-webhook": "release",
  holidays: "holiday",
} as const;

/**
 * Why did it move? For a day or a period: how far it departs from what the property's history
 * predicts, and what is on record around it — annotations, GA4 setting changes, releases, public
 * holidays (from the inbox, whether still open or dismissed) — ranked by timing, kind and
 * direction (src/shared/impact/rank-causes.ts), or "nothing on record".
 */
export function createExplainService(deps: {
  traffic: Pick<TrafficService, "dailySeries">;
  annotations: Pick<AnnotationsService, "list">;
  suggestions: Pick<SuggestionsService, "list">;
}) {
  /** What is on record for the property, read once however many changes are explained. */
  async function recordOf(
    user: User,
    propertyId: string,
    metric: TrafficMetric,
  ): Promise<ChangeRecord> {
    const [{ days, lastCompleteDate }, annotations, ...inbox] = await Promise.all([
      deps.traffic.dailySeries(user, propertyId, metric),
      deps.annotations.list(user, propertyId),
      ...(["open", "dismissed"] as SuggestionStatusValue[]).map((status) =>
        deps.suggestions.list(user, propertyId, status),
      ),
    ]);
    const candidates: CauseCandidate[] = annotations.map((annotation) => {
      const { start, end } = annotationSpan(annotation);
      return {
        kind: "annotation",
        id: annotation.annotationId,
        title: annotation.title,
        startDate: toIsoDate(start),
        endDate: toIsoDate(end),
        color: annotation.color,
      };
    });
    for (const suggestion of inbox.flatMap((list) => list.suggestions)) {
      if (suggestion.source === "unexplained-change") continue;
      const range = suggestion.annotationDateRange;
      candidates.push({
        kind: kindOfSource[suggestion.source],
        id: suggestion.id,
        title: suggestion.title,
        ...(suggestion.source === "change-history" && suggestion.description
          ? { detail: suggestion.description }
          : {}),
        startDate: toIsoDate(range?.startDate ?? suggestion.annotationDate),
        endDate: toIsoDate(range?.endDate ?? suggestion.annotationDate),
      });
    }
    return { metric, days, lastCompleteDate, candidates };
  }

  function requirePlan(user: User) {
    if (!capabilitiesOf(user.subscriptionTier).canExplainChanges)
      throw new AppError("premium_required", premiumFeatureMessages.explain);
  }

  return {
    async explain(user: User, propertyId: string, query: ExplainQuery): Promise<ChangeExplanation> {
      requirePlan(user);
      const startDate = query.date ?? query.startDate!;
      const endDate = query.date ?? query.endDate!;
      return explainFrom(await recordOf(user, propertyId, query.metric), startDate, endDate);
    },

    /**
     * Several days at once (the inbox's unexplained changes), each as `explain` would answer it,
     * from one read of the traffic report, the annotations and the inbox.
     */
    async explainDays(
      user: User,
      propertyId: string,
      query: ExplainDaysQuery,
    ): Promise<ExplainDaysResponse> {
      requirePlan(user);
      const record = await recordOf(user, propertyId, query.metric);
      return { explanations: query.dates.map((date) => explainFrom(record, date, date)) };
    },
  };
}

export type ExplainService = ReturnType<typeof createExplainService>;
