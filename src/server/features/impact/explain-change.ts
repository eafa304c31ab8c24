import type { ChangeExplanation } from "../../../shared/contracts/impact.js";
import {
  addDays,
  trafficMetricLabels,
  type TrafficDay,
  type TrafficMetric,
} from "../../../shared/contracts/traffic.js";
import { estimateImpact, impactDefaults } from "../../../shared/impact/estimate-impact.js";
import { signedPercent } from "../../../shared/impact/impact-words.js";
import { rankCauses, type CauseCandidate } from "../../../shared/impact/rank-causes.js";

/** What is on record for a property: one metric's days, and what may have moved them. */
export interface ChangeRecord {
  metric: TrafficMetric;
  days: TrafficDay[];
  lastCompleteDate: string;
  candidates: CauseCandidate[];
}

/** One day or period measured against history, with its likely causes and a summary sentence. */
export function explainFrom(
  record: ChangeRecord,
  startDate: string,
  endDate: string,
): ChangeExplanation {
  const { metric, days, lastCompleteDate, candidates } = record;
  // Days other things on record covered are kept out of the history the change is measured
  // against, so last month's sale does not make this month look like a drop.
  const exclude = candidates
    .filter((candidate) => candidate.kind === "annotation" && candidate.endDate < startDate)
    .map((candidate) => ({
      startDate: candidate.startDate,
      endDate:
        candidate.startDate === candidate.endDate
          ? addDays(candidate.startDate, impactDefaults.daysAfter - 1)
          : candidate.endDate,
    }));
  const measured = estimateImpact(days, { startDate, endDate }, { lastCompleteDate, exclude });
  const change = measured.ok
    ? {
        effect: measured.estimate.effect,
        low: measured.estimate.low,
        high: measured.estimate.high,
        verdict: measured.estimate.verdict,
      }
    : null;
  const causes = rankCauses(
    { startDate, endDate, direction: change?.verdict ?? "none" },
    candidates,
  ).slice(0, 10);
  const label = trafficMetricLabels[metric];
  const when = startDate === endDate ? `on ${startDate}` : `from ${startDate} to ${endDate}`;
  const size = change
    ? change.verdict === "none"
      ? `${label} ${when} were within what history predicts (${signedPercent(change.low)} to ${signedPercent(change.high)}).`
      : `${label} ${when} were ${signedPercent(change.effect)} against what history predicts (90 % interval ${signedPercent(change.low)} to ${signedPercent(change.high)}).`
    : `${label} ${when} could not be measured against history.`;
  const lead = causes[0]
    ? ` Most likely: “${causes[0].title}” — ${causes[0].why}`
    : " Nothing on record fits: no annotation, setting change, release or holiday around it.";
  return { metric, startDate, endDate, change, causes, summary: `${size}${lead}` };
}
