// Proves the product's own Node meets every engine requirement in the lockfile: npm may run on an
// older Node and warn (EBADENGINE), but what runs the product is the `node` dependency. Run
// through `npm run`, so `process.version` is that Node.
import { readFileSync } from "node:fs";
import semver from "semver";

const lock = JSON.parse(readFileSync(new URL("../package-lock.json", import.meta.url), "utf8"));
const unmet = [];
let checked = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  const range = entry.engines?.node;
  if (typeof range !== "string") continue;
  checked++;
  if (!semver.satisfies(process.version, range, { includePrerelease: true }))
    unmet.push(`${location || "tidemark"} needs Node ${range}`);
}
if (unmet.length > 0) {
  console.error(`Node ${process.version} does not meet ${unmet.length} engine requirement(s):`);
  for (const line of unmet) console.error(`  ${line}`);
  process.exit(1);
}
console.log(
  `Node ${process.version} meets all ${checked} engine requirements in package-lock.json.`,
);
