import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from "react";
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
import { formatNumber } from "../../../shared/english-format";
import { cn } from "../../lib/class-names";
import {
  annotationsShown,
  chartGeometry,
  dayAfterKey,
  flagGroups,
  margin,
  type ChartGeometry,
} from "./traffic-chart-geometry";
import {
  AnnotationBands,
  AnnotationFlags,
  AnnotationMarkers,
  ChartAxes,
  DayTooltip,
  SuggestionMarkers,
  UnexplainedMarkers,
} from "./traffic-chart-marks";

/**
 * How much taller the chart is drawn when no unexplained change is listed under it: the list's
 * box shrinks to one line by as much, so the panel keeps its height (nothing below moves) and
 * holds no empty band.
 */
export const chartGrowthWithoutList = 108;

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
 * The day under the pointer or the keyboard, and what choosing a day does: arrow keys move between
 * days, Home/End jump, Enter acts on the day (opens its annotation, annotates its change, or
 * starts a new annotation there).
 */
function useActiveDay(props: TrafficChartProps, width: number, geometry: ChartGeometry) {
  const { days, annotations, unexplained } = props;
  const [active, setActive] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);

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
    const next = dayAfterKey(event.key, current, days.length);
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      act(current);
    }
  }

  const handlers = {
    onKeyDown,
    onFocus: () => {
      setFocused(true);
      if (active === null && days.length > 0) setActive(days.length - 1);
    },
    onBlur: () => setFocused(false),
    onMouseMove: (event: { clientX: number; currentTarget: Element }) =>
      days.length && setActive(indexAt(event.clientX, event.currentTarget)),
    onMouseLeave: () => !focused && setActive(null),
    onClick: (event: { clientX: number; currentTarget: Element }) =>
      days.length && act(indexAt(event.clientX, event.currentTarget)),
  };
  return { active, focused, handlers };
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
  const ids = { summary: useId(), live: useId() };
  const geometry = useMemo(() => chartGeometry(days, width, height), [days, width, height]);
  const shown = useMemo(() => annotationsShown(annotations, days), [annotations, days]);
  const flags = useMemo(() => flagGroups(shown.markers, geometry.xOf), [shown, geometry]);
  const indexOfDate = useMemo(() => new Map(days.map((day, index) => [day.date, index])), [days]);
  const { active, focused, handlers } = useActiveDay(props, width, geometry);

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
        {...handlers}
      >
        <g transform={`translate(${margin.left},${margin.top})`}>
          <ChartAxes geometry={geometry} />
          <AnnotationBands bands={shown.bands} geometry={geometry} />
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
          <AnnotationMarkers markers={shown.markers} geometry={geometry} />
          <AnnotationFlags flags={flags} onOpenAnnotation={props.onOpenAnnotation} />
          <UnexplainedMarkers
            metric={metric}
            unexplained={unexplained}
            indexOfDate={indexOfDate}
            geometry={geometry}
            onAnnotateChange={props.onAnnotateChange}
          />
          <SuggestionMarkers
            suggested={props.suggested ?? []}
            indexOfDate={indexOfDate}
            geometry={geometry}
          />
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
      {details ? <DayTooltip details={details} left={tooltipLeft} width={width} /> : null}
    </div>
  );
}
