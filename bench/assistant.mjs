// The assistant's costs: model calls and prompt size for a single-action turn (scripted model,
// no network), and the offline engine's latency. Uses the built product (dist/).
import { readFileSync } from "node:fs";
import path from "node:path";
import { MockLanguageModelV3 } from "ai/test";

// BENCH_DIST: a build elsewhere (e.g. tsc --outDir), so a bench never replaces dist/ under others.
const dist = path.resolve(process.env.BENCH_DIST ?? "dist");
const { createLlmAssistant } = await import(
  path.join(dist, "server/features/chat/llm-assistant.js")
);

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};
const calls = [];
const steps = [
  {
    content: [
      {
        type: "tool-call",
        toolCallId: "c1",
        toolName: "createAnnotation",
        input: JSON.stringify({
          title: "Launch",
          annotationDate: { year: 2026, month: 11, day: 20 },
        }),
      },
    ],
    finishReason: { unified: "tool-calls", raw: undefined },
    usage,
    warnings: [],
  },
  {
    content: [{ type: "text", text: "Created “Launch” (2026-11-20)." }],
    finishReason: { unified: "stop", raw: undefined },
    usage,
    warnings: [],
  },
];
const model = new MockLanguageModelV3({
  doGenerate: async (options) => {
    calls.push(options);
    return steps[calls.length - 1] ?? steps[1];
  },
});
const actions = {
  // The model's instructions include today's allowance.
  dailyAllowance: () => ({ used: 0, quota: 5 }),
  propertyId: "123456789",
  categoryName: async () => null,
  prepareCreate: async (request) => ({ ok: true, value: request }),
  // The catalogue's create, as the chat's policy runs it.
  runOperation: async (_operation, { body }) => ({
    ok: true,
    value: {
      annotationId: "1",
      title: body.title,
      description: "",
      annotationDate: body.annotationDate,
      color: "BLUE",
      categoryId: null,
      systemGenerated: false,
      changeId: null,
    },
  }),
};
const answered = await createLlmAssistant({ model, timeoutMs: 5_000 }).respond({
  user: { id: "u", email: "a@b.co", subscriptionTier: "freemium" },
  actions,
  history: [],
  message: "Create an annotation called Launch on 2026-11-20",
  today: { year: 2026, month: 11, day: 23 },
  timeZone: "UTC",
  propertyId: "123456789",
});
const first = calls[0];
const fixedPrompt =
  JSON.stringify(first.prompt.filter((message) => message.role === "system")) +
  JSON.stringify(first.tools);
// About four characters per token for English and JSON: a planning estimate, not a tokenizer.
const fixedTokens = Math.round(fixedPrompt.length / 4);
console.log("Assistant, one create in one turn (scripted model):");
console.log(
  `  model calls                      ${String(calls.length).padStart(6)}      target ≤ 2      ${calls.length <= 2 ? "ok" : "OVER TARGET"}`,
);
// The turn must really have written through the create tool, or its counts measure nothing.
const wrote = answered.card?.annotation?.title === "Launch";
console.log(
  `  the create was written             ${wrote ? "yes" : "NO: the scripted turn failed"}`,
);
console.log(
  `  fixed system + tools prompt  ≈ ${String(fixedTokens).padStart(6)} tokens target ≤ 2000   ${fixedTokens <= 2000 ? "ok" : "OVER TARGET"}`,
);

// The offline engine on the phrasing corpus: accuracy on the development set (what the engine is
// tuned against), the held-out set and the blind sets (never tuned against); wrong writes (a write
// at once whose fields differ from those expected, or where a preview or a question was expected,
// target 0); previews that needed a click (a write was expected); and the latency of each reading.
const { parseCorpus, readCase, scoreCorpus } = await import(
  path.join(dist, "server/features/chat/skills/corpus-check.js")
);
const corpusText = (name) =>
  readFileSync(path.resolve(`test/assistant-corpus/${name}.txt`), "utf8");
