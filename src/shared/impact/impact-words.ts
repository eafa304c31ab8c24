import { trafficMetricLabels, type TrafficMetric } from "../contracts/traffic.js";

/** A relative change as people read it: +18 %, −4 %. */
export function signedPercent(change: number): string {
  const rounded = Math.round(change * 100);
  if (rounded === 0) return "0 %";
  return `${rounded > 0 ? "+" : "−"}${Math.abs(rounded)} %`;
}

/**
 * The verdict in one sentence: "Sessions +18 % while it ran (likely: 90 % interval +9 % to
 * +27 %)", or "No clear effect on key events (−4 % to +6 %)".
 */
export function impactSentence(
  metric: TrafficMetric,
  estimate: {
    effect: number;
    low: number;
    high: number;
    verdict: "up" | "down" | "none";
    partial: boolean;
  },
  range: boolean,
  daysAfter: number,
): string {
  const label = trafficMetricLabels[metric];
  const when = range
    ? "while it ran"
    : `in the ${daysAfter} day${daysAfter === 1 ? "" : "s"} from it`;
  const sofar = estimate.partial ? " so far" : "";
  const interval = `${signedPercent(estimate.low)} to ${signedPercent(estimate.high)}`;
  if (estimate.verdict === "none")
    return `No clear effect on ${label.toLowerCase()} ${when}${sofar} (${interval})`;
  return `${label} ${signedPercent(estimate.effect)} ${when}${sofar} (likely: 90 % interval ${interval})`;
}
