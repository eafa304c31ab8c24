import { Bot, Table2 } from "lucide-react";
import {
  annotationColorSwatches,
  type AnnotationColor,
} from "../../../../shared/annotation-colors";
import { useHydrated } from "../../../lib/use-hydrated";
import { demoDay, demoDayAttribute } from "../demo-days";

// Illustrative data only: the last 20 days of sessions, up to yesterday, with an outage dip, a
// release and yesterday's launch spike.
const sessions = [30, 32, 29, 34, 33, 37, 35, 36, 19, 16, 31, 36, 39, 40, 42, 41, 44, 43, 46, 63];
const chart = { width: 320, height: 88, padding: 6 };

function pointAt(index: number): { x: number; y: number } {
  const max = Math.max(...sessions);
  const step = (chart.width - chart.padding * 2) / (sessions.length - 1);
  const value = sessions[index] ?? 0;
  return {
    x: chart.padding + index * step,
    y: chart.height - chart.padding - (value / max) * (chart.height - chart.padding * 2),
  };
}

const linePath = sessions
  .map((_, index) => {
    const { x, y } = pointAt(index);
    return `${index === 0 ? "M" : "L"}${x.toFixed(1)},${y.toFixed(1)}`;
  })
  .join(" ");
const lastX = pointAt(sessions.length - 1).x.toFixed(1);
const firstX = pointAt(0).x.toFixed(1);
const areaPath = `${linePath} L${lastX},${chart.height} L${firstX},${chart.height} Z`;

interface SampleAnnotation {
  title: string;
  color: AnnotationColor;
  /** Where the annotation sits on the sessions chart, whose last day is yesterday. */
  chartIndex: number;
}

const sampleAnnotations: SampleAnnotation[] = [
  { title: "Winter Sale Launch", color: "PURPLE", chartIndex: 19 },
  { title: "Checkout v2 release", color: "BLUE", chartIndex: 12 },
  { title: "CDN outage (EU)", color: "RED", chartIndex: 8 },
];

/** How many days before the visitor's today a point of the chart is: the last one is yesterday. */
function daysAgoOf(chartIndex: number): number {
  return sessions.length - chartIndex;
}

/**
 * The demo's days, from the visitor's today: "yesterday" is their yesterday. The page is drawn at
 * build time, so until a script fills them in the days are held as blank space of their width (no
 * stale day is ever shown, and nothing moves when they arrive). On the pre-rendered landing page
 * that script is the page's own (features/home/landing-page-script.ts), which finds them by their
 * attribute; where React draws the page, it does.
 */
function DemoDay({ chartIndex }: { chartIndex: number }) {
  const hydrated = useHydrated();
  const daysAgo = daysAgoOf(chartIndex);
  return (
    <span
      {...{ [demoDayAttribute]: daysAgo }}
      className={hydrated ? "tabular-nums" : "tabular-nums invisible"}
    >
      {hydrated ? demoDay(daysAgo, new Date()) : "0000-00-00"}
    </span>
  );
}

function SessionsChart() {
  return (
    <svg viewBox={`0 0 ${chart.width} ${chart.height}`} className="h-auto w-full">
      <defs>
        <linearGradient id="preview-area" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="var(--brand-gradient-from)" stopOpacity="0.28" />
          <stop offset="100%" stopColor="var(--brand-gradient-from)" stopOpacity="0" />
        </linearGradient>
      </defs>
      <path d={areaPath} fill="url(#preview-area)" />
      <path
        d={linePath}
        fill="none"
        stroke="var(--brand-gradient-from)"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      {sampleAnnotations.map(({ chartIndex, color }) => {
        const { x } = pointAt(chartIndex);
        const hex = annotationColorSwatches[color].hex;
        return (
          <g key={chartIndex}>
            <line
              x1={x}
              x2={x}
              y1={10}
              y2={chart.height}
              stroke={hex}
              strokeWidth="1.5"
              strokeDasharray="3 3"
            />
            <circle cx={x} cy={8} r={4} fill={hex} />
          </g>
        );
      })}
    </svg>
  );
}

/**
 * A static sketch of the app for the hero. Decorative, hence hidden from assistive technology:
 * the surrounding copy already says what the product does.
 */
export function ProductPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-lg select-none lg:max-w-none">
      <div className="absolute -inset-4 -z-10 rounded-[2rem] bg-linear-to-br from-brand-from/25 to-brand-to/20 blur-2xl" />
      <div className="overflow-hidden rounded-2xl border bg-card shadow-2xl shadow-primary/10">
        <div className="flex items-center justify-between gap-3 border-b bg-muted/50 px-4 py-3">
          <div className="flex gap-1.5">
            <span className="size-2.5 rounded-full bg-[#ff5f57]" />
            <span className="size-2.5 rounded-full bg-[#febc2e]" />
            <span className="size-2.5 rounded-full bg-[#28c840]" />
          </div>
          <div className="flex rounded-md bg-background p-0.5 text-[11px] font-medium shadow-xs">
            <span className="flex items-center gap-1 rounded-sm bg-primary px-2 py-1 text-primary-foreground">
              <Bot className="size-3" /> Agent Mode
            </span>
            <span className="flex items-center gap-1 px-2 py-1 text-muted-foreground">
              <Table2 className="size-3" /> Property View
            </span>
          </div>
        </div>

        <div className="flex flex-col gap-4 p-4 sm:p-5">
          <div className="rounded-lg border bg-background/60 p-3">
            <div className="mb-1 flex items-baseline justify-between text-xs">
              <span className="font-medium">Sessions · Property 314159265</span>
              <span className="text-muted-foreground">Last 20 days</span>
            </div>
            <SessionsChart />
          </div>

          <div className="flex flex-col gap-2 text-[13px] leading-snug">
            <p className="ml-auto max-w-[85%] rounded-2xl rounded-br-sm bg-primary px-3 py-2 text-primary-foreground">
              Add an annotation for yesterday: Winter Sale launch on paid social, AU only.
            </p>
            <p className="mr-auto max-w-[90%] rounded-2xl rounded-bl-sm bg-muted px-3 py-2">
              Done. I created{" "}
              <span className="font-medium">
                CAMPAIGN · Paid Social · Winter Sale Launch · AU · Prod
              </span>{" "}
              on <DemoDay chartIndex={sampleAnnotations[0]!.chartIndex} />.
            </p>
          </div>

          <ul className="divide-y rounded-lg border text-[13px]">
            {sampleAnnotations.map(({ chartIndex, title, color }) => (
              <li key={chartIndex} className="flex items-center gap-3 px-3 py-2">
                <span
                  className="size-2.5 shrink-0 rounded-full"
                  style={{ backgroundColor: annotationColorSwatches[color].hex }}
                />
                <span className="font-mono text-xs text-muted-foreground">
                  <DemoDay chartIndex={chartIndex} />
                </span>
                <span className="truncate">{title}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
