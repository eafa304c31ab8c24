import { readFileSync, writeFileSync } from "node:fs";
import { it } from "vitest";
import { scoreCorpus } from "../src/server/features/chat/skills/corpus-check.js";
it("dumps", () => {
  const sets = scoreCorpus((name) =>
    readFileSync(new URL(`./assistant-corpus/${name}.txt`, import.meta.url), "utf8"),
  );
  const out: Record<string, unknown[]> = {};
  for (const s of sets)
    out[s.name] = s.results.map((r) => ({
      line: r.case.line,
      message: r.case.message,
      passed: r.passed,
      wrong: r.wrongWrite,
      diff: r.differences,
      clicks: (r as { clicks?: number }).clicks,
    }));
  writeFileSync(process.env.OUT ?? "/tmp/zz/out.json", JSON.stringify(out));
  for (const s of sets) {
    const p = s.results.filter((r) => r.passed).length;
    const w = s.results.filter((r) => r.wrongWrite).length;
    console.log(`${s.name}: ${p}/${s.results.length} (${((100 * p) / s.results.length).toFixed(1)}%) wrong ${w}`);
  }
}, 600000);
