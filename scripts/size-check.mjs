// The landing route's JavaScript budget: everything a first visit to / downloads before it can
// render (the entry chunk, its static imports, and the landing feature's chunk if it is split
// out), gzipped, must stay within 120 KB. Signed-in areas must be lazy-loaded to fit.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const budgetBytes = 120 * 1024;
const webDist = path.resolve("dist/web");
const manifest = JSON.parse(readFileSync(path.join(webDist, ".vite", "manifest.json"), "utf8"));

const entries = Object.entries(manifest);
const entryKey = entries.find(([, chunk]) => chunk.isEntry)?.[0];
if (!entryKey) {
  console.error("size check: no entry chunk in the Vite manifest; run `npm run build` first.");
  process.exit(1);
}

const loaded = new Set();
function load(key) {
  if (loaded.has(key)) return;
  loaded.add(key);
  for (const imported of manifest[key].imports ?? []) load(imported);
}
load(entryKey);
for (const [key] of entries) {
  if (/features\/landing\//.test(key) && manifest[key].isDynamicEntry) load(key);
}

let total = 0;
const rows = [];
for (const key of loaded) {
  const file = manifest[key].file;
  if (!file.endsWith(".js")) continue;
  const gzipped = gzipSync(readFileSync(path.join(webDist, file)), { level: 9 }).length;
  total += gzipped;
  rows.push(`  ${(gzipped / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}

console.log(`Landing route initial JavaScript (gzipped):\n${rows.join("\n")}`);
console.log(
  `  ${(total / 1024).toFixed(1).padStart(7)} KB  total, budget ${budgetBytes / 1024} KB`,
);
if (total > budgetBytes) {
  console.error("size check: the landing route is over its JavaScript budget.");
  process.exit(1);
}
