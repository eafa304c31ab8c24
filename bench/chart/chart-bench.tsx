// The traffic chart's render time, in the browser, from the product's own component: bench/chart.mjs
// builds this page with Vite (production React, the app's stylesheet) outside the product bundle
// and reads window.chartBench. Synthetic data: 365 days of weekly-patterned sessions, 200
// single-day annotations (some days hold several, so markers stack) and a few unexplained days.
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { TrafficChart } from "../../src/web/features/annotations/traffic-chart";
import { addDays } from "../../src/shared/contracts/traffic";
import { annotationColors } from "../../src/shared/annotation-colors";
import { parseIsoDate } from "../../src/shared/calendar-date";
import type { Annotation } from "../../src/shared/contracts/annotations";
import type { TrafficChange, TrafficDay } from "../../src/shared/contracts/traffic";

const params = new URLSearchParams(window.location.search);
const dayCount = Number(params.get("days") ?? 365);
const markerCount = Number(params.get("markers") ?? 200);
const runs = Number(params.get("runs") ?? 25);
const width = Number(params.get("width") ?? 960);

const firstDay = "2025-11-23";
const days: TrafficDay[] = Array.from({ length: dayCount }, (_, index) => ({
  date: addDays(firstDay, index),
  // A weekly rhythm, a slow trend and a little noise that is the same on every run.
  value: Math.round(1_000 + 300 * Math.sin((index % 7) * 0.9) + index * 2 + ((index * 7919) % 97)),
}));
const annotations: Annotation[] = Array.from({ length: markerCount }, (_, index) => {
  // Spread over the year, two to a day now and then.
  const date = days[Math.floor((index * dayCount) / (markerCount * 1.1))]!.date;
  return {
    annotationId: String(index + 1),
    name: `properties/1/reportingDataAnnotations/${index + 1}`,
    title: `Release ${index + 1}`,
    description: "Synthetic, for the render benchmark.",
    annotationDate: parseIsoDate(date)!,
    color: annotationColors[index % annotationColors.length]!,
    dateAdded: null,
    categoryId: null,
    systemGenerated: index % 25 === 0,
  };
});
const unexplained: TrafficChange[] = [40, 120, 200, 310].map((index) => ({
  date: days[Math.min(index, dayCount - 1)]!.date,
  value: 2_500,
  expected: 1_000,
  change: 1.5,
  direction: "spike",
}));

const noop = () => undefined;
const container = document.getElementById("chart")!;
container.style.width = `${width}px`;
// The same element for every mount: the bench measures the chart, not building its props.
const chart = (
  <TrafficChart
    metric="sessions"
    days={days}
    annotations={annotations}
    unexplained={unexplained}
    onOpenAnnotation={noop}
    onAnnotateChange={noop}
    onCreateAt={noop}
    width={width}
  />
);

/** One mount from nothing: React's render and commit, then the style and layout it causes. */
function renderOnce(): number {
  const root = createRoot(container);
  const started = performance.now();
  flushSync(() => {
    root.render(chart);
  });
  // Reading a size makes the browser finish style and layout now, inside the measurement.
  container.getBoundingClientRect();
  const elapsed = performance.now() - started;
  root.unmount();
  return elapsed;
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

async function run() {
  const first = renderOnce();
  await nextFrame();
  const samples: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    samples.push(renderOnce());
    await nextFrame();
  }
  samples.sort((a, b) => a - b);
  const markers = (() => {
    const root = createRoot(container);
    flushSync(() => root.render(chart));
    const counts = {
      elements: container.querySelectorAll("*").length,
      buttons: container.querySelectorAll("button, [role=button]").length,
    };
    root.unmount();
    return counts;
  })();
  return {
    days: dayCount,
    markers: markerCount,
    width,
    firstMs: first,
    medianMs: samples[Math.floor(samples.length / 2)]!,
    p90Ms: samples[Math.floor(samples.length * 0.9)]!,
    runs,
    ...markers,
  };
}

(window as unknown as { chartBench: Promise<unknown> }).chartBench = run();
