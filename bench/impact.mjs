// The impact method's accuracy on effects planted in the sandbox's synthetic traffic (a longer run
// than the test's seeded subset), and its CPU cost: 200 annotations over a year of days.
// Uses the built product (dist/).
import path from "node:path";

const dist = path.resolve(process.env.BENCH_DIST ?? "dist");
const { runCauseValidation, runImpactValidation, summarise } = await import(
  path.join(dist, "sandbox/testing/impact-validation.js")
);
const { estimateImpact, impactWindow } = await import(
  path.join(dist, "shared/impact/estimate-impact.js")
);
const cases = Number(process.env.BENCH_IMPACT_CASES ?? 2000);
const seeds = [11, 12];

const percent = (x) => `${(x * 100).toFixed(1)} %`;
console.log(
  `Impact of annotations on planted effects (${cases} cases per seed, seeds ${seeds.join(", ")}):`,
);
for (const seed of seeds) {
  const summary = summarise(runImpactValidation({ seed, cases }));
  console.log(
    `  seed ${seed}: ${summary.planted} planted, median error ${percent(summary.medianRelativeError)} of the effect (target ≤ 20 %), 90 % interval coverage ${percent(summary.coverage)} (target 85–95 %), "likely" with nothing planted ${percent(summary.falseLikely)} (target ≤ 10 %)`,
  );
}

for (const seed of seeds) {
  const causes = runCauseValidation({ seed, cases: Math.min(cases, 1000) });
  console.log(
    `  seed ${seed}: planted cause ranked first in ${percent(causes.firstRate)} of ${causes.cases} changes (target ≥ 80 %)`,
  );
}

// CPU: the Impact column's work for 200 annotations over 365 days of one series.
const days = [];
for (let i = 0; i < 365 + 140; i++) {
  const date = new Date(Date.UTC(2025, 6, 1) + i * 86_400_000).toISOString().slice(0, 10);
  days.push({ date, value: 1000 + ((i * 7919) % 200) });
}
const annotations = Array.from({ length: 200 }, (_, i) => ({
  date: days[140 + Math.floor((i * 365) / 200)].date,
  ...(i % 3 === 0
    ? { endDate: days[Math.min(days.length - 1, 145 + Math.floor((i * 365) / 200))].date }
    : {}),
}));
const samples = [];
// The first pass compiles the code; a server computes the column many times, so warm passes count.
for (const annotation of annotations) estimateImpact(days, impactWindow(annotation));
for (let run = 0; run < 5; run++) {
  const before = process.cpuUsage();
  for (const annotation of annotations) estimateImpact(days, impactWindow(annotation));
  const used = process.cpuUsage(before);
  samples.push((used.user + used.system) / 1000);
}
samples.sort((a, b) => a - b);
console.log(
  `  CPU for 200 annotations on 365 days: ${samples[2].toFixed(1)} ms (median of 5 warm passes; target ≤ 50 ms)`,
);
