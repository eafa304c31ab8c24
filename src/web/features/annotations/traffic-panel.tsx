import { Loader2, TriangleAlert } from "lucide-react";
import { useDeferredValue, useId, useMemo, useState, type ReactNode } from "react";
import { parseIsoDate, toIsoDate } from "../../../shared/calendar-date";
import type { Annotation } from "../../../shared/contracts/annotations";
import {
  addDays,
  customRangeMaxDays,
  daysBetween,
  trafficMetricLabels,
  trafficMetrics,
  trafficRangeLabels,
  trafficRanges,
  type TrafficChange,
  type TrafficMetric,
  type TrafficRange,
} from "../../../shared/contracts/traffic";
import {
  draftTitleFor,
  unexplainedChanges,
  unusualDaySummary,
} from "../../../shared/traffic-explanations";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { DateInput } from "../../components/ui/date-input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { toast } from "../../components/ui/use-toast";
import { isApiError } from "../../lib/api-client";
import { serverErrorMessage } from "../../lib/api-error-message";
import type { AnnotationDraft } from "./annotation-form-dialog";
import { todayIsoFor } from "./annotation-format";
import { connectGoogle } from "../../session/google-connection-status";
import { useInbox } from "../../session/inbox";
import { TrafficChart } from "./traffic-chart";
import { useDismissChange, useTrafficReport, type TrafficSelection } from "./traffic-api";

const chartHeightClass = "h-[200px] sm:h-[240px]";

/** A small label above its control, as the chart's switches and custom dates are drawn. */
function CompactField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      {children(id)}
    </div>
  );
}

