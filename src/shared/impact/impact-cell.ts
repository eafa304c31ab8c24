import type { AnnotationImpact, ImpactUnavailableReason } from "../contracts/impact.js";
import { trafficMetricLabels } from "../contracts/traffic.js";
import { signedPercent } from "./impact-words.js";

// An annotation's impact as a table cell and as export fields: one wording for Property View's
// table, All annotations, the CSV and JSON exports and the feed. No schema library, so the table's
// chunk can carry it.

/** What a cell says instead of a number, short enough for the column; the title says the rest. */
export const impactShortWords: Record<ImpactUnavailableReason, string> = {
  future: "Not yet",
  no_window_data: "No data yet",
  no_history: "Too little data",
  too_old: "Too old",
};

/** The cell's text: "Sessions +18 %", or a short word saying why there is no number. */
export function impactCellText(impact: AnnotationImpact): string {
  if (impact.estimate)
    return `${trafficMetricLabels[impact.metric]} ${signedPercent(impact.estimate.effect)}`;
  return impact.unavailable ? impactShortWords[impact.unavailable] : "—";
}

/** What the Impact column sorts by: the relative effect, or null when it was not measured. */
export function impactEffect(impact: AnnotationImpact | null | undefined): number | null {
  return impact?.estimate?.effect ?? null;
}

/**
 * A percentage with one decimal, as a spreadsheet reads it: 0.1834 is 18.3. A change that rounds
 * to nothing is 0, never -0: JSON and CSV both write -0 as 0, so a -0 here would differ from what
 * the export is read back as.
 */
const percent = (change: number) => Math.round(change * 1000) / 10 || 0;

/**
 * The export's and the feed's impact fields. Numbers stay numbers (a spreadsheet sums them, and
 * the CSV's formula guard leaves a negative number alone); without an estimate they are empty and
 * `impact_verdict` says why in the same words the table does.
 */
export interface ImpactExportFields {
  /** sessions, activeUsers or keyEvents; empty when the impact could not be read at all. */
  impact_metric: string;
  impact_effect_pct: number | null;
  impact_low_pct: number | null;
  impact_high_pct: number | null;
  /** likely up, likely down, no clear effect, or why it was not measured ("Not yet"). */
  impact_verdict: string;
}

const verdictWords = { up: "likely up", down: "likely down", none: "no clear effect" } as const;

export function impactExportFields(
  impact: AnnotationImpact | null | undefined,
): ImpactExportFields {
  if (!impact)
    return {
      impact_metric: "",
      impact_effect_pct: null,
      impact_low_pct: null,
      impact_high_pct: null,
      impact_verdict: "",
    };
  const estimate = impact.estimate;
  return {
    impact_metric: impact.metric,
    impact_effect_pct: estimate ? percent(estimate.effect) : null,
    impact_low_pct: estimate ? percent(estimate.low) : null,
    impact_high_pct: estimate ? percent(estimate.high) : null,
    impact_verdict: estimate ? verdictWords[estimate.verdict] : impactCellText(impact),
  };
}
