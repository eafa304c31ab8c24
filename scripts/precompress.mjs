// Compresses the web build once, at build time: every text file gets a .br (brotli, best quality)
// and a .gz (gzip, level 9) beside it, which the server picks from by the request's
// Accept-Encoding. A variant that would not be smaller than the file is not written, and the
// server then sends the file itself.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const textExtensions = new Set([
  ".html",
  ".js",
  ".mjs",
  ".css",
  ".svg",
  ".json",
  ".map",
  ".txt",
  ".xml",
  ".webmanifest",
]);

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* textFiles(folder) {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    // .vite/ holds the build manifest, which is read by our scripts and never served.
    if (entry.name.startsWith(".")) continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* textFiles(full);
    else if (textExtensions.has(path.extname(entry.name))) yield full;
  }
}

async function compressFile(file) {
  const raw = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipAsync(raw, { level: 9 }),
  ]);
  let written = 0;
  if (br.length < raw.length) {
    await writeFile(`${file}.br`, br);
    written++;
  }
  if (gz.length < raw.length) {
    await writeFile(`${file}.gz`, gz);
    written++;
  }
  return written;
}

export async function precompress(root) {
  const files = [];
  for await (const file of textFiles(root)) files.push(file);
  const counts = await Promise.all(files.map(compressFile));
  return { files: files.length, variants: counts.reduce((sum, count) => sum + count, 0) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(process.argv[2] ?? "dist/web");
  const { files, variants } = await precompress(root);
  console.log(`precompress: ${variants} brotli/gzip variants for ${files} text files in ${root}`);
}