function ChoiceSelect<Choice extends string>({
  label,
  value,
  choices,
  labels,
  onChange,
}: {
  label: string;
  value: Choice;
  choices: readonly Choice[];
  labels: Record<Choice, string>;
  onChange: (choice: Choice) => void;
}) {
  return (
    <CompactField label={label}>
      {(id) => (
        <NativeSelect
          id={id}
          value={value}
          className="h-9 w-auto"
          onChange={(event) => onChange(event.target.value as Choice)}
        >
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {labels[choice]}
            </option>
          ))}
        </NativeSelect>
      )}
    </CompactField>
  );
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
}: {
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
}) {
  const headingId = useId();
  const yesterday = addDays(todayIsoFor(timeZone), -1);
  const [metric, setMetric] = useState<TrafficMetric>("sessions");
  const [range, setRange] = useState<TrafficRange>("28d");
  const [customDraft, setCustomDraft] = useState({
    start: addDays(yesterday, -27),
    end: yesterday,
  });
  const customProblem = customRangeProblem(customDraft.start, customDraft.end);
  const [custom, setCustom] = useState(customDraft);
  const selection: TrafficSelection =
    range === "custom"
      ? { metric, range, startDate: custom.start, endDate: custom.end }
      : { metric, range };
  const report = useTrafficReport(propertyId, selection);
  const inbox = useInbox(propertyId);
  const suggested = useMemo(
    () =>
      inbox.suggestions.map((suggestion) => ({
        id: suggestion.id,
        date: toIsoDate(suggestion.annotationDate),
        title: suggestion.title,
        color: suggestion.color,
      })),
    [inbox.suggestions],
  );
  const dismiss = useDismissChange(propertyId);
  // The report arrives in a synchronous render (TanStack Query's store); the chart it draws is
  // drawn from a deferred copy instead, in a background pass React can interrupt, as the
  // annotations table is. The report travels with its metric so the chart never labels one
  // metric's figures with another's name while the pass catches up.
  const latestShown = useMemo(
    () => (report.data ? { report: report.data, metric } : undefined),
    [report.data, metric],
  );
  const shown = useDeferredValue(latestShown);

  const unexplained = useMemo(
    () =>
      shown
        ? unexplainedChanges(shown.report.changes, annotations, shown.report.dismissedDates)
        : [],
    [shown, annotations],
  );

  function annotate(change: TrafficChange) {
    onCreate({ date: change.date, title: draftTitleFor(change, shown?.metric ?? metric) });
  }

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border bg-card p-4"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="font-semibold">
          {trafficMetricLabels[metric]}
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <ChoiceSelect
            label="Metric"
            value={metric}
            choices={trafficMetrics}
            labels={trafficMetricLabels}
            onChange={setMetric}
          />
          <ChoiceSelect
            label="Range"
            value={range}
            choices={trafficRanges}
            labels={trafficRangeLabels}
            onChange={setRange}
          />
        </div>
      </div>
      {range === "custom" ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!customProblem) setCustom(customDraft);
          }}
        >
          <CompactField label="From">
            {(id) => (
              <DateInput
                id={id}
                className="w-36"
                inputClassName="h-9"
                value={customDraft.start}
                max={yesterday}
                calendarLabel="Choose the first day from a calendar"
                onChange={(start) => setCustomDraft({ ...customDraft, start })}
              />
            )}
          </CompactField>
          <CompactField label="To">
            {(id) => (
              <DateInput
                id={id}
                className="w-36"
                inputClassName="h-9"
                value={customDraft.end}
                min={parseIsoDate(customDraft.start) ? customDraft.start : undefined}
                max={yesterday}
                calendarLabel="Choose the last day from a calendar"
                aria-invalid={customProblem ? true : undefined}
                onChange={(end) => setCustomDraft({ ...customDraft, end })}
              />
            )}
          </CompactField>
          <Button type="submit" size="sm" variant="outline" disabled={customProblem !== null}>
            Apply
          </Button>
          {customProblem ? (
            <p className="w-full text-sm text-destructive">{customProblem}</p>
          ) : null}
        </form>
      ) : null}

      {report.isError ? (
        <Alert variant="destructive">
          <TriangleAlert aria-hidden="true" />
          <div className="flex flex-col items-start gap-2">
            <p>
              {serverErrorMessage(report.error) ??
                "The chart could not be loaded. Please try again."}
            </p>
            {isApiError(report.error, "google_no_report_access") ? (
              <Button size="sm" variant="outline" onClick={connectGoogle}>
                Reconnect Google Analytics
              </Button>
            ) : (
              <Button size="sm" variant="outline" onClick={() => void report.refetch()}>
                Try again
              </Button>
            )}
          </div>
        </Alert>
      ) : !shown ? (
        <div
          className={`flex items-center justify-center text-sm text-muted-foreground ${chartHeightClass}`}
          role="status"
        >
          <Loader2 className="mr-2 size-4 animate-spin" aria-hidden="true" />
          Loading {trafficMetricLabels[metric].toLowerCase()}…
        </div>
      ) : shown.report.days.length === 0 ? (
        <p
          className={`flex items-center justify-center text-sm text-muted-foreground ${chartHeightClass}`}
        >
          Google Analytics has no data for this range yet.
        </p>
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
          <>
            <h3 className="text-sm font-medium">Unexplained changes</h3>
            {createBlocked ? (
              <p id={`${headingId}-limit`} className="text-xs text-destructive">
                {createBlocked}
              </p>
            ) : null}
            <ul className="flex flex-col gap-2">
              {unexplained.map((change) => (
                <li
                  key={change.date}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-600/30 bg-amber-500/5 px-3 py-2 text-sm"
                >
                  <span className="min-w-0 break-words">
                    {unusualDaySummary(change, shown?.metric ?? metric)}, not explained by any
                    annotation. Annotate?
                  </span>
                  <span className="flex gap-2">
                    <Button
                      size="sm"
                      disabled={createBlocked !== null}
                      aria-describedby={createBlocked ? `${headingId}-limit` : undefined}
                      title={createBlocked ?? undefined}
                      onClick={() => annotate(change)}
                    >
                      Annotate
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={dismiss.isPending}
                      aria-label={`Dismiss ${unusualDaySummary(change, shown?.metric ?? metric)}`}
                      onClick={() =>
                        dismiss.mutate(change.date, {
                          onError: (error) =>
                            toast({
                              variant: "destructive",
                              title: "Error",
                              description:
                                serverErrorMessage(error) ?? "Failed to dismiss. Please try again.",
                            }),
                        })
                      }
                    >
                      Dismiss
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : shown && !report.isError ? (
          <p className="text-sm text-muted-foreground">No unexplained changes in this range.</p>
        ) : null}
      </div>
    </section>
  );
}

function customRangeProblem(start: string, end: string): string | null {
  if (!start || !end) return "Choose both dates";
  if (!parseIsoDate(start) || !parseIsoDate(end)) return "Write both dates as YYYY-MM-DD";
  if (end < start) return "The end date must be on or after the start date";
  if (daysBetween(start, end) + 1 > customRangeMaxDays)
    return `A custom range may span at most ${customRangeMaxDays} days`;
  return null;
}
