import { toIsoDate } from "../../../shared/calendar-date.js";
import type { Annotation } from "../../../shared/contracts/annotations.js";
import {
  impactUnavailable,
  type AnnotationImpact,
  type ImpactQuery,
} from "../../../shared/contracts/impact.js";
import type { TrafficDay } from "../../../shared/contracts/traffic.js";
import { annotationSpan } from "../../../shared/annotation-span.js";
import {
  estimateImpact,
  impactWindow,
  type DaySpan,
} from "../../../shared/impact/estimate-impact.js";
import { impactSentence } from "../../../shared/impact/impact-words.js";

function spanOf(annotation: Annotation): DaySpan {
  const { start, end } = annotationSpan(annotation);
  return { startDate: toIsoDate(start), endDate: toIsoDate(end) };
}

const overlaps = (a: DaySpan, b: DaySpan) => a.startDate <= b.endDate && b.startDate <= a.endDate;

/**
 * The chosen annotations measured over one metric's days, each against the days the others
 * (every one of `all`) leave free, and naming the others whose days it shares.
 */
export function measureImpacts(
  all: readonly Annotation[],
  chosen: readonly Annotation[],
  series: { days: TrafficDay[]; lastCompleteDate: string },
  query: ImpactQuery,
): AnnotationImpact[] {
  const { days, lastCompleteDate } = series;
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
