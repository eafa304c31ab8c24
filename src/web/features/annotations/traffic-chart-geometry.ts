import { scaleLinear, scaleUtc } from "d3-scale";
import { area, line } from "d3-shape";
import { toIsoDate } from "../../../shared/calendar-date";
import { annotationSpan } from "../../../shared/annotation-span";
import type { Annotation } from "../../../shared/contracts/annotations";
import type { TrafficDay } from "../../../shared/contracts/traffic";
import { formatCompactNumber, utcCalendarDate } from "../../../shared/english-format";

export const margin = { top: 14, right: 12, bottom: 28, left: 48 };
/** How wide an axis label is at 11 px ("2026-11-20", "2026-11"), and the least room between two. */
const tickLabelWidth = { day: 66, month: 44 };
const tickLabelGap = 10;
/** Flags closer than this (px) are drawn as one, with a count. */
const flagSpacing = 14;
const dayMs = 86_400_000;
const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** The chart's scales, its line and area, and the axis ticks that fit, for one size. */
export function chartGeometry(days: readonly TrafficDay[], width: number, height: number) {
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
}

export type ChartGeometry = ReturnType<typeof chartGeometry>;

export interface ChartMarker {
  annotation: Annotation;
  date: string;
}

export interface ChartBand {
  annotation: Annotation;
  start: string;
  end: string;
}

/** The annotations within the days shown: single days as markers in date order, ranges as bands. */
export function annotationsShown(annotations: readonly Annotation[], days: readonly TrafficDay[]) {
  const first = days[0]?.date ?? "";
  const last = days.at(-1)?.date ?? "";
  const markers: ChartMarker[] = [];
  const bands: ChartBand[] = [];
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
}

export interface ChartFlag {
  x: number;
  members: ChartMarker[];
}

/**
 * One flag per annotation line, or one flag with a count where lines fall too close to tell
 * apart (several on a day, or on neighbouring days of a long range).
 */
export function flagGroups(
  markers: readonly ChartMarker[],
  xOf: (date: string) => number,
): ChartFlag[] {
  const groups: ChartFlag[] = [];
  for (const marker of markers) {
    const x = xOf(marker.date);
    const last = groups.at(-1);
    if (last && x - last.x < flagSpacing) last.members.push(marker);
    else groups.push({ x, members: [marker] });
  }
  return groups;
}

/** The day a key moves to from `current` of `count` days, or undefined for a key that moves none. */
export function dayAfterKey(key: string, current: number, count: number): number | undefined {
  const moves: Record<string, number> = {
    ArrowLeft: current - 1,
    ArrowRight: current + 1,
    ArrowDown: current - 1,
    ArrowUp: current + 1,
    PageDown: current - 7,
    PageUp: current + 7,
    Home: 0,
    End: count - 1,
  };
  if (!(key in moves)) return undefined;
  return Math.min(count - 1, Math.max(0, moves[key]!));
}
