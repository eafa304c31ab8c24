import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { builtInlineScriptHashes, inlineScriptHashes } from "./inline-scripts.js";

// Expected digests come from `printf '<text>' | openssl dgst -sha256 -binary | base64`.
const alertHash = "'sha256-5jFwrAK0UV47oFbVg/iCCBbxD8X1w+QvoOUepu4C2YA='"; // "alert(1);"
const loadHash = "'sha256-rk2L09/iheRs87SxrVt0Yn92kXVKnMmurcLhM9VesNo='"; // "\nload();\n"

describe("inline script hashes", () => {
  it("hash the exact text of each inline script, as the browser does", () => {
    const html = `<head><script>alert(1);</script></head><body><script data-modules="/a.js /b.js">\nload();\n</script></body>`;
    expect(inlineScriptHashes(html)).toEqual([alertHash, loadHash]);
  });

  it("leave out scripts that are files, whose text the policy's 'self' covers", () => {
    const html = `<script type="module" crossorigin src="/assets/index.js"></script><script src="/x.js"></script>`;
    expect(inlineScriptHashes(html)).toEqual([]);
  });

  it("cover the app shell and every pre-rendered page of a build, each hash once", async () => {
    const webRoot = await mkdtemp(path.join(tmpdir(), "tidemark-inline-"));
    try {
      await mkdir(path.join(webRoot, "pages"));
      await writeFile(path.join(webRoot, "index.html"), "<script>alert(1);</script>");
      await writeFile(
        path.join(webRoot, "pages", "home.html"),
        `<script>alert(1);</script><script data-modules="/h.js">\nload();\n</script>`,
      );
      await writeFile(
        path.join(webRoot, "pages", "privacy.html"),
        `<script>alert(1);</script><script data-modules="/p.js">\nload();\n</script>`,
      );
      await writeFile(path.join(webRoot, "pages", "pages.json"), "<script>ignored()</script>");
      expect(builtInlineScriptHashes(webRoot).sort()).toEqual([alertHash, loadHash].sort());
    } finally {
      await rm(webRoot, { recursive: true, force: true });
    }
  });

  it("are none without a built web app", () => {
    expect(builtInlineScriptHashes(null)).toEqual([]);
    expect(builtInlineScriptHashes(path.join(tmpdir(), "tidemark-no-such-build"))).toEqual([]);
  });
});
