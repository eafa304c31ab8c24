/**
 * The offline engine's answers to traffic questions, worded from the chart's own analysis (the
 * traffic service's `describeDay` and `unexplained`, the same ones the language-model tool and
 * the chart use): the numbers come from Google through that service, never from here.
 */
import { trafficMetricLabels, type TrafficChange } from "../../../../shared/contracts/traffic.js";
import {
  changeSummary,
  draftTitleFor,
  formatChange,
  formatShortDay,
} from "../../../../shared/traffic-explanations.js";
import type { DayInsight, UnexplainedSummary } from "../../traffic/traffic-service.js";
import { describeAnnotation } from "../assistant-reply.js";

export interface TrafficAnswer {
  text: string;
  /** The natural next step, put in the message box: annotating the change. */
  suggestedInput: string | null;
}

const count = new Intl.NumberFormat("en-US");

/** The create request that would explain a change, titled as the chart's "Annotate?" drafts it. */
function annotateRequest(change: TrafficChange, metric: DayInsight["metric"]): string {
  return `Create an annotation called "${draftTitleFor(change, metric)}" on ${change.date}`;
}

/** 'what happened on Nov 12?': the value, the week before, whether it was unusual, annotations. */
export function describeTrafficDay(insight: DayInsight): TrafficAnswer {
  const label = trafficMetricLabels[insight.metric];
  const day = formatShortDay(insight.date);
  if (insight.value === null && insight.annotations.length === 0)
    return {
      text: `Google has no ${label.toLowerCase()} for ${day} yet, and no annotation is on that day.`,
      suggestedInput: null,
    };
  const lines: string[] = [];
  if (insight.value === null) lines.push(`Google has no ${label.toLowerCase()} for ${day} yet.`);
  else {
    const week =
      insight.weekEarlier === null
        ? ""
        : insight.changeFromWeekEarlier === null
          ? ` (${count.format(insight.weekEarlier)} the same weekday a week earlier)`
          : ` (${formatChange(insight.changeFromWeekEarlier)} against ${count.format(insight.weekEarlier)} the same weekday a week earlier)`;
    lines.push(`${label} on ${day}: ${count.format(insight.value)}${week}.`);
  }
  const unusual = insight.unusual;
  if (unusual) {
    const kind = unusual.direction === "spike" ? "a spike" : "a drop";
    lines.push(
      `That is ${kind}: ${formatChange(unusual.change)} against the ${count.format(Math.round(unusual.expected))} its weekly pattern predicts.`,
    );
  } else if (insight.value !== null) lines.push("Nothing unusual for its weekly pattern.");
  if (insight.annotations.length > 0)
    lines.push(`Annotations that day: ${insight.annotations.map(describeAnnotation).join(", ")}.`);
  else lines.push("No annotation is on that day.");
  const unexplained = unusual && insight.annotations.length === 0 && !insight.dismissed;
  if (unexplained) lines.push("To annotate it, send the request I've put in your message box.");
  return {
    text: lines.join(" "),
    suggestedInput: unexplained ? annotateRequest(unusual, insight.metric) : null,
  };
}

/** 'anything unexplained last month?': the unusual days no annotation explains, or plainly none. */
export function describeUnexplained(summary: UnexplainedSummary): TrafficAnswer {
  const label = trafficMetricLabels[summary.metric].toLowerCase();
  const period = `from ${formatShortDay(summary.startDate)} to ${formatShortDay(summary.endDate)}`;
  const explained =
    summary.explainedCount === 0
      ? ""
      : ` ${summary.explainedCount} unusual ${summary.explainedCount === 1 ? "day is" : "days are"} explained by annotations.`;
  if (summary.unexplained.length === 0)
    return {
      text: `Nothing unexplained in ${label} ${period}.${explained}`,
      suggestedInput: null,
    };
  const lines = summary.unexplained.map(
    (change) =>
      `• ${changeSummary(change, summary.metric)} (${count.format(change.value)} against ${count.format(Math.round(change.expected))} expected)`,
  );
  const first = summary.unexplained[0]!;
  return {
    text: [
      `${summary.unexplained.length === 1 ? "One change" : `${summary.unexplained.length} changes`} in ${label} ${period} not explained by any annotation:`,
      ...lines,
      `${explained.trim()} To annotate ${formatShortDay(first.date)}, send the request I've put in your message box.`.trim(),
    ].join("\n"),
    suggestedInput: annotateRequest(first, summary.metric),
  };
}
