/**
 * Questions about the traffic itself, answered from the chart's own analysis (the traffic
 * service's `describeDay` and `unexplained`, the same ones the chart uses): "what happened on
 * Nov 12?", "why did sessions drop yesterday?", "anything unexplained last month?". The numbers
 * come from Google through that service, never from here.
 */
import { z } from "zod";
import {
  addDays,
  compareDates,
  fromIsoDate,
  toIsoDate,
  type CalendarDate,
} from "../../../../shared/calendar-date.js";
import {
  dayNumberOf,
  trafficMetricLabels,
  trafficMetrics,
  type TrafficChange,
  type TrafficDay,
  type TrafficMetric,
} from "../../../../shared/contracts/traffic.js";
import {
  changeSummary,
  draftTitleFor,
  formatChange,
  formatShortDay,
} from "../../../../shared/traffic-explanations.js";
import type { DayInsight, UnexplainedSummary } from "../../traffic/traffic-service.js";
import { describeAnnotation } from "../assistant-reply.js";
import { toChatConfirmation } from "../conversation-state.js";
import {
  findDate,
  findDateRange,
  findUnreadPeriod,
  ROLLING_PERIOD,
} from "../offline-engine/extract-dates.js";
import { TRAFFIC_QUESTION, type CapabilityWords } from "../offline-engine/intents.js";
import { impossibleDate } from "../offline-engine/parse-create.js";
import {
  asksAboutTheWeek,
  METRIC_WORD,
  trafficQuestionPatterns,
  metricNamed,
} from "../offline-engine/traffic-question.js";
import { unreadPeriod, type SlotInput } from "../offline-engine/slots.js";
import type { Understanding } from "../offline-engine/understanding.js";
import type { Skill, SkillTurn } from "./skill.js";
import { isoDate, type ToolContext, tool } from "./tool-turn.js";

/** The weekly pattern is read over twelve weeks when no period is named: a dozen of each weekday. */
const weekdayPatternDays = 84;

function readDay(input: SlotInput): Understanding {
  const { reading, rest, today, understanding } = input;
  // Read from what it is about ("how many sessions yesterday?"): a day or a period, by its dates.
  const general = reading.verb === TRAFFIC_QUESTION;
  // The question's own words name the measure ("why did active users drop …").
  understanding.metric = metricNamed(reading.rest + " " + (reading.verb ?? ""));
  if (general && asksAboutTheWeek(rest)) return readPeriod(input);
  const range = findDateRange(rest, today);
  if (range && compareDates(range.range.end, range.range.start) > 0) {
    // "what happened last week?" asks about a period's annotations, as it always has; a measure
    // named ("what happened to sessions last week?") asks about the traffic.
    if (!general && !METRIC_WORD.test(`${reading.verb} ${reading.rest}`))
      return { ...understanding, intent: "list", dateRange: range.range };
    return readPeriod(input);
  }
  const day = range?.range.start ?? findDate(rest, today)?.date;
  if (day) return { ...understanding, date: day };
  // "Feb 29 2026" is written as a day but is none: asked for, never read as another period.
  if (impossibleDate(rest) || WRITTEN_DAY.test(rest))
    return { ...understanding, missing: ["date"] };
  // No day named: a general question is about a period ("was there a dip?", "how did traffic look
  // over the summer?"), the chart's own when it names none.
  if (general) return readPeriod(input);
  const unread = findUnreadPeriod(rest);
  if (unread) return unreadPeriod(understanding, unread);
  understanding.missing.push("date");
  return understanding;
}

function readPeriod(input: SlotInput): Understanding {
  const { rest, today } = input;
  const understanding: Understanding = {
    ...input.understanding,
    intent: "traffic_period",
    metric: input.understanding.metric ?? metricNamed(rest),
  };
  const weekly = asksAboutTheWeek(rest);
  const read = findDateRange(rest, today)?.range;
  // "the last 7 days" of traffic are the seven complete ones, ending yesterday, as in GA4.
  const found =
    read && ROLLING_PERIOD.test(rest) && compareDates(read.end, today) === 0
      ? { start: addDays(read.start, -1), end: addDays(today, -1) }
      : read;
  // The weekday named in "is Friday usually our best day?" is the day asked about, not the period.
  const named = found && weekly && daysIn(found) < 14 ? undefined : found;
  const unread = found ? undefined : findUnreadPeriod(rest);
  if (unread) return unreadPeriod(understanding, unread);
  const yesterday = addDays(today, -1);
  if (weekly) understanding.by = "weekday";
  if (!named) understanding.periodAssumed = true;
  // Without a period: the chart's default, the last 28 days up to yesterday (the weekly pattern
  // over more weeks).
  const asked = named ?? {
    start: addDays(today, -(weekly ? weekdayPatternDays : 28)),
    end: yesterday,
  };
  // Today is not complete and later days have no data (the chart's ranges end yesterday): they
  // would read as drops. A period with no complete day is kept for the engine to say so. One
  // asked "so far" or "since" a day runs up to now as said; its figures stop at yesterday too
  // (`complete`).
  const end = SO_FAR.test(rest) ? today : yesterday;
  understanding.dateRange =
    compareDates(asked.start, yesterday) <= 0 && compareDates(asked.end, end) > 0
      ? { start: asked.start, end }
      : asked;
  return understanding;
}

