import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
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

/**
 * The address the legal pages give for privacy requests and legal notices. The pages are drawn at
 * build time, so it is read when the web app is built (LEGAL_CONTACT_EMAIL, README), and a value
 * that is not an address stops the build rather than publish a broken contact.
 */
function legalContactEmail(): string {
  const configured = process.env.LEGAL_CONTACT_EMAIL?.trim();
  if (!configured) return "legal@tidemark.app";
  if (!/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(configured))
    throw new Error(`LEGAL_CONTACT_EMAIL must be one email address, not "${configured}"`);
  return configured;
}

export default defineConfig({
  root: "src/web",
  define: { __LEGAL_CONTACT_EMAIL__: JSON.stringify(legalContactEmail()) },
  publicDir: "public",
  plugins: [inlineThemeScript(), react(), tailwindcss()],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: true,
    // scripts/size-check.mjs reads the manifest to measure what the dashboard's first screen loads.
    manifest: true,
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL("src/web/index.html", import.meta.url)),
        // A pre-rendered page's own script (the `script` of its route in app/page-routes.ts),
        // loaded by that page instead of the app.
        landing: fileURLToPath(
          new URL("src/web/features/home/landing-page-script.ts", import.meta.url),
        ),
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 5000),
    strictPort: true,
    proxy: { "/api": { target: apiTarget, changeOrigin: false } },
  },
});
