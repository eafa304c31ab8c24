import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** A classic inline script: `<script>`, or the page loader's `<script data-modules>` (a `src` would make it a file). */
const inlineScript = /<script(?: data-modules="[^"]*")?>([\s\S]*?)<\/script>/g;

/**
 * The Content-Security-Policy sources (`'sha256-…'`) that allow exactly the inline scripts of
 * `html`: the browser hashes the text between the tags as it stands, so this does too.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(inlineScript)].map(
    ([, body]) =>
      `'sha256-${createHash("sha256")
        .update(body ?? "", "utf8")
        .digest("base64")}'`,
  );
}

/**
 * The inline scripts of the built web app's pages: the app shell (index.html, with the pre-paint
 * theme script) and the pre-rendered pages in pages/ (which add the script that loads their
 * modules after the first paint).
 */
export function builtInlineScriptHashes(webRoot: string | null): string[] {
  if (!webRoot || !existsSync(path.join(webRoot, "index.html"))) return [];
  const pagesFolder = path.join(webRoot, "pages");
  const files = [
    path.join(webRoot, "index.html"),
    ...(existsSync(pagesFolder)
      ? readdirSync(pagesFolder)
          .filter((name) => name.endsWith(".html"))
          .map((name) => path.join(pagesFolder, name))
      : []),
  ];
  return [...new Set(files.flatMap((file) => inlineScriptHashes(readFileSync(file, "utf8"))))];
}