/** A day written as one ("Feb 29", "2026-02-30", "the 31st"), whether or not it exists. */
const WRITTEN_DAY =
  /\b(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?\b|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\d{4}-\d{1,2}-\d{1,2}\b|the\s+\d{1,2}(?:st|nd|rd|th)\b)/i;

const SO_FAR =
  /\b(?:since|so\s+far|to\s+date|until\s+now|up\s+to\s+now|till\s+now|through\s+today)\b/i;

function daysIn(period: { start: CalendarDate; end: CalendarDate }): number {
  return dayNumberOf(period.end) - dayNumberOf(period.start) + 1;
}

/** The days of a period that have figures: up to yesterday (today's are still coming in). */
function complete(period: { start: CalendarDate; end: CalendarDate }, today: CalendarDate) {
  const yesterday = addDays(today, -1);
  return compareDates(period.end, yesterday) > 0 && compareDates(period.start, yesterday) <= 0
    ? { start: period.start, end: yesterday }
    : period;
}

/**
 * The answer, and for an unexplained change a card with Annotate: the annotation that would
 * explain it waits as a preview the server issued, so Annotate (its Confirm) makes it and Edit
 * opens it in the form. Nothing is put in the person's message box.
 */
async function answerWithOffer(turn: SkillTurn, answer: TrafficAnswer) {
  const { offer } = answer;
  if (!offer) return turn.reply(answer.text);
  // No preview to offer once today's allowance is spent: the answer alone, as asked (the day's
  // limit is said where a create meets it, not after a question about traffic).
  const allowance = turn.actions.dailyAllowance();
  if (allowance.used >= allowance.quota) return turn.reply(answer.text);
  const proposed = await turn.actions.proposeCreate(
    { title: offer.title, annotationDate: fromIsoDate(offer.date) },
    null,
  );
  // No preview to offer (the property turned read-only, say): the answer alone.
  if (!proposed.ok) return turn.reply(answer.text);
  const draft = toChatConfirmation(proposed.value).draft;
  // "yes, call it Reddit thread went viral" answers the offer: a title for the offered day.
  return turn.ask(
    `${answer.text}\nTo note it, press Annotate (or Edit to change it first).`,
    { intent: "create", asked: "title", offer: true, known: { date: offer.date } },
    {
      confirmation: proposed.value,
      ...(draft ? { card: { kind: "unexplained" as const, headline: offer.headline, draft } } : {}),
    },
  );
}

const withStop = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

async function actOnDay(turn: SkillTurn) {
  const { understood, actions, today, reply } = turn;
  if (!understood.date)
    return reply(
      "Which day should I look at? For example: what happened on " +
        `${toIsoDate(addDays(today, -1))}?`,
    );
  // Today's figures are still coming in, and later days have none: either would read as a drop.
  if (compareDates(understood.date, today) === 0)
    return reply(
      "Today isn't over yet, so its figures are incomplete: Google's figures for a day are final once it has ended, and a part of a day would look like a drop. Ask about yesterday or an earlier day, for example: what happened yesterday?",
    );
  if (compareDates(understood.date, today) > 0)
    return reply(
      `${toIsoDate(understood.date)} hasn't happened yet, so there are no figures for it. Ask about yesterday or an earlier day, for example: what happened yesterday?`,
    );
  const metric = understood.metric ?? "sessions";
  const result = await actions.trafficInsight({ metric, date: toIsoDate(understood.date) });
  if (!result.ok) return reply(result.error);
  if (!("value" in result.value)) return reply("I couldn't read that day's traffic.");
  const described = describeTrafficDay(result.value);
  // A spike or a drop comes with what is on record around it, ranked, on a plan that explains.
  const causes = "likelyCauses" in result.value ? result.value.likelyCauses : undefined;
  if (!result.value.unusual || !causes) return answerWithOffer(turn, described);
  const ranked =
    causes.length === 0
      ? "Nothing on record around it explains it: no annotation, GA4 setting change, release or holiday."
      : [
          "Likely causes, best first:",
          ...causes.map(
            (cause, index) =>
              `${index + 1}. “${cause.title}”${cause.detail ? ` (${cause.detail})` : ""}: ${withStop(cause.why)}`,
          ),
        ].join("\n");
  return answerWithOffer(turn, { ...described, text: `${described.text}\n${ranked}` });
}

