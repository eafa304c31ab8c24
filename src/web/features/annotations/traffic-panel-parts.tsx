import { Loader2, TriangleAlert } from "lucide-react";
import { useId, type ReactNode } from "react";
import { parseIsoDate } from "../../../shared/calendar-date";
import {
  customRangeMaxDays,
  daysBetween,
  trafficMetricLabels,
  type TrafficChange,
  type TrafficMetric,
} from "../../../shared/contracts/traffic";
import { unusualDaySummary } from "../../../shared/traffic-explanations";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { DateInput } from "../../components/ui/date-input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { toast } from "../../components/ui/use-toast";
import { isApiError } from "../../lib/api-client";
import { serverErrorMessage } from "../../lib/api-error-message";
import { connectGoogle } from "../../session/google-connection-status";
import type { useDismissChange } from "./traffic-api";

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

export function ChoiceSelect<Choice extends string>({
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

export function customRangeProblem(start: string, end: string): string | null {
  if (!start || !end) return "Choose both dates";
  if (!parseIsoDate(start) || !parseIsoDate(end)) return "Write both dates as YYYY-MM-DD";
  if (end < start) return "The end date must be on or after the start date";
  if (daysBetween(start, end) + 1 > customRangeMaxDays)
    return `A custom range may span at most ${customRangeMaxDays} days`;
  return null;
}

interface DayRange {
  start: string;
  end: string;
}

/** The custom range's two dates, applied together once they make a range the chart can show. */
export function CustomRangeForm({
  draft,
  onDraftChange,
  onApply,
  yesterday,
}: {
  draft: DayRange;
  onDraftChange: (draft: DayRange) => void;
  onApply: (range: DayRange) => void;
  yesterday: string;
}) {
  const problem = customRangeProblem(draft.start, draft.end);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!problem) onApply(draft);
      }}
    >
      <CompactField label="From">
        {(id) => (
          <DateInput
            id={id}
            className="w-36"
            inputClassName="h-9"
            value={draft.start}
            max={yesterday}
            calendarLabel="Choose the first day from a calendar"
            onChange={(start) => onDraftChange({ ...draft, start })}
          />
        )}
      </CompactField>
      <CompactField label="To">
        {(id) => (
          <DateInput
            id={id}
            className="w-36"
            inputClassName="h-9"
            value={draft.end}
            min={parseIsoDate(draft.start) ? draft.start : undefined}
            max={yesterday}
            calendarLabel="Choose the last day from a calendar"
            aria-invalid={problem ? true : undefined}
            onChange={(end) => onDraftChange({ ...draft, end })}
          />
        )}
      </CompactField>
      <Button type="submit" size="sm" variant="outline" disabled={problem !== null}>
        Apply
      </Button>
      {problem ? <p className="w-full text-sm text-destructive">{problem}</p> : null}
    </form>
  );
}

/** Why the report could not be drawn, with the way to try again. */
export function ReportError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert variant="destructive">
      <TriangleAlert aria-hidden="true" />
      <div className="flex flex-col items-start gap-2">
        <p>{serverErrorMessage(error) ?? "The chart could not be loaded. Please try again."}</p>
        {isApiError(error, "google_no_report_access") ? (
          <Button size="sm" variant="outline" onClick={connectGoogle}>
            Reconnect Google Analytics
          </Button>
        ) : (
          <Button size="sm" variant="outline" onClick={onRetry}>
            Try again
          </Button>
        )}
      </div>
    </Alert>
  );
}

export function ReportLoading({ metric }: { metric: TrafficMetric }) {
  return (
    <div
      className={`flex items-center justify-center text-sm text-muted-foreground ${chartHeightClass}`}
      role="status"
    >
      <Loader2 className="mr-2 size-4 animate-spin" aria-hidden="true" />
      Loading {trafficMetricLabels[metric].toLowerCase()}…
    </div>
  );
}

export function ReportEmpty() {
  return (
    <p
      className={`flex items-center justify-center text-sm text-muted-foreground ${chartHeightClass}`}
    >
      Google Analytics has no data for this range yet.
    </p>
  );
}

/** The unusual days nobody explained, each with Annotate and Dismiss. */
export function UnexplainedList({
  unexplained,
  metric,
  createBlocked,
  limitId,
  dismiss,
  onAnnotate,
}: {
  unexplained: readonly TrafficChange[];
  metric: TrafficMetric;
  createBlocked: string | null;
  limitId: string;
  dismiss: ReturnType<typeof useDismissChange>;
  onAnnotate: (change: TrafficChange) => void;
}) {
  return (
    <>
      <h3 className="text-sm font-medium">Unexplained changes</h3>
      {createBlocked ? (
        <p id={limitId} className="text-xs text-destructive">
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
              {unusualDaySummary(change, metric)}, not explained by any annotation. Annotate?
            </span>
            <span className="flex gap-2">
              <Button
                size="sm"
                disabled={createBlocked !== null}
                aria-describedby={createBlocked ? limitId : undefined}
                title={createBlocked ?? undefined}
                onClick={() => onAnnotate(change)}
              >
                Annotate
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={dismiss.isPending}
                aria-label={`Dismiss ${unusualDaySummary(change, metric)}`}
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
  );
}
