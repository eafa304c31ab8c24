// The shape of the production code, counted: files over 600 lines, functions over 100 lines,
// pairs of files that share a run of six or more lines, and circles of files importing each other. The house's limits are the aims (none
// over 600, at most 40 functions over 100 lines, at most 25 pairs); CI holds each figure at or
// below its ceiling in scripts/code-shape-ceilings.json, which is lowered as the code gets there
// and never raised. `node scripts/code-shape.mjs --list` names what each figure counts.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..");
const list = process.argv.includes("--list");
const aims = { filesOver600: 0, functionsOver100: 40, duplicatePairs: 25, importCircles: 0 };
const ceilings = JSON.parse(
  readFileSync(path.join(root, "scripts/code-shape-ceilings.json"), "utf8"),
);

/** Production sources: every .ts and .tsx under src/ but tests, test kits and declarations. */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "testing" ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}
const files = sources(path.join(root, "src")).map((file) => ({
  name: path.relative(root, file),
  text: readFileSync(file, "utf8"),
}));

const longFiles = files
  .map(({ name, text }) => ({ name, lines: text.split("\n").length }))
  .filter((file) => file.lines > 600);

const longFunctions = [];
for (const { name, text } of files) {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (end - start + 1 > 100)
        longFunctions.push(`${name}:${start + 1} (${end - start + 1} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

// A line that says something: not blank, not a comment, not an import, not punctuation alone.
const meaningful = (line) =>
  line !== "" &&
  !/^(\/\/|\/\*|\*|import\b|export \{|export \* from)/.test(line) &&
  !/^[\s{}()[\];,.:<>/=|&?!+*-]*$/.test(line);
const window = 6;
const places = new Map();
for (const { name, text } of files) {
  const lines = text
    .split("\n")
    .map((line) => line.trim().replace(/\s+/g, " "))
    .filter(meaningful);
  for (let i = 0; i + window <= lines.length; i++) {
    const key = lines.slice(i, i + window).join("\n");
    const at = places.get(key) ?? new Set();
    at.add(name);
    places.set(key, at);
  }
}
const pairs = new Set();
for (const at of places.values()) {
  // A run in many files is a shape the language or a framework asks for, not a copy.
  if (at.size < 2 || at.size > 8) continue;
  const named = [...at].sort();
  for (let a = 0; a < named.length; a++)
    for (let b = a + 1; b < named.length; b++) pairs.add(`${named[a]} ~ ${named[b]}`);
}

// Files that import each other, through any chain of relative imports (type-only ones too: a
// circle of types still means neither file can be read, or moved, without the other).
const byName = new Map(files.map((file) => [file.name, file]));
const importsOf = new Map();
for (const { name, text } of files) {
  const targets = new Set();
  // A lazy import() is an arrow too: a chunk that imports its own loader is still a circle.
  const named = /(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"|\bimport\(\s*"(\.[^"]+)"\s*\)/g;
  for (const match of text.matchAll(named)) {
    const base = path.join(path.dirname(name), match[1] ?? match[2]).replace(/\.js$/, "");
    const found = [".ts", ".tsx", "/index.ts"].map((end) => base + end).find((f) => byName.has(f));
    if (found) targets.add(found);
  }
  importsOf.set(name, targets);
}
const circles = [];
{
  // Tarjan's strongly connected components: each of more than one file is a circle.
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const visit = (file) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of importsOf.get(file)) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file), low.get(next)));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), index.get(next)));
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) circles.push(component.sort().join(" → "));
  };
  for (const file of importsOf.keys()) if (!index.has(file)) visit(file);
}

const figures = {
  filesOver600: longFiles.length,
  functionsOver100: longFunctions.length,
  duplicatePairs: pairs.size,
  importCircles: circles.length,
};
const details = {
  filesOver600: longFiles.map((file) => `${file.name} (${file.lines} lines)`),
  functionsOver100: longFunctions,
  duplicatePairs: [...pairs],
  importCircles: circles,
};
let over = false;
console.log(`Code shape of ${files.length} production files:`);
for (const [name, value] of Object.entries(figures)) {
  const ceiling = ceilings[name];
  const verdict =
    value > ceiling ? "OVER ITS CEILING" : value > aims[name] ? "above the aim" : "ok";
  console.log(
    `  ${name.padEnd(18)} ${String(value).padStart(4)}   ceiling ${ceiling}, aim ${aims[name]}   ${verdict}`,
  );
  if (value > ceiling) over = true;
  if (list) for (const item of details[name]) console.log(`      ${item}`);
}
if (over) {
  console.error(
    "code shape: a figure is over its ceiling (scripts/code-shape-ceilings.json); run with --list to see what it counts.",
  );
  process.exit(1);
}
