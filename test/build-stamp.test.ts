import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { projectRoot } from "../src/server/paths.js";

/**
 * `npm start` builds only when what the build reads changed. The script runs in a small project
 * of its own whose "build" counts how often it ran and writes the outputs `npm start` needs.
 */
let root: string;
const builds = () => readFileSync(path.join(root, "builds.log"), "utf8").split("\n").length - 1;

function stamp(command: "ensure" | "write" | "clear") {
  const result = spawnSync(process.execPath, ["scripts/build-stamp.mjs", command], {
    cwd: root,
    encoding: "utf8",
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "tidemark-build-stamp-"));
  mkdirSync(path.join(root, "scripts"));
  cpSync(
    path.join(projectRoot, "scripts/build-stamp.mjs"),
    path.join(root, "scripts/build-stamp.mjs"),
  );
  mkdirSync(path.join(root, "src/web"), { recursive: true });
  writeFileSync(path.join(root, "src/main.ts"), "export {};\n");
  writeFileSync(path.join(root, "src/main.test.ts"), "// a test\n");
  writeFileSync(path.join(root, "package-lock.json"), "{}\n");
  writeFileSync(path.join(root, "builds.log"), "");
  const build = [
    "const fs = require('node:fs');",
    "fs.appendFileSync('builds.log', 'built\\n');",
    "for (const f of ['dist/web/index.html', 'dist/web-render/server-render.js', 'dist/main.js']) {",
    "  fs.mkdirSync(require('node:path').dirname(f), { recursive: true }); fs.writeFileSync(f, ''); }",
  ].join(" ");
  writeFileSync(
    path.join(root, "package.json"),
    JSON.stringify({
      name: "stamp-fixture",
      private: true,
      scripts: {
        build: `node scripts/build-stamp.mjs clear && node -e "${build}" && node scripts/build-stamp.mjs write`,
      },
    }),
  );
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("npm start's build stamp", () => {
  it("builds on the first start, then not again until a source or the lockfile changes", () => {
    expect(stamp("ensure")).toMatch(/building first/);
    expect(builds()).toBe(1);

    expect(stamp("ensure")).toMatch(/up to date/);
    expect(builds()).toBe(1);

    // A test file never reaches dist/: editing one is no reason to build.
    appendFileSync(path.join(root, "src/main.test.ts"), "// more\n");
    stamp("ensure");
    expect(builds()).toBe(1);

    appendFileSync(path.join(root, "src/main.ts"), "// changed\n");
    stamp("ensure");
    expect(builds()).toBe(2);

    writeFileSync(path.join(root, "src/web/new-page.tsx"), "export {};\n");
    stamp("ensure");
    expect(builds()).toBe(3);

    writeFileSync(path.join(root, "package-lock.json"), '{"changed":true}\n');
    stamp("ensure");
    expect(builds()).toBe(4);
    stamp("ensure");
    expect(builds()).toBe(4);
  });

  it("builds again when an output is missing or a build was cut short", () => {
    stamp("ensure");
    rmSync(path.join(root, "dist/web"), { recursive: true });
    stamp("ensure");
    expect(builds()).toBe(2);

    // A build that started clears the stamp first; stopped before it finished, it leaves none.
    stamp("clear");
    stamp("ensure");
    expect(builds()).toBe(3);
  });
});
