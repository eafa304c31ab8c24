// The assistant's costs: model calls and prompt size for a single-action turn (scripted model,
// no network), and the offline engine's latency. Uses the built product (dist/).
import path from "node:path";
import { MockLanguageModelV3 } from "ai/test";

const dist = path.resolve("dist");
const { createLlmAssistant } = await import(
  path.join(dist, "server/features/chat/llm-assistant.js")
);
const { understandMessage } = await import(
  path.join(dist, "server/features/chat/offline-engine/understand-message.js")
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
        input: JSON.stringify({ title: "Launch", date: "2026-11-20" }),
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
  createAnnotation: async (input) => ({
    ok: true,
    value: { annotationId: "1", title: input.title, annotationDate: input.date, color: "BLUE" },
  }),
};
await createLlmAssistant({ model, timeoutMs: 5_000 }).respond({
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
console.log(
  `  fixed system + tools prompt  ≈ ${String(fixedTokens).padStart(6)} tokens target ≤ 2000   ${fixedTokens <= 2000 ? "ok" : "OVER TARGET"}`,
);

const messages = [
  "Create an annotation called Launch on 2025-03-01",
  "add 'Checkout outage' yesterday in red",
  "show me last month's annotations",
  'rename "Sale" to "Winter sale"',
  "move Launch to Friday",
  "delete the last one",
  "yes",
  "what annotations do I have in March",
];
const context = { now: new Date("2026-11-23T15:00:00Z"), timeZone: "Europe/Paris" };
for (let warm = 0; warm < 200; warm += 1)
  understandMessage(messages[warm % messages.length], context);
const samples = [];
for (let run = 0; run < 5000; run += 1) {
  const started = performance.now();
  understandMessage(messages[run % messages.length], context);
  samples.push(performance.now() - started);
}
samples.sort((a, b) => a - b);
const p50 = samples[Math.floor(samples.length * 0.5)];
const p99 = samples[Math.floor(samples.length * 0.99)];
console.log(
  `  offline engine latency   p50 ${p50.toFixed(3)} ms, p99 ${p99.toFixed(3)} ms   target p99 ≤ 5 ms   ${p99 <= 5 ? "ok" : "OVER TARGET"}`,
);