async function actOnPeriod(turn: SkillTurn) {
  const { understood, actions, today, reply } = turn;
  const period = complete(understood.dateRange ?? { start: today, end: today }, today);
  if (compareDates(period.start, today) >= 0)
    return reply(
      "That period has no complete day yet: Google's figures for a day are final once it is over. Ask about a period up to yesterday, for example: anything unexplained in the last 28 days?",
    );
  const asked = {
    metric: understood.metric ?? "sessions",
    startDate: toIsoDate(period.start),
    endDate: toIsoDate(period.end),
  };
  if (understood.by === "weekday") {
    const days = await actions.trafficDays(asked);
    if (!days.ok) return reply(days.error);
    return reply(describeWeekdays(days.value.metric, days.value.days));
  }
  const result = await actions.trafficInsight(asked);
  if (!result.ok) return reply(result.error);
  if (!("unexplained" in result.value)) return reply("I couldn't read that period's traffic.");
  return answerWithOffer(turn, describeUnexplained(result.value));
}

export interface TrafficAnswer {
  text: string;
  /** The natural next step, offered as a card with Annotate: annotating the change. */
  offer: AnnotateOffer | null;
}

/** An unexplained change and the annotation that would explain it, as the chart drafts it. */
export interface AnnotateOffer {
  headline: string;
  title: string;
  /** YYYY-MM-DD */
  date: string;
}

const count = new Intl.NumberFormat("en-US");

/** The annotation that would explain a change, titled as the chart's "Annotate?" drafts it. */
function annotateOffer(change: TrafficChange, metric: DayInsight["metric"]): AnnotateOffer {
  return {
    headline: changeSummary(change, metric),
    title: draftTitleFor(change, metric),
    date: change.date,
  };
}

/** 'what happened on Nov 12?': the value, the week before, whether it was unusual, annotations. */
export function describeTrafficDay(insight: DayInsight): TrafficAnswer {
  const label = trafficMetricLabels[insight.metric];
  const day = formatShortDay(insight.date);
  if (insight.value === null && insight.annotations.length === 0)
    return {
      text: `Google has no ${label.toLowerCase()} for ${day} yet, and no annotation is on that day.`,
      offer: null,
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
  return {
    text: lines.join(" "),
    offer: unexplained ? annotateOffer(unusual, insight.metric) : null,
  };
}

const weekdayNames = [
  "Sundays",
  "Mondays",
  "Tuesdays",
  "Wednesdays",
  "Thursdays",
  "Fridays",
  "Saturdays",
];

/**
 * 'which weekday brings the most visits?': the average of each weekday over the period, highest
 * first, and weekends against weekdays.
 */
export function describeWeekdays(metric: TrafficMetric, days: readonly TrafficDay[]): string {
  const label = trafficMetricLabels[metric].toLowerCase();
  if (days.length === 0) return `Google has no ${label} for that period yet.`;
  const totals = weekdayNames.map(() => ({ sum: 0, count: 0 }));
  for (const day of days) {
    const total = totals[new Date(`${day.date}T00:00:00Z`).getUTCDay()]!;
    total.sum += day.value;
    total.count += 1;
  }
  const averages = totals
    .map((total, weekday) => ({ weekday, average: total.count ? total.sum / total.count : null }))
    .filter((entry): entry is { weekday: number; average: number } => entry.average !== null)
    // Ties in the week's own order, Monday first.
    .sort((a, b) => b.average - a.average || ((a.weekday + 6) % 7) - ((b.weekday + 6) % 7));
  const average = (weekdays: number[]) => {
    const kept = averages.filter((entry) => weekdays.includes(entry.weekday));
    return kept.length ? kept.reduce((sum, entry) => sum + entry.average, 0) / kept.length : null;
  };
  const weekend = average([0, 6]);
  const weekdays = average([1, 2, 3, 4, 5]);
  const lines = [
    `Average ${label} by weekday, ${formatShortDay(days[0]!.date)} to ${formatShortDay(days.at(-1)!.date)}:`,
    ...averages.map(
      (entry) => `• ${weekdayNames[entry.weekday]}: ${count.format(Math.round(entry.average))}`,
    ),
  ];
  if (weekend !== null && weekdays !== null && weekdays > 0)
    lines.push(
      `Weekends average ${count.format(Math.round(weekend))} (${formatChange((weekend - weekdays) / weekdays)} against weekdays' ${count.format(Math.round(weekdays))}).`,
    );
  return lines.join("\n");
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
      offer: null,
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
      ...(explained ? [explained.trim()] : []),
    ].join("\n"),
    offer: annotateOffer(first, summary.metric),
  };
}

