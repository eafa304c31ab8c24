// JavaScript budgets, gzipped, for what a first visit downloads before a page can run: the entry
// chunk, the page's own chunk (src/web/app/routes/<name>-route.tsx), the chunks its first screen
// draws (the dashboard's current mode) and everything they import statically. Pages are split by route (src/web/app/page-routes.ts), so each budget covers only
// its page: the landing page within 120 KB, the dashboard's first screen within its own.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const budgets = [
  { name: "Landing page (/)", chunks: ["app/routes/home-route.tsx"], budgetKb: 120 },
  {
    // Property View is the mode people land in after signing in.
    name: "Dashboard first screen (/dashboard?mode=property)",
    chunks: ["app/routes/dashboard-route.tsx", "features/dashboard/property-view.tsx"],
    budgetKb: 130,
  },
];

const webDist = path.resolve("dist/web");
const manifest = JSON.parse(readFileSync(path.join(webDist, ".vite", "manifest.json"), "utf8"));
const entryKey = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
if (!entryKey) {
  console.error("size check: no entry chunk in the Vite manifest; run `npm run build` first.");
  process.exit(1);
}

let failed = false;
for (const { name, chunks, budgetKb } of budgets) {
  for (const key of chunks) {
    if (!manifest[key]) {
      console.error(`size check: ${key} is not a chunk of its own in the Vite manifest.`);
      process.exit(1);
    }
  }
  const loaded = new Set();
  const load = (key) => {
    if (loaded.has(key)) return;
    loaded.add(key);
    for (const imported of manifest[key].imports ?? []) load(imported);
  };
  load(entryKey);
  for (const key of chunks) load(key);

  let total = 0;
  const rows = [];
  for (const key of loaded) {
    const file = manifest[key].file;
    if (!file.endsWith(".js")) continue;
    const gzipped = gzipSync(readFileSync(path.join(webDist, file)), { level: 9 }).length;
    total += gzipped;
    rows.push(`  ${(gzipped / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  }
  console.log(`${name}, initial JavaScript (gzipped):\n${rows.join("\n")}`);
  console.log(`  ${(total / 1024).toFixed(1).padStart(7)} KB  total, budget ${budgetKb} KB\n`);
  if (total > budgetKb * 1024) {
    console.error(`size check: ${name} is over its JavaScript budget.`);
    failed = true;
  }
}
if (failed) process.exit(1);
