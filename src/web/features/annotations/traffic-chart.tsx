import { scaleLinear, scaleUtc } from "d3-scale";
import { area, line } from "d3-shape";
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from "react";
import { toIsoDate } from "../../../shared/calendar-date";
import { annotationSpan } from "../../../shared/annotation-span";
import type { Annotation } from "../../../shared/contracts/annotations";
import {
  trafficMetricLabels,
  type TrafficChange,
  type TrafficDay,
  type TrafficMetric,
} from "../../../shared/contracts/traffic";
import {
  annotationsOnDay,
  changeAgainstWeekEarlier,
  formatDayHeading,
  formatShortDay,
  unusualDaySummary,
} from "../../../shared/traffic-explanations";
import { formatCompactNumber, formatNumber, utcCalendarDate } from "../../../shared/english-format";
import { cn } from "../../lib/class-names";
import { colorSwatch } from "./annotation-format";

const margin = { top: 14, right: 12, bottom: 28, left: 48 };
/** How wide an axis label is at 11 px ("2026-11-20", "2026-11"), and the least room between two. */
const tickLabelWidth = { day: 66, month: 44 };
const tickLabelGap = 10;
/** Flags closer than this (px) are drawn as one, with a count. */
const flagSpacing = 14;
/**
 * How much taller the chart is drawn when no unexplained change is listed under it: the list's
 * box shrinks to one line by as much, so the panel keeps its height (nothing below moves) and
 * holds no empty band.
 */
export const chartGrowthWithoutList = 108;
const dayMs = 86_400_000;
const utc = (date: string) => new Date(`${date}T00:00:00Z`);

export interface TrafficChartProps {
  metric: TrafficMetric;
  days: readonly TrafficDay[];
  annotations: readonly Annotation[];
  /** The unusual days nobody explained or dismissed: hollow markers. */
  unexplained: readonly TrafficChange[];
  /**
   * Suggestions waiting in the inbox: hollow, dashed rings along the bottom in the suggestion's
   * colour, apart from the annotations' lines and the unexplained days' circles.
   */
  suggested?: readonly { id: string; date: string; title: string; color: Annotation["color"] }[];
  /** A marker (or a day holding annotations) was chosen. */
  onOpenAnnotation: (annotation: Annotation) => void;
  /** A hollow marker was chosen. */
  onAnnotateChange: (change: TrafficChange) => void;
  /** A day with nothing on it was chosen. */
  onCreateAt: (date: string) => void;
  /** Fixed width for tests and benchmarks; otherwise the container's. */
  width?: number;
  /** Taller by `chartGrowthWithoutList`, for when no list of changes is drawn below. */
  tall?: boolean;
}

/** What hovering or focusing a day tells: date, value, week-on-week change, annotations. */
export function describeDay(
  metric: TrafficMetric,
  days: readonly TrafficDay[],
  index: number,
  annotations: readonly Annotation[],
  unexplained: readonly TrafficChange[],
): { heading: string; value: string; weekChange: string; notes: string[]; spoken: string } {
  const day = days[index]!;
  const weekBefore = days[index - 7];
  const weekChange =
    weekBefore && weekBefore.value > 0
      ? changeAgainstWeekEarlier(day.value, weekBefore)
      : "No week-earlier day in range";
  const onDay = annotationsOnDay(day.date, annotations);
  const change = unexplained.find((entry) => entry.date === day.date);
  const notes = onDay.map((annotation) => annotation.title);
  if (change) notes.push(`${unusualDaySummary(change, metric)}, not explained by any annotation.`);
  const heading = formatDayHeading(day.date);
  const value = `${formatNumber(day.value)} ${trafficMetricLabels[metric].toLowerCase()}`;
  const spoken = [
    `${heading}: ${value}`,
    weekChange,
    onDay.length ? `Annotations: ${notes.slice(0, onDay.length).join("; ")}` : "No annotations",
    change ? `${unusualDaySummary(change, metric)}, not explained. Press Enter to annotate.` : "",
  ]
    .filter(Boolean)
    .join(". ");
  return { heading, value, weekChange, notes, spoken };
}

