import { useDeferredValue, useId, useMemo, useState } from "react";
import { toIsoDate } from "../../../shared/calendar-date";
import type { Annotation } from "../../../shared/contracts/annotations";
import {
  addDays,
  trafficMetricLabels,
  trafficMetrics,
  trafficRangeLabels,
  trafficRanges,
  type TrafficChange,
  type TrafficMetric,
  type TrafficRange,
  type TrafficReport,
} from "../../../shared/contracts/traffic";
import { draftTitleFor, unexplainedChanges } from "../../../shared/traffic-explanations";
import type { AnnotationDraft } from "./annotation-form-dialog";
import { todayIsoFor } from "./annotation-format";
import { useInbox } from "../../session/inbox";
import { TrafficChart } from "./traffic-chart";
import { useDismissChange, useTrafficReport, type TrafficSelection } from "./traffic-api";
import {
  ChoiceSelect,
  CustomRangeForm,
  ReportEmpty,
  ReportError,
  ReportLoading,
  UnexplainedList,
} from "./traffic-panel-parts";

/** The metric and range the chart shows, and the custom range being written and the one applied. */
function useTrafficChoices(timeZone: string | null) {
  const yesterday = addDays(todayIsoFor(timeZone), -1);
  const [metric, setMetric] = useState<TrafficMetric>("sessions");
  const [range, setRange] = useState<TrafficRange>("28d");
  const [customDraft, setCustomDraft] = useState({
    start: addDays(yesterday, -27),
    end: yesterday,
  });
  const [custom, setCustom] = useState(customDraft);
  const selection: TrafficSelection =
    range === "custom"
      ? { metric, range, startDate: custom.start, endDate: custom.end }
      : { metric, range };
  return {
    yesterday,
    metric,
    setMetric,
    range,
    setRange,
    customDraft,
    setCustomDraft,
    setCustom,
    selection,
  };
}

/** The inbox's waiting suggestions, as the chart marks them. */
/**
 * The report the chart draws, with its metric, and the unusual days in it that no annotation
 * explains. The report arrives in a synchronous render (TanStack Query's store); the chart it
 * draws is drawn from a deferred copy instead, in a background pass React can interrupt, as the
 * annotations table is. The report travels with its metric so the chart never labels one metric's
 * figures with another's name while the pass catches up.
 */
function useShownReport(
  data: TrafficReport | undefined,
  metric: TrafficMetric,
  annotations: readonly Annotation[],
) {
  const latestShown = useMemo(() => (data ? { report: data, metric } : undefined), [data, metric]);
  const shown = useDeferredValue(latestShown);
  const unexplained = useMemo(
    () =>
      shown
        ? unexplainedChanges(shown.report.changes, annotations, shown.report.dismissedDates)
        : [],
    [shown, annotations],
  );
  return { shown, unexplained };
}

function useSuggestedMarks(propertyId: string) {
  const inbox = useInbox(propertyId);
  return useMemo(
    () =>
      inbox.suggestions.map((suggestion) => ({
        id: suggestion.id,
        date: toIsoDate(suggestion.annotationDate),
        title: suggestion.title,
        color: suggestion.color,
      })),
    [inbox.suggestions],
  );
}

interface TrafficPanelProps {
  propertyId: string;
  /** The property's time zone: the last whole day is the day before its today. */
  timeZone?: string | null;
  annotations: readonly Annotation[];
  onOpenAnnotation: (annotation: Annotation) => void;
  onCreate: (draft: AnnotationDraft) => void;
  /**
   * Why no annotation can be added now (the property is read-only for the person, or the day's
   * allowance is spent), or null.
   */
  createBlocked?: string | null;
}

/**
 * Above the annotations: the property's daily traffic with its annotations, a metric and range
 * switch, and the unusual days nobody has explained yet, each one click from an annotation.
 */
export function TrafficPanel({
  propertyId,
  timeZone = null,
  annotations,
  onOpenAnnotation,
  onCreate,
  createBlocked = null,
}: TrafficPanelProps) {
  const headingId = useId();
  const choices = useTrafficChoices(timeZone);
  const { metric, range } = choices;
  const report = useTrafficReport(propertyId, choices.selection);
  const suggested = useSuggestedMarks(propertyId);
  const dismiss = useDismissChange(propertyId);
  const { shown, unexplained } = useShownReport(report.data, metric, annotations);

  function annotate(change: TrafficChange) {
    onCreate({ date: change.date, title: draftTitleFor(change, shown?.metric ?? metric) });
  }

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border bg-card p-4"
    >
      <PanelHeader headingId={headingId} choices={choices} />
      {range === "custom" ? (
        <CustomRangeForm
          draft={choices.customDraft}
          onDraftChange={choices.setCustomDraft}
          onApply={choices.setCustom}
          yesterday={choices.yesterday}
        />
      ) : null}

      {report.isError ? (
        <ReportError error={report.error} onRetry={() => void report.refetch()} />
      ) : !shown ? (
        <ReportLoading metric={metric} />
      ) : shown.report.days.length === 0 ? (
        <ReportEmpty />
      ) : (
        <TrafficChart
          metric={shown.metric}
          days={shown.report.days}
          annotations={annotations}
          unexplained={unexplained}
          suggested={suggested}
          tall={unexplained.length === 0}
          onOpenAnnotation={onOpenAnnotation}
          onAnnotateChange={annotate}
          onCreateAt={(date) => onCreate({ date })}
        />
      )}

      {/* A box of reserved height, so the list arriving with the report never pushes the table down;
      with nothing to list it is one line (h-5: 128 − 20 px = chartGrowthWithoutList) and the
      chart above takes the rest of its height. On a phone one change wraps past 128 px, so the
      box grows (up to twice) rather than scroll a single item inside a small window. */}
      <div
        className={
          shown && unexplained.length === 0
            ? "flex h-5 items-center"
            : "flex max-h-64 min-h-32 flex-col gap-2 overflow-y-auto"
        }
      >
        {unexplained.length > 0 ? (
          <UnexplainedList
            unexplained={unexplained}
            metric={shown?.metric ?? metric}
            createBlocked={createBlocked}
            limitId={`${headingId}-limit`}
            dismiss={dismiss}
            onAnnotate={annotate}
          />
        ) : shown && !report.isError ? (
          <p className="text-sm text-muted-foreground">No unexplained changes in this range.</p>
        ) : null}
      </div>
    </section>
  );
}

function PanelHeader({
  headingId,
  choices,
}: {
  headingId: string;
  choices: ReturnType<typeof useTrafficChoices>;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <h2 id={headingId} className="font-semibold">
        {trafficMetricLabels[choices.metric]}
      </h2>
      <div className="flex flex-wrap items-end gap-2">
        <ChoiceSelect
          label="Metric"
          value={choices.metric}
          choices={trafficMetrics}
          labels={trafficMetricLabels}
          onChange={choices.setMetric}
        />
        <ChoiceSelect
          label="Range"
          value={choices.range}
          choices={trafficRanges}
          labels={trafficRangeLabels}
          onChange={choices.setRange}
        />
      </div>
    </div>
  );
}
