// The chaos test (test/chaos.test.ts) run longer than CI's fixed seed: more steps on more seeds,
// each a fresh database on the PostgreSQL server in DATABASE_URL (the test needs PostgreSQL, as the
// product's process is killed and started again on it). Prints each run's counts; duplicates, lost
// and misreported must be 0, and a run that finds one fails the bench with the cases it found.
import { spawnSync } from "node:child_process";

const databaseUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const steps = Number(process.env.BENCH_CHAOS_STEPS ?? 300);
const seeds = (process.env.BENCH_CHAOS_SEEDS ?? "101,202").split(",").map(Number);

if (!databaseUrl) {
  console.log("Chaos run skipped: set DATABASE_URL to a PostgreSQL server to run it.");
  process.exit(0);
}
console.log(`Chaos run on PostgreSQL (${steps} steps per seed, seeds ${seeds.join(", ")}):`);
for (const seed of seeds) {
  const run = spawnSync(
    "npx",
    ["vitest", "run", "--project", "node", "test/chaos.test.ts", "--reporter", "dot"],
    {
      env: {
        ...process.env,
        TEST_DATABASE_URL: databaseUrl,
        CHAOS_SEED: String(seed),
        CHAOS_STEPS: String(steps),
      },
      encoding: "utf8",
    },
  );
  const output = `${run.stdout}\n${run.stderr}`;
  const counts = /chaos seed=.*$/m.exec(output);
  console.log(`  ${counts ? counts[0] : `seed ${seed}: no counts printed`}`);
  if (run.status !== 0) {
    console.log(output.slice(-6_000));
    process.exitCode = 1;
  }
}
