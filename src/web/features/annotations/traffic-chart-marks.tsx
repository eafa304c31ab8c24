import type { Annotation } from "../../../shared/contracts/annotations";
import type { TrafficChange, TrafficMetric } from "../../../shared/contracts/traffic";
import { formatShortDay, unusualDaySummary } from "../../../shared/traffic-explanations";
import { colorSwatch } from "./annotation-format";
import type { ChartBand, ChartFlag, ChartGeometry, ChartMarker } from "./traffic-chart-geometry";

/** The value lines with their labels on the left, and the dates along the bottom. */
export function ChartAxes({ geometry }: { geometry: ChartGeometry }) {
  return (
    <>
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
    </>
  );
}

/** Annotations over a range of days: translucent bands in their colour. */
export function AnnotationBands({
  bands,
  geometry,
}: {
  bands: readonly ChartBand[];
  geometry: ChartGeometry;
}) {
  return bands.map(({ annotation, start, end }) => {
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
  });
}

/** Single-day annotations: dashed lines in their colour, top to bottom. */
export function AnnotationMarkers({
  markers,
  geometry,
}: {
  markers: readonly ChartMarker[];
  geometry: ChartGeometry;
}) {
  return markers.map(({ annotation, date }) => (
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
  ));
}

/** The flags atop the markers: a dot for one annotation, a count for several close together. */
export function AnnotationFlags({
  flags,
  onOpenAnnotation,
}: {
  flags: readonly ChartFlag[];
  onOpenAnnotation: (annotation: Annotation) => void;
}) {
  return flags.map(({ x, members }) => {
    const first = members[0]!;
    const titles = members.map(
      ({ annotation, date }) => `${annotation.title} (${formatShortDay(date)})`,
    );
    const open = (event: { stopPropagation(): void }) => {
      event.stopPropagation();
      onOpenAnnotation(first.annotation);
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
  });
}

/** The unusual days nobody explained: hollow circles on the line, each offering to annotate. */
export function UnexplainedMarkers({
  metric,
  unexplained,
  indexOfDate,
  geometry,
  onAnnotateChange,
}: {
  metric: TrafficMetric;
  unexplained: readonly TrafficChange[];
  indexOfDate: ReadonlyMap<string, number>;
  geometry: ChartGeometry;
  onAnnotateChange: (change: TrafficChange) => void;
}) {
  return unexplained.map((change) =>
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
          onAnnotateChange(change);
        }}
      >
        <title>{`${unusualDaySummary(change, metric)}, not explained by any annotation. Annotate?`}</title>
      </circle>
    ) : null,
  );
}

/** Suggestions waiting in the inbox: dashed rings along the bottom in their colour. */
export function SuggestionMarkers({
  suggested,
  indexOfDate,
  geometry,
}: {
  suggested: readonly { id: string; date: string; title: string; color: Annotation["color"] }[];
  indexOfDate: ReadonlyMap<string, number>;
  geometry: ChartGeometry;
}) {
  return suggested.map((suggestion) =>
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
  );
}

/** What the chart says of the day under the pointer or the keyboard, beside it. */
export function DayTooltip({
  details,
  left,
  width,
}: {
  details: { heading: string; value: string; weekChange: string; notes: string[] };
  left: number;
  width: number;
}) {
  return (
    <div
      role="presentation"
      data-testid="traffic-tooltip"
      className="pointer-events-none absolute top-2 z-10 w-56 max-w-[70%] rounded-md border bg-popover p-2 text-xs text-popover-foreground shadow-md"
      style={left > width / 2 ? { right: Math.max(4, width - left + 12) } : { left: left + 12 }}
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
  );
}
