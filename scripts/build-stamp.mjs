// Lets `npm start` skip the build when nothing it reads has changed since the last one.
//
//   node scripts/build-stamp.mjs clear    before a build: a build cut short leaves no stamp
//   node scripts/build-stamp.mjs write    after a successful build: records what it was built from
//   node scripts/build-stamp.mjs ensure   `npm start`: builds only when the stamp is missing or stale
//
// The stamp is a SHA-256 over every file the build reads (sources, build scripts and configs,
// the lockfile), kept in dist/ beside the output it describes. A fresh clone, a pulled commit, an
// edited source or a changed dependency all change the hash; running the product never does.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const stampFile = path.join(root, "dist", ".build-stamp.json");
/** Outputs `npm start` cannot run without; a stamp beside a half-deleted dist/ does not count. */
const requiredOutputs = ["dist/main.js", "dist/web/index.html", "dist/web-render/server-render.js"];

/** What the build reads: folders are walked, test files skipped (they never reach dist/). */
const inputs = [
  "src",
  "scripts/build-stamp.mjs",
  "scripts/prerender.mjs",
  "scripts/precompress.mjs",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "tsconfig.base.json",
  "tsconfig.node.json",
  "tsconfig.web.json",
];
const isTestFile = (name) => /\.test\.tsx?$/.test(name);

function* filesUnder(relative) {
  const entries = readdirSync(path.join(root, relative), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) yield* filesUnder(child);
    else if (entry.isFile() && !isTestFile(entry.name)) yield child;
  }
}

function sourceHash() {
  const hash = createHash("sha256");
  for (const input of inputs) {
    const absolute = path.join(root, input);
    if (!existsSync(absolute)) continue;
    const files = statSync(absolute).isDirectory() ? [...filesUnder(input)] : [input];
    for (const file of files) {
      // Name and content both count, separated so that no two file sets hash alike.
      hash.update(`${file}\0`);
      hash.update(readFileSync(path.join(root, file)));
      hash.update("\0");
    }
  }
  return hash.digest("hex");
}

function readStamp() {
  try {
    return JSON.parse(readFileSync(stampFile, "utf8"));
  } catch {
    return null;
  }
}

function isUpToDate(hash) {
  const stamp = readStamp();
  return (
    stamp?.hash === hash && requiredOutputs.every((output) => existsSync(path.join(root, output)))
  );
}

const command = process.argv[2];
if (command === "clear") {
  rmSync(stampFile, { force: true });
} else if (command === "write") {
  writeFileSync(
    stampFile,
    `${JSON.stringify({ hash: sourceHash(), builtAt: new Date().toISOString(), node: process.versions.node }, null, 2)}\n`,
  );
} else if (command === "ensure") {
  if (isUpToDate(sourceHash())) {
    console.log("Build is up to date (nothing changed since the last build); starting.");
  } else {
    console.log("Sources changed since the last build (or there is none); building first.");
    const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
} else {
  console.error("Usage: node scripts/build-stamp.mjs clear|write|ensure");
  process.exit(2);
}
