import { Loader2 } from "lucide-react";
import { useState } from "react";
import {
  trafficMetricLabels,
  trafficMetrics,
  type TrafficMetric,
} from "../../../shared/contracts/traffic";
import { capabilitiesOf, premiumFeatureMessages } from "../../../shared/plans";
import { serverErrorMessage } from "../../lib/api-error-message";
import { useCurrentUser } from "../../session/current-user";
import { useAnnotationImpacts } from "./impact-column";

/**
 * Where an estimate sits: the interval as a band on a scale around zero, the estimate as a mark.
 * Drawn in plain boxes so it reads in both themes and at any width.
 */
function IntervalBand({ low, high, effect }: { low: number; high: number; effect: number }) {
  const reach = Math.max(0.1, Math.abs(low), Math.abs(high)) * 1.15;
  const at = (value: number) => `${((value + reach) / (2 * reach)) * 100}%`;
  return (
    <div className="relative h-3 w-full rounded-full bg-muted" aria-hidden="true">
      <div className="absolute inset-y-0 w-px bg-foreground/40" style={{ left: at(0) }} />
      <div
        className="absolute inset-y-0.5 rounded-full bg-primary/30"
        style={{ left: at(low), width: `calc(${at(high)} - ${at(low)})` }}
      />
      <div
        className="absolute inset-y-0 w-1 -translate-x-1/2 rounded-full bg-primary"
        style={{ left: at(effect) }}
      />
    </div>
  );
}

/**
 * Did it work? One annotation's impact on a metric against what the property's history
 * predicts, with its 90 % interval drawn as a band, and what may share the credit.
 */
export function AnnotationImpactSummary({
  propertyId,
  annotationId,
}: {
  propertyId: string;
  annotationId: string;
}) {
  const { user } = useCurrentUser();
  const everyMetric = capabilitiesOf(user?.subscriptionTier).impactOnEveryMetric;
  const [metric, setMetric] = useState<TrafficMetric>("sessions");
  const impacts = useAnnotationImpacts(propertyId, metric);
  const impact = impacts.data?.impacts.find((entry) => entry.annotationId === annotationId);

  return (
    <section aria-label="Impact" className="flex flex-col gap-2 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium">Impact</h3>
        <div role="group" aria-label="Metric" className="flex flex-wrap gap-1">
          {trafficMetrics.map((choice) => {
            const locked = choice !== "sessions" && !everyMetric;
            return (
              <button
                key={choice}
                type="button"
                aria-pressed={metric === choice}
                disabled={locked}
                title={locked ? premiumFeatureMessages.impact : undefined}
                className="rounded-md border px-2 py-0.5 text-xs aria-pressed:bg-primary aria-pressed:text-primary-foreground disabled:opacity-50"
                onClick={() => setMetric(choice)}
              >
                {trafficMetricLabels[choice]}
              </button>
            );
          })}
        </div>
      </div>
      {impacts.isPending ? (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Measuring…
        </p>
      ) : impacts.isError ? (
        <p className="text-muted-foreground">
          {serverErrorMessage(impacts.error) ?? "The impact could not be measured right now."}
        </p>
      ) : !impact ? (
        <p className="text-muted-foreground">No measurement for this annotation.</p>
      ) : (
        <>
          <p>{impact.sentence}</p>
          {impact.estimate ? (
            <>
              <IntervalBand {...impact.estimate} />
              <p className="text-xs text-muted-foreground tabular-nums">
                {impact.startDate === impact.endDate
                  ? impact.startDate
                  : `${impact.startDate} – ${impact.endDate}`}
                : {Math.round(impact.estimate.actual).toLocaleString("en-US")} against about{" "}
                {Math.round(impact.estimate.expected).toLocaleString("en-US")} expected from the{" "}
                {impact.estimate.historyDays} days before
              </p>
            </>
          ) : null}
          {impact.sharedWith.length > 0 ? (
            <p className="text-xs text-muted-foreground">
              May share the credit:{" "}
              {impact.sharedWith.map((other) => `“${other.title}”`).join(", ")}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
