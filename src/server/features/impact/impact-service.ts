import type { Annotation } from "../../../shared/contracts/annotations.js";
import type {
  AnnotationImpact,
  ImpactListResponse,
  ImpactQuery,
} from "../../../shared/contracts/impact.js";
import { errorMessages } from "../../../shared/contracts/errors.js";
import { capabilitiesOf, premiumFeatureMessages } from "../../../shared/plans.js";
import { AppError } from "../../app-error.js";
import type { User } from "../../db/schema/index.js";
import type { AnnotationsService } from "../annotations/annotations-service.js";
import type { TrafficService } from "../traffic/traffic-service.js";
import { measureImpacts } from "./impact-measure.js";

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
    const series = await deps.traffic.dailySeries(user, propertyId, query.metric);
    return measureImpacts(all, chosen, series, query);
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