const corpus = (name) => parseCorpus(corpusText(name));
console.log(
  "Offline engine on the phrasing corpus (talks: each turn of the conversations; held out: never tuned against):",
);
for (const { name, heldOut, results } of scoreCorpus(corpusText)) {
  const passed = results.filter((result) => result.passed).length;
  const wrong = results.filter((result) => result.wrongWrite).length;
  const clicks = results.filter((result) => result.needsClick).length;
  const share = passed / results.length;
  // The assistant's targets: 95 % of phrasings and 90 % of conversation turns, 0 wrong writes.
  const target = name === "development" ? 0.97 : name.endsWith("talks") ? 0.9 : 0.95;
  console.log(
    `  ${`${name}${heldOut ? " (held out)" : ""}`.padEnd(25)} ${String(passed).padStart(4)}/${String(results.length).padEnd(4)} ${(100 * share).toFixed(1).padStart(5)}%   target ≥ ${100 * target}%   ${share >= target ? "ok" : "UNDER TARGET"}   wrong writes ${wrong} (target 0) ${wrong === 0 ? "ok" : "OVER TARGET"}   drafts needing a click ${clicks}`,
  );
}
const all = [...corpus("dev"), ...corpus("held-out")];
const today = { year: 2026, month: 11, day: 23 };

for (let warm = 0; warm < 400; warm += 1)
  readCase(all[warm % all.length].message, today, all[warm % all.length].expected.q);
// CPU time per reading is the engine's own cost; wall time on a shared, loaded machine also
// counts the time other processes held the CPU, so it is printed beside it.
const cpu = [];
const wall = [];
for (let run = 0; run < 5000; run += 1) {
  const corpusCase = all[run % all.length];
  const startedCpu = process.cpuUsage();
  const started = performance.now();
  readCase(corpusCase.message, today, corpusCase.expected.q);
  wall.push(performance.now() - started);
  const used = process.cpuUsage(startedCpu);
  cpu.push((used.user + used.system) / 1000);
}
const percentile = (values, share) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * share)];
const p99 = percentile(cpu, 0.99);
console.log(
  `  CPU per message      p50 ${percentile(cpu, 0.5).toFixed(3)} ms, p99 ${p99.toFixed(3)} ms   target p99 ≤ 5 ms   ${p99 <= 5 ? "ok" : "OVER TARGET"}`,
);
console.log(
  `  wall per message     p50 ${percentile(wall, 0.5).toFixed(3)} ms, p99 ${percentile(wall, 0.99).toFixed(3)} ms   (includes waiting for a busy machine's CPU)`,
);

// Hostile messages: a seeded sample of the adversarial generator (every unit of hostile material
// alone, repeated to the chat's longest message, then mixes of them), each a whole turn of the
// engine on actions that answer at once. The slowest is what the engine's CPU bound is about.
const { describeHostilePlan, hostileMessage, hostilePlans } = await import(
  path.join(dist, "server/features/chat/offline-engine/hostile-messages.js")
);
const { runPipeline } = await import(path.join(dist, "server/features/chat/skills/pipeline.js"));
const { chatMessageMaxLength } = await import(path.join(dist, "shared/contracts/chat.js"));
const answering = {
  usableCategories: async () => [{ id: "c1", name: "Campaigns" }],
  dailyAllowance: () => ({ used: 1, quota: 5 }),
  listAnnotations: async () => ({ ok: true, value: { propertyId: "1", annotations: [] } }),
};
const hostileActions = new Proxy(answering, {
  get: (target, name) =>
    target[name] ?? (async () => ({ ok: false, error: "That needs Premium." })),
});
const hostileTurn = async (message) => {
  const started = process.cpuUsage();
  await runPipeline({ actions: hostileActions, message, today, propertyId: "1", memory: {} });
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
};
const hostileSeed = 29;
const plans = hostilePlans(hostileSeed, 600, chatMessageMaxLength);
for (const plan of plans.slice(-50)) await hostileTurn(hostileMessage(plan));
const hostile = [];
for (const plan of plans) hostile.push({ plan, cpuMs: await hostileTurn(hostileMessage(plan)) });
const slowest = hostile.reduce((worst, each) => (each.cpuMs > worst.cpuMs ? each : worst));
const hostileTarget = 50;
console.log(`Offline engine on hostile messages (${plans.length}, seed ${hostileSeed}):`);
console.log(
  `  CPU per message      p50 ${percentile(
    hostile.map((each) => each.cpuMs),
    0.5,
  ).toFixed(
    3,
  )} ms, slowest ${slowest.cpuMs.toFixed(1)} ms   target slowest ≤ ${hostileTarget} ms   ${slowest.cpuMs <= hostileTarget ? "ok" : "OVER TARGET"}`,
);
console.log(`  slowest: ${describeHostilePlan(slowest.plan)}`);
