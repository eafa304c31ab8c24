import {
  addDays,
  compareDates,
  parseIsoDate,
  toIsoDate,
} from "../../../../shared/calendar-date.js";
import { trafficChangePresets } from "../../../../shared/suggestion-sources.js";
import { changeSummary, draftTitleFor } from "../../../../shared/traffic-explanations.js";
import type { SourceBatch, SourceDeps, SourceRun, SuggestionSource } from "./source.js";

/** The metric the inbox watches: sessions, the chart's first and the one most changes move. */
const metric = "sessions" as const;

/**
 * Unusual days in the property's sessions that no annotation explains, from the traffic detector
 * the chart uses, read up to yesterday (the last complete day). The cursor is the last day read.
 * Each is filed by its direction: a rise with campaigns, a drop with incidents.
 */
export function createUnexplainedChangeSource(deps: Pick<SourceDeps, "traffic">): SuggestionSource {
  return {
    kind: "unexplained-change",
    async fetchSince(run: SourceRun, cursor: string | null): Promise<SourceBatch> {
      if (!run.reader) return { suggestions: [], cursor, more: false };
      const after = cursor === null ? null : parseIsoDate(cursor);
      const from =
        after && compareDates(addDays(after, 1), run.earliest) > 0
          ? addDays(after, 1)
          : run.earliest;
      const yesterday = addDays(parseIsoDate(run.now.toISOString().slice(0, 10))!, -1);
      if (compareDates(from, yesterday) > 0) return { suggestions: [], cursor, more: false };
      const summary = await deps.traffic.unexplained(run.reader, run.propertyId, {
        metric,
        startDate: toIsoDate(from),
        endDate: toIsoDate(yesterday),
      });
      return {
        suggestions: summary.unexplained.map((change) => ({
          itemKey: `change:${metric}:${change.date}`,
          annotationDate: parseIsoDate(change.date)!,
          title: draftTitleFor(change, metric),
          description: `${changeSummary(change, metric)} against the usual for that weekday, and no annotation explains it.`,
          categoryPreset: trafficChangePresets[change.direction],
        })),
        cursor: toIsoDate(yesterday),
        more: false,
      };
    },
  };
}
