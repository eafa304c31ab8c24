/**
 * The assistant's questions about traffic: what happened on a day (and, for Premium, what on
 * record may explain it), a period's daily figures, and an annotation's measured impact — the
 * same services and numbers as the chart, the impact column, REST and MCP.
 */
import { AppError } from "../../app-error.js";
import type { TrafficMetric } from "../../../shared/contracts/traffic.js";
import { capabilitiesOf } from "../../../shared/plans.js";
import type { TrafficService } from "../traffic/traffic-service.js";
import { attempt, conversationProperty, type ActionScope } from "./assistant-scope.js";

type ChartMetric = "sessions" | "activeUsers" | "keyEvents";
type DescribedDay = Awaited<ReturnType<TrafficService["describeDay"]>>;
interface LikelyCause {
  title: string;
  why: string;
  detail?: string;
}

function trafficOf(scope: ActionScope): TrafficService {
  const traffic = scope.deps.traffic;
  if (!traffic)
    throw new AppError("google_no_report_access", "Traffic reports are not available here.");
  return traffic;
}

/** A spike or a drop with what is on record around it, ranked (Premium's "why did it move?"). */
async function describeDay(
  scope: ActionScope,
  propertyId: string,
  metric: ChartMetric,
  date: string,
): Promise<DescribedDay & { likelyCauses?: LikelyCause[] }> {
  const { deps, user } = scope;
  const day = await trafficOf(scope).describeDay(user, propertyId, { date, metric });
  // A plan without the explanation keeps the day's own facts.
  if (!day.unusual || !deps.explain || !capabilitiesOf(user.subscriptionTier).canExplainChanges)
    return day;
  try {
    const explained = await deps.explain.explain(user, propertyId, { metric, date });
    const likelyCauses = explained.causes.slice(0, 3).map((cause) => ({
      title: cause.title,
      why: cause.why,
      ...(cause.detail ? { detail: cause.detail } : {}),
    }));
    return { ...day, likelyCauses };
  } catch (error) {
    // The day's own facts stand without its causes, whatever the ranking met.
    if (error instanceof AppError) return day;
    throw error;
  }
}

export function insightActions(scope: ActionScope) {
  const { deps, user } = scope;
  return {
    /** What happened on a day, or the unexplained changes of a period, from the chart's analysis. */
    trafficInsight: (request: {
      metric: ChartMetric;
      date?: string;
      startDate?: string;
      endDate?: string;
    }) =>
      attempt(scope, async () => {
        const traffic = trafficOf(scope);
        const propertyId = await conversationProperty(scope);
        if (request.date) return describeDay(scope, propertyId, request.metric, request.date);
        if (!request.startDate || !request.endDate)
          throw new AppError("invalid_request", "Give a day, or a start and an end date.");
        return traffic.unexplained(user, propertyId, {
          metric: request.metric,
          startDate: request.startDate,
          endDate: request.endDate,
        });
      }),

    /** The daily figures of a period, as the chart draws them ("which weekday brings the most?"). */
    trafficDays: (request: { metric: ChartMetric; startDate: string; endDate: string }) =>
      attempt(scope, async () => {
        const traffic = trafficOf(scope);
        const found = await traffic.report(user, await conversationProperty(scope), {
          ...request,
          range: "custom",
        });
        return { metric: found.metric, days: found.days };
      }),

    /** "Did the winter sale work?": one annotation's impact on a metric, with its interval. */
    measureImpact: (annotationId: string, metric: TrafficMetric) =>
      attempt(scope, async () => {
        if (!deps.impact)
          throw new AppError("google_no_report_access", "Traffic reports are not available here.");
        return deps.impact.forAnnotation(user, await conversationProperty(scope), annotationId, {
          metric,
          days: 7,
        });
      }),
  };
}
