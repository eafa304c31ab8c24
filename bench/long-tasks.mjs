// Names the code inside each long main-thread task of a Chrome trace (one that
// bench/lighthouse.mjs records with BENCH_DASHBOARD_TRACE=file). For each task of 50 ms or more:
// its start, length and the source functions (through dist/web's source maps) that took the most
// of it, counting a function once per sample however deep it recurs. With --all, every task of
// 20 ms or more. With --cpu, a task's length is its thread's CPU time times 4 (the trace's
// `tdur`, which leaves out the throttle's pauses and the time other processes held the CPU), as
// Lighthouse's simulation scales an unthrottled trace: the measure to compare on a busy machine.
// Usage: node bench/long-tasks.mjs trace.json [--all] [--cpu]
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";

const [file, ...flags] = process.argv.slice(2);
if (!file) throw new Error("usage: node bench/long-tasks.mjs trace.json [--all] [--cpu]");
const threshold = flags.includes("--all") ? 20 : 50;
const cpuSlowdown = 4;
/** A task's length in µs: as recorded, or (--cpu) its CPU time at Lighthouse's 4x slowdown. */
const length = flags.includes("--cpu")
  ? (task) => (task.tdur ?? task.dur) * cpuSlowdown
  : (task) => task.dur;
const ms = (micro) => (micro / 1000).toFixed(0);
const raw = JSON.parse(readFileSync(file, "utf8"));
const events = Array.isArray(raw) ? raw : raw.traceEvents;

// The page's main thread: the renderer thread that navigated to an address (the dashboard), or
// else the one that ran the most tasks.
const navigations = events.filter(
  (e) => e.name === "navigationStart" && e.args?.data?.documentLoaderURL?.startsWith("http"),
);
const mainThreads = events.filter(
  (event) => event.name === "thread_name" && event.args?.name === "CrRendererMain",
);
const busiest =
  navigations.map(({ pid, tid }) => ({ pid, tid })).at(-1) ??
  mainThreads
    .map(({ pid, tid }) => ({
      pid,
      tid,
      busy: events
        .filter((e) => e.pid === pid && e.tid === tid && e.name === "RunTask")
        .reduce((sum, e) => sum + (e.dur ?? 0), 0),
    }))
    .sort((a, b) => b.busy - a.busy)[0];
if (!busiest) throw new Error("the trace has no renderer main thread");
const onMain = (event) => event.pid === busiest.pid && event.tid === busiest.tid;

const navigation =
  navigations.filter(onMain).at(-1) ??
  events.find((e) => onMain(e) && e.name === "navigationStart" && e.args?.data?.isLoadingMainFrame);
const origin = navigation?.ts ?? Math.min(...events.filter(onMain).map((e) => e.ts ?? Infinity));
const paint = events.find(
  (e) => e.pid === busiest.pid && e.name === "firstContentfulPaint" && e.ts >= origin,
);

const tasks = events
  .filter((e) => onMain(e) && e.name === "RunTask" && e.ph === "X" && length(e) >= threshold * 1000)
  .sort((a, b) => a.ts - b.ts);

// The JavaScript profile: nodes (a call tree) and, per sample, the node it stood in and when.
const nodes = new Map();
const samples = [];
for (const event of events) {
  if (event.pid !== busiest.pid || event.name !== "ProfileChunk") continue;
  const chunk = event.args?.data?.cpuProfile;
  if (!chunk) continue;
  for (const node of chunk.nodes ?? []) nodes.set(node.id, node);
  let time = samples.at(-1)?.ts ?? 0;
  const deltas = event.args.data.timeDeltas ?? [];
  (chunk.samples ?? []).forEach((id, index) => {
    time += deltas[index] ?? 0;
    samples.push({ id, ts: time });
  });
}
// The profile counts from its own start; align it with the trace's clock.
const profileStart = events.find((e) => e.pid === busiest.pid && e.name === "Profile");
const offset = profileStart?.args?.data?.startTime ?? 0;
for (const sample of samples) sample.ts += offset;
const parents = new Map();
for (const node of nodes.values())
  for (const child of node.children ?? []) parents.set(child, node.id);
for (const node of nodes.values()) if (node.parent !== undefined) parents.set(node.id, node.parent);

