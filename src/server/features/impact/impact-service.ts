import { toIsoDate } from "../../../shared/calendar-date.js";
import type { Annotation } from "../../../shared/contracts/annotations.js";
import {
  impactUnavailable,
  type AnnotationImpact,
  type ImpactListResponse,
  type ImpactQuery,
} from "../../../shared/contracts/impact.js";
import { errorMessages } from "../../../shared/contracts/errors.js";
import { annotationSpan } from "../../../shared/annotation-span.js";
import {
  estimateImpact,
  impactWindow,
  type DaySpan,
} from "../../../shared/impact/estimate-impact.js";
import { impactSentence } from "../../../shared/impact/impact-words.js";
import { capabilitiesOf, premiumFeatureMessages } from "../../../shared/plans.js";
import { AppError } from "../../app-error.js";
import type { User } from "../../db/schema/index.js";
import type { AnnotationsService } from "../annotations/annotations-service.js";
import type { TrafficService } from "../traffic/traffic-service.js";

function spanOf(annotation: Annotation): DaySpan {
  const { start, end } = annotationSpan(annotation);
  return { startDate: toIsoDate(start), endDate: toIsoDate(end) };
}

const overlaps = (a: DaySpan, b: DaySpan) => a.startDate <= b.endDate && b.startDate <= a.endDate;

/**
 * Did it work? The measured impact of annotations on a metric, against what the property's own
 * history predicts (src/shared/impact/estimate-impact.ts), from one cached Data API report per
 * property and metric — the traffic chart's — whatever the number of annotations.
 */
export function createImpactService(deps: {
  traffic: Pick<TrafficService, "dailySeries">;
  annotations: Pick<AnnotationsService, "list">;
}) {
  function requireMetric(user: User, query: ImpactQuery) {
    if (query.metric !== "sessions" && !capabilitiesOf(user.subscriptionTier).impactOnEveryMetric)
      throw new AppError("premium_required", premiumFeatureMessages.impact);
  }

  async function impacts(
    user: User,
    propertyId: string,
    query: ImpactQuery,
    only?: (annotation: Annotation) => boolean,
  ): Promise<AnnotationImpact[]> {
    requireMetric(user, query);
    return measure(user, propertyId, query, await deps.annotations.list(user, propertyId), only);
  }

  async function measure(
    user: User,
    propertyId: string,
    query: ImpactQuery,
    all: readonly Annotation[],
    only?: (annotation: Annotation) => boolean,
  ): Promise<AnnotationImpact[]> {
    const chosen = only ? all.filter(only) : all;
    if (chosen.length === 0) return [];
    const { days, lastCompleteDate } = await deps.traffic.dailySeries(
      user,
      propertyId,
      query.metric,
    );
    const firstDay = days[0]?.date ?? lastCompleteDate;
    const windows = new Map(
      all.map((annotation) => {
        const span = spanOf(annotation);
        const window = impactWindow(
          { date: span.startDate, endDate: annotation.annotationDateRange ? span.endDate : null },
          query.days,
        );
        return [annotation.annotationId, { span, window }];
      }),
    );
    return chosen.map((annotation) => {
      const { window } = windows.get(annotation.annotationId)!;
      const others = all.filter((other) => other.annotationId !== annotation.annotationId);
      const sharedWith = others
        .filter((other) => overlaps(windows.get(other.annotationId)!.span, window))
        .map((other) => ({ annotationId: other.annotationId, title: other.title }));
      const base = {
        annotationId: annotation.annotationId,
        metric: query.metric,
        startDate: window.startDate,
        endDate: window.endDate,
        sharedWith,
      };
      const unavailable = (reason: keyof typeof impactUnavailable): AnnotationImpact => ({
        ...base,
        estimate: null,
        unavailable: reason,
        sentence: impactUnavailable[reason],
      });
      if (window.startDate < firstDay) return unavailable("too_old");
      const result = estimateImpact(days, window, {
        exclude: others.map((other) => windows.get(other.annotationId)!.window),
        lastCompleteDate,
      });
      if (!result.ok) return unavailable(result.reason);
      return {
        ...base,
        estimate: result.estimate,
        unavailable: null,
        sentence: impactSentence(
          query.metric,
          result.estimate,
          Boolean(annotation.annotationDateRange),
          query.days,
        ),
      };
    });
  }

  return {
    /** Every annotation of the property, for the table's Impact column and the chart. */
    async forProperty(
      user: User,
      propertyId: string,
      query: ImpactQuery,
    ): Promise<ImpactListResponse> {
      return { metric: query.metric, impacts: await impacts(user, propertyId, query) };
    },

    /**
     * The property's annotations as already read (All annotations' cached lists, a feed's read),
     * measured without listing them from Google again; every one of `annotations` is measured
     * against the others' days.
     */
    async forList(
      user: User,
      propertyId: string,
      annotations: readonly Annotation[],
      query: ImpactQuery,
    ): Promise<AnnotationImpact[]> {
      requireMetric(user, query);
      return measure(user, propertyId, query, annotations);
    },

    /** One annotation ('did the winter sale work?'). */
    async forAnnotation(
      user: User,
      propertyId: string,
      annotationId: string,
      query: ImpactQuery,
    ): Promise<AnnotationImpact> {
      const [found] = await impacts(
        user,
        propertyId,
        query,
        (annotation) => annotation.annotationId === annotationId,
      );
      if (!found) throw new AppError("annotation_not_found", errorMessages.annotationGone);
      return found;
    },
  };
}

export type ImpactService = ReturnType<typeof createImpactService>;