/** 'What happened on Nov 12?', 'anything unexplained last month?': the chart's own analysis. */
export function trafficInsightTool({ actions }: ToolContext) {
  return tool({
    description:
      "The property's daily traffic. With `date`: that day against the same weekday a week earlier, whether it was unusual, and its annotations. With `startDate` and `endDate`: the unusual days no annotation explains.",
    inputSchema: z.object({
      metric: z.enum(trafficMetrics).default("sessions"),
      date: isoDate.optional(),
      startDate: isoDate.optional(),
      endDate: isoDate.optional(),
    }),
    execute: async (input) => actions.trafficInsight(input),
  });
}

/**
 * Questions about the traffic itself, answered from the chart's analysis: "what happened on
 * Nov 12?", "why did traffic spike on the 12th" ask about one day; "anything unexplained last
 * month?" about a period. A question about annotations ("what annotations are on Nov 12") and
 * any command (create, rename, delete) stays what it was.
 */
const TRAFFIC_DAY =
  /^(?:how\s+(?:was|were)(?=\s+(?:(?:last|this|on)\s+)?(?:yesterday|(?:mon|tues|wednes|thurs|fri|satur|sun)day|the\s+\d{1,2}(?:st|nd|rd|th)?)\s*\??$)|what\s+(?:happened|went\s+on|was\s+going\s+on|caused\s+the\s+(?:spike|jump|drop|dip))|why\s+(?:did|was|were|is)\s+(?:(?:the|our|my)\s+)?(?:traffic|sessions|users|active\s+users|visits|visitors|key\s+events|conversions|it)\s+(?:spike|jump|drop|dip|fall|rise|go\s+(?:up|down)|so\s+(?:high|low)|up|down|higher|lower)\w*|(?:did|has|have)\s+(?:(?:the|our|my)\s+)?(?:traffic|sessions|users|active\s+users|visits|visitors|key\s+events|conversions)\s+(?:really\s+)?(?:spike|jump|drop|dip|fall|rise|go\s+(?:up|down)|spiked|jumped|dropped|dipped|fallen|risen|gone\s+(?:up|down))|why\s+(?:(?:the|our|my)\s+)?(?:traffic|sessions|users|active\s+users|visits|visitors|key\s+events|conversions)\s+(?:spiked|jumped|dropped|dipped|fell|rose|went\s+(?:up|down)|(?:was|were)\s+(?:so\s+)?(?:high|low|up|down)))\b/i;
const TRAFFIC_PERIOD =
  /\b(?:unexplained|unexplored|(?:not|never)\s+(?:been\s+)?explained|unannotated)\b/i;
const NOT_ANNOTATED =
  /\b(?:didn't|did\s+not|haven't|have\s+not|never|not\s+yet|wasn't|weren't|isn't|aren't|hasn't|has\s+not)\s+(?:been\s+|yet\s+)?(?:annotated?|explained?|noted?|logged|log)\b|\bnot\s+(?:yet\s+)?(?:annotated|explained)\b/i;

/** The words that claim a message for this capability (see `CapabilityWords`). */
export const trafficIntentWords = {
  traffic: { day: TRAFFIC_DAY, period: TRAFFIC_PERIOD, notAnnotated: NOT_ANNOTATED },
} satisfies Partial<CapabilityWords>;

export const trafficInsight: Skill = {
  name: "traffic-insight",
  intents: ["traffic_day", "traffic_period"],
  patterns: [...Object.values(trafficIntentWords.traffic), ...trafficQuestionPatterns],
  needsProperty: true,
  readSlots: (input) =>
    input.reading.intent === "traffic_day" ? readDay(input) : readPeriod(input),
  act: (turn) => (turn.understood.intent === "traffic_day" ? actOnDay(turn) : actOnPeriod(turn)),
  tools: (context) => ({ trafficInsight: trafficInsightTool(context) }),
};
