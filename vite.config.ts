import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { readFileSync } from "node:fs";
import { defineConfig, type Plugin } from "vite";

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? "5001"}`;

const themeScriptTag = '<script src="/theme-init.js"></script>';

/**
 * Puts src/web/theme-init.js into <head> as an inline script. As a file it cost a round trip
 * that blocked the parser (and so the first paint) on every page; inline, the first paint needs
 * the HTML alone. The server allows it by its hash in the Content-Security-Policy, taken from
 * the built index.html (src/server/http/inline-scripts.ts).
 */
function inlineThemeScript(): Plugin {
  const source = readFileSync(new URL("src/web/theme-init.js", import.meta.url), "utf8").trim();
  return {
    name: "tidemark:inline-theme-script",
    transformIndexHtml: {
      order: "pre",
      handler(html) {
        if (!html.includes(themeScriptTag)) throw new Error(`index.html has no ${themeScriptTag}`);
        return html.replace(themeScriptTag, `<script>\n${source}\n</script>`);
      },
    },
  };
}

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [inlineThemeScript(), react(), tailwindcss()],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: true,
    // scripts/size-check.mjs reads the manifest to measure what the landing route loads.
    manifest: true,
  },
  server: {
    port: Number(process.env.PORT ?? 5000),
    strictPort: true,
    proxy: { "/api": { target: apiTarget, changeOrigin: false } },
  },
});