const maps = new Map();
function mapFor(url) {
  if (maps.has(url)) return maps.get(url);
  let map = null;
  const match = /\/assets\/[^?#]+\.js$/.exec(url ?? "");
  const local = match && path.join("dist/web", `${match[0]}.map`);
  if (local && existsSync(local)) map = new TraceMap(readFileSync(local, "utf8"));
  maps.set(url, map);
  return map;
}

/** 'function (src/web/…/file.tsx:line)' for a profile frame, through the source map if any. */
function describe(frame) {
  const map = mapFor(frame.url);
  if (!map)
    return `${frame.functionName || "(anonymous)"} ${frame.url ? path.basename(frame.url) : ""}`;
  const at = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!at.source)
    return `${frame.functionName || "(anonymous)"} (${path.basename(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber})`;
  const source = at.source.replace(/^(\.\.\/)+/, "").replace(/^.*node_modules\//, "");
  return `${at.name ?? frame.functionName ?? "(anonymous)"} (${source}:${at.line})`;
}

console.log(
  `Main-thread tasks of ${threshold} ms or more (times from navigation start; first contentful paint at ${paint ? ms(paint.ts - origin) : "?"} ms)`,
);
const afterPaint = tasks.filter((task) => !paint || task.ts >= paint.ts);
const blocking = afterPaint.reduce((sum, task) => sum + Math.max(0, length(task) - 50_000), 0);
console.log(
  `  after first paint: ${afterPaint.length} tasks, longest ${ms(Math.max(0, ...afterPaint.map(length)))} ms, blocking time (sum of each task's part over 50 ms) ${ms(blocking)} ms; the whole load: ${tasks.length} tasks, ${ms(tasks.reduce((sum, task) => sum + Math.max(0, length(task) - 50_000), 0))} ms over 50 ms`,
);
for (const task of tasks) {
  const end = task.ts + task.dur;
  const inTask = samples.filter((s) => s.ts >= task.ts && s.ts < end);
  const inclusive = new Map();
  const self = new Map();
  let previous = task.ts;
  for (const sample of inTask) {
    const weight = sample.ts - previous;
    previous = sample.ts;
    const seen = new Set();
    let id = sample.id;
    let leaf = true;
    while (id !== undefined) {
      const node = nodes.get(id);
      if (!node) break;
      const frame = node.callFrame;
      if (frame.url && frame.functionName !== "(root)") {
        const name = describe(frame);
        if (leaf) self.set(name, (self.get(name) ?? 0) + weight);
        leaf = false;
        if (!seen.has(name)) {
          seen.add(name);
          inclusive.set(name, (inclusive.get(name) ?? 0) + weight);
        }
      } else if (leaf && frame.functionName) {
        self.set(frame.functionName, (self.get(frame.functionName) ?? 0) + weight);
        leaf = false;
      }
      id = parents.get(id);
    }
  }
  const top = (table, count) =>
    [...table]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, micro]) => `      ${ms(micro).padStart(5)} ms  ${name}`)
      .join("\n");
  const ours = new Map([...inclusive].filter(([name]) => name.includes("src/web/")));
  // What the browser did in the task, by trace event (script, style, layout, paint…), self time.
  const inside = events.filter(
    (e) => onMain(e) && e.ph === "X" && e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end,
  );
  const kinds = new Map();
  for (const event of inside) {
    const children = inside.filter(
      (c) => c !== event && c.ts >= event.ts && c.ts + (c.dur ?? 0) <= event.ts + event.dur,
    );
    // Only direct children count against an event's own time.
    const direct = children.filter(
      (c) =>
        !children.some(
          (o) => o !== c && o.ts <= c.ts && o.ts + o.dur >= c.ts + c.dur && o.dur > c.dur,
        ),
    );
    const own = event.dur - direct.reduce((sum, c) => sum + c.dur, 0);
    kinds.set(event.name, (kinds.get(event.name) ?? 0) + Math.max(0, own));
  }
  const breakdown = [...kinds]
    .sort((a, b) => b[1] - a[1])
    .filter(([, micro]) => micro >= 1000)
    .slice(0, 6)
    .map(([name, micro]) => `${name} ${ms(micro)}`)
    .join(", ");
  console.log(
    `\n  ${ms(task.ts - origin).padStart(6)} ms: task of ${ms(length(task))} ms (recorded ${ms(task.dur)} ms, CPU ${ms(task.tdur ?? 0)} ms; ${breakdown})`,
  );
  if (inTask.length === 0) {
    console.log("      (no JavaScript samples: style, layout, paint or parsing)");
    continue;
  }
  console.log(`    our code, inclusive:\n${top(ours, 12)}`);
  console.log(`    self time:\n${top(self, 8)}`);
}