/** The text a screen reader gets in place of the picture. */
export function chartSummary(
  metric: TrafficMetric,
  days: readonly TrafficDay[],
  annotationCount: number,
  unexplainedCount: number,
): string {
  if (days.length === 0) return `${trafficMetricLabels[metric]}: no data for this range.`;
  let high = days[0]!;
  let low = days[0]!;
  let total = 0;
  for (const day of days) {
    total += day.value;
    if (day.value > high.value) high = day;
    if (day.value < low.value) low = day;
  }
  const label = trafficMetricLabels[metric];
  const day = formatShortDay;
  return (
    `${label} from ${day(days[0]!.date)} to ${day(days.at(-1)!.date)}: ` +
    `${formatNumber(total)} in total, ${formatNumber(Math.round(total / days.length))} a day on average, ` +
    `highest ${formatNumber(high.value)} on ${day(high.date)}, lowest ${formatNumber(low.value)} on ${day(low.date)}. ` +
    `${annotationCount} annotation${annotationCount === 1 ? "" : "s"} in range, ` +
    `${unexplainedCount} unexplained change${unexplainedCount === 1 ? "" : "s"}. ` +
    "Use the arrow keys to move between days and Enter to open or add an annotation."
  );
}

function useContainerWidth(fixed: number | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fixed ?? 640);
  // The first width is measured before the browser paints: drawn at a guessed width first, the
  // chart changed height on phones (240 → 200 px) once measured, moving everything below it.
  useLayoutEffect(() => {
    if (fixed !== undefined || !ref.current) return;
    const measured = Math.round(ref.current.getBoundingClientRect().width);
    if (measured > 0) setWidth(measured);
  }, [fixed]);
  useEffect(() => {
    if (fixed !== undefined || !ref.current || typeof ResizeObserver === "undefined") return;
    const element = ref.current;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.round(entry?.contentRect.width ?? 0);
      if (next > 0) setWidth(next);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [fixed]);
  return { ref, width };
}

/**
 * The daily series as an SVG line with the property's annotations: single days as coloured
 * markers along the bottom, ranges as translucent bands, unexplained changes as hollow markers on
 * the line. One focusable element: arrow keys move between days, Home/End jump, Enter acts on the
 * day (opens its annotation, annotates its change, or starts a new annotation there).
 */
