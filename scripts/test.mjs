// `npm test`: every unit and integration test (Vitest), then the browser journeys (Playwright).
import { spawnSync } from "node:child_process";

const passThrough = process.argv.slice(2);

const unit = spawnSync("npx", ["vitest", "run"], { stdio: "inherit" });
if (unit.status !== 0) process.exit(unit.status ?? 1);

const e2e = spawnSync("node", ["scripts/e2e.mjs", ...passThrough], { stdio: "inherit" });
process.exit(e2e.status ?? 1);