export function TrafficChart(props: TrafficChartProps) {
  const { metric, days, annotations, unexplained } = props;
  const { ref, width } = useContainerWidth(props.width);
  // Its CSS height (below) follows the same 480 px rule by container query, so the box has its
  // final size from the first paint, before the width is measured (a page drawn on the server
  // guesses 640 px).
  const height = (width < 480 ? 200 : 240) + (props.tall ? chartGrowthWithoutList : 0);
  const [active, setActive] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  const ids = { summary: useId(), live: useId() };

  const geometry = useMemo(() => {
    const innerWidth = Math.max(40, width - margin.left - margin.right);
    const innerHeight = height - margin.top - margin.bottom;
    const first = days[0] ? utc(days[0].date) : new Date();
    const last = days.at(-1) ? utc(days.at(-1)!.date) : new Date();
    const x = scaleUtc().domain([first, last]).range([0, innerWidth]);
    const max = Math.max(1, ...days.map((day) => day.value));
    const y = scaleLinear()
      .domain([0, max * 1.08])
      .nice(4)
      .range([innerHeight, 0]);
    const step = days.length > 1 ? innerWidth / (days.length - 1) : innerWidth;
    const xOf = (date: string) => x(utc(date));
    const path =
      line<TrafficDay>()
        .x((day) => xOf(day.date))
        .y((day) => y(day.value))(days as TrafficDay[]) ?? "";
    const fill =
      area<TrafficDay>()
        .x((day) => xOf(day.date))
        .y0(innerHeight)
        .y1((day) => y(day.value))(days as TrafficDay[]) ?? "";
    const tickCount = Math.max(2, Math.floor(innerWidth / 90));
    const spanDays = (last.getTime() - first.getTime()) / dayMs;
    // Days as YYYY-MM-DD, as everywhere; over months, the months as YYYY-MM. A label is kept only
    // where it fits whole: inside the chart and clear of the one before it.
    const months = spanDays > 200;
    const labelWidth = months ? tickLabelWidth.month : tickLabelWidth.day;
    const xTicks: { x: number; label: string }[] = [];
    for (const tick of x.ticks(tickCount)) {
      const tickX = x(tick);
      const previous = xTicks.at(-1);
      if (tickX + labelWidth / 2 > innerWidth + margin.right) continue;
      if (previous && tickX - previous.x < labelWidth + tickLabelGap) continue;
      const day = toIsoDate(utcCalendarDate(tick));
      xTicks.push({ x: tickX, label: months ? day.slice(0, 7) : day });
    }
    const yTicks = y.ticks(4).map((tick) => ({ y: y(tick), label: formatCompactNumber(tick) }));
    return { innerWidth, innerHeight, x, y, step, xOf, path, fill, xTicks, yTicks };
  }, [days, width, height]);

  const shown = useMemo(() => {
    const first = days[0]?.date ?? "";
    const last = days.at(-1)?.date ?? "";
    const markers: { annotation: Annotation; date: string }[] = [];
    const bands: { annotation: Annotation; start: string; end: string }[] = [];
    for (const annotation of annotations) {
      const span = annotationSpan(annotation);
      const start = toIsoDate(span.start);
      const end = toIsoDate(span.end);
      if (end < first || start > last) continue;
      if (start !== end) {
        bands.push({
          annotation,
          start: start < first ? first : start,
          end: end > last ? last : end,
        });
      } else {
        markers.push({ annotation, date: start });
      }
    }
    markers.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    return { markers, bands };
  }, [annotations, days]);

  // One flag per annotation line, or one flag with a count where lines fall too close to tell
  // apart (several on a day, or on neighbouring days of a long range).
  const flags = useMemo(() => {
    const groups: { x: number; members: (typeof shown.markers)[number][] }[] = [];
    for (const marker of shown.markers) {
      const x = geometry.xOf(marker.date);
      const last = groups.at(-1);
      if (last && x - last.x < flagSpacing) last.members.push(marker);
      else groups.push({ x, members: [marker] });
    }
    return groups;
  }, [shown, geometry]);

  const indexOfDate = useMemo(() => new Map(days.map((day, index) => [day.date, index])), [days]);

  function indexAt(clientX: number, element: Element): number {
    const box = element.getBoundingClientRect();
    const scale = box.width > 0 ? width / box.width : 1;
    const offset = (clientX - box.left) * scale - margin.left;
    return Math.min(days.length - 1, Math.max(0, Math.round(offset / geometry.step)));
  }

  function act(index: number) {
    const day = days[index];
    if (!day) return;
    const onDay = annotationsOnDay(day.date, annotations);
    if (onDay.length > 0) return props.onOpenAnnotation(onDay[0]!);
    const change = unexplained.find((entry) => entry.date === day.date);
    if (change) return props.onAnnotateChange(change);
    props.onCreateAt(day.date);
  }

  function onKeyDown(event: KeyboardEvent<SVGSVGElement>) {
    if (days.length === 0) return;
    const current = active ?? days.length - 1;
    const moves: Record<string, number> = {
      ArrowLeft: current - 1,
      ArrowRight: current + 1,
      ArrowDown: current - 1,
      ArrowUp: current + 1,
      PageDown: current - 7,
      PageUp: current + 7,
      Home: 0,
      End: days.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(Math.min(days.length - 1, Math.max(0, moves[event.key]!)));
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      act(current);
    }
  }

  const activeDay = active === null ? null : days[active];
  const details =
    active === null || !activeDay
      ? null
      : describeDay(metric, days, active, annotations, unexplained);
  const tooltipLeft =
    activeDay === null || activeDay === undefined ? 0 : margin.left + geometry.xOf(activeDay.date);

  return (
    <div ref={ref} className="@container relative w-full min-w-0" data-testid="traffic-chart">
      <p id={ids.summary} className="sr-only">
        {chartSummary(metric, days, shown.markers.length + shown.bands.length, unexplained.length)}
      </p>
      <p id={ids.live} className="sr-only" aria-live="polite">
        {focused && details ? details.spoken : ""}
      </p>
      <svg
        role="img"
        tabIndex={0}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        aria-label={`${trafficMetricLabels[metric]} chart`}
        aria-describedby={ids.summary}
        className={cn(
          "block max-w-full cursor-crosshair overflow-visible rounded-md text-muted-foreground outline-none focus-visible:ring-3 focus-visible:ring-ring/40",
          props.tall ? "h-[308px] @min-[480px]:h-[348px]" : "h-[200px] @min-[480px]:h-[240px]",
        )}
        onKeyDown={onKeyDown}
        onFocus={() => {
          setFocused(true);
          if (active === null && days.length > 0) setActive(days.length - 1);
        }}
        onBlur={() => setFocused(false)}
        onMouseMove={(event) =>
          days.length && setActive(indexAt(event.clientX, event.currentTarget))
        }
        onMouseLeave={() => !focused && setActive(null)}
        onClick={(event) => days.length && act(indexAt(event.clientX, event.currentTarget))}
      >
        <g transform={`translate(${margin.left},${margin.top})`}>
          {geometry.yTicks.map((tick) => (
            <g key={tick.label} transform={`translate(0,${tick.y})`}>
              <line x2={geometry.innerWidth} className="stroke-border" strokeDasharray="2 3" />
              <text x={-8} dy="0.32em" textAnchor="end" className="fill-current text-[11px]">
                {tick.label}
              </text>
            </g>
          ))}
          {geometry.xTicks.map((tick) => (
            <text
              key={`${tick.x}`}
              x={tick.x}
              y={geometry.innerHeight + 18}
              textAnchor="middle"
              className="fill-current text-[11px]"
            >
              {tick.label}
            </text>
          ))}
          {shown.bands.map(({ annotation, start, end }) => {
            const left = geometry.xOf(start) - geometry.step / 2;
            const right = geometry.xOf(end) + geometry.step / 2;
            return (
              <rect
                key={annotation.annotationId}
                data-testid="annotation-band"
                data-date={start}
                x={Math.max(0, left)}
                y={0}
                width={Math.max(2, Math.min(geometry.innerWidth, right) - Math.max(0, left))}
                height={geometry.innerHeight}
                fill={colorSwatch(annotation.color).hex}
                fillOpacity={0.13}
              >
                <title>{annotation.title}</title>
              </rect>
            );
          })}
          <path d={geometry.fill} className="fill-primary/10" />
          <path
            d={geometry.path}
            fill="none"
            className="stroke-primary"
            strokeWidth={2}
            strokeLinejoin="round"
          />
          {activeDay ? (
            <line
              x1={geometry.xOf(activeDay.date)}
              x2={geometry.xOf(activeDay.date)}
              y2={geometry.innerHeight}
              className="stroke-foreground/40"
              strokeWidth={1}
            />
          ) : null}
          {shown.markers.map(({ annotation, date }) => (
            <line
              key={annotation.annotationId}
              data-testid="annotation-marker"
              data-date={date}
              x1={geometry.xOf(date)}
              x2={geometry.xOf(date)}
              y1={0}
              y2={geometry.innerHeight}
              stroke={colorSwatch(annotation.color).hex}
              strokeWidth={1.5}
              strokeDasharray="3 3"
              className="pointer-events-none"
            />
          ))}
          {flags.map(({ x, members }) => {
            const first = members[0]!;
            const titles = members.map(
              ({ annotation, date }) => `${annotation.title} (${formatShortDay(date)})`,
            );
            const open = (event: { stopPropagation(): void }) => {
              event.stopPropagation();
              props.onOpenAnnotation(first.annotation);
            };
            return members.length === 1 ? (
              <circle
                key={first.annotation.annotationId}
                data-testid="annotation-flag"
                data-date={first.date}
                cx={x}
                cy={-4}
                r={4.5}
                fill={colorSwatch(first.annotation.color).hex}
                className="cursor-pointer stroke-background"
                strokeWidth={1.5}
                onClick={open}
              >
                <title>{titles[0]}</title>
              </circle>
            ) : (
              <g
                key={first.annotation.annotationId}
                data-testid="annotation-flag"
                data-date={first.date}
                data-count={members.length}
                className="cursor-pointer"
                onClick={open}
              >
                <title>{`${members.length} annotations: ${titles.join("; ")}`}</title>
                <rect
                  x={x - 9}
                  y={-11}
                  width={18}
                  height={14}
                  rx={7}
                  className="fill-foreground stroke-background"
                  strokeWidth={1.5}
                />
                <text
                  x={x}
                  y={-4}
                  dy="0.35em"
                  textAnchor="middle"
                  className="fill-background text-[10px] font-semibold"
                >
                  {members.length}
                </text>
              </g>
            );
          })}
          {unexplained.map((change) =>
            indexOfDate.has(change.date) ? (
              <circle
                key={change.date}
                data-testid="unexplained-marker"
                data-date={change.date}
                cx={geometry.xOf(change.date)}
                cy={geometry.y(change.value)}
                r={6}
                className="cursor-pointer fill-background stroke-amber-600 dark:stroke-amber-400"
                strokeWidth={2}
                onClick={(event) => {
                  event.stopPropagation();
                  props.onAnnotateChange(change);
                }}
              >
                <title>{`${unusualDaySummary(change, metric)}, not explained by any annotation. Annotate?`}</title>
              </circle>
            ) : null,
          )}
          {(props.suggested ?? []).map((suggestion) =>
            indexOfDate.has(suggestion.date) ? (
              <circle
                key={suggestion.id}
                data-testid="suggestion-marker"
                data-date={suggestion.date}
                cx={geometry.xOf(suggestion.date)}
                cy={geometry.innerHeight - 6}
                r={5}
                fill="none"
                stroke={colorSwatch(suggestion.color).hex}
                strokeWidth={1.5}
                strokeDasharray="2 2"
              >
                <title>{`Suggested: ${suggestion.title} (waiting in the inbox)`}</title>
              </circle>
            ) : null,
          )}
          {activeDay ? (
            <circle
              cx={geometry.xOf(activeDay.date)}
              cy={geometry.y(activeDay.value)}
              r={3.5}
              className="pointer-events-none fill-primary"
            />
          ) : null}
        </g>
      </svg>
      {details ? (
        <div
          role="presentation"
          data-testid="traffic-tooltip"
          className="pointer-events-none absolute top-2 z-10 w-56 max-w-[70%] rounded-md border bg-popover p-2 text-xs text-popover-foreground shadow-md"
          style={
            tooltipLeft > width / 2
              ? { right: Math.max(4, width - tooltipLeft + 12) }
              : { left: tooltipLeft + 12 }
          }
        >
          <p className="font-medium">{details.heading}</p>
          <p>{details.value}</p>
          <p className="text-muted-foreground">{details.weekChange}</p>
          {details.notes.map((note) => (
            <p key={note} className="mt-1 break-words">
              {note}
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
