// The build's output for the public pages: each is real HTML with its content (readable before
// any script runs), set up for hydration, and precompressed. Builds the web app if it is missing.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliDecompressSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { inlineScriptHashes } from "../src/server/http/inline-scripts.js";
import type { SignedInPageRenderer } from "../src/server/http/web-app.js";
import { anAnnotation } from "./annotation-fixtures.js";

const webDist = path.resolve("dist/web");
const manifestFile = path.join(webDist, "pages", "pages.json");

interface PageManifest {
  pages: Record<string, string>;
  notFound: string;
  appPaths: string[];
  shell: string;
  shells: Record<string, string>;
  renderer: string;
  signedIn: Record<string, string>;
  markers: { app: string; data: string };
}
let manifest: PageManifest;

beforeAll(() => {
  if (!existsSync(manifestFile)) {
    const build = spawnSync("npm", ["run", "--silent", "build:web"], { encoding: "utf8" });
    if (build.status !== 0) throw new Error(`npm run build:web failed:\n${build.stderr}`);
  }
  manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as PageManifest;
}, 120_000);

const read = (file: string) => readFileSync(path.join(webDist, file), "utf8");
/** The text a person reads, tags and comments removed, entities for quotes and & decoded. */
const visibleText = (html: string) =>
  html
    .replace(/<!--.*?-->/gs, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

const expectations: [string, string, string[]][] = [
  ["/", "Tidemark: annotate Google Analytics 4", ["Every spike in your analytics", "Freemium"]],
  [
    "/privacy",
    "Privacy Policy · Tidemark",
    [
      "Privacy Policy",
      "Information we collect",
      "Exporting your data",
      "If you have not used Tidemark for 2 years, a daily job deletes your account",
      "ends your sessions on every device",
      "ask Google to revoke Tidemark's access",
      "The file never contains secrets",
    ],
  ],
  [
    "/terms",
    "Terms of Service · Tidemark",
    ["Terms of Service", "You can delete your account yourself on your Account page"],
  ],
  ["/login", "Log in · Tidemark", ["Log in to Tidemark", "Continue with Google"]],
  // Drawn without a token: a real link's address has a query, so it gets the app shell.
  ["/login/continue", "Sign in · Tidemark", ["This sign-in link is incomplete"]],
  ["/signup", "Create your account · Tidemark", ["Create your account"]],
  ["/plans", "Choose Your Plan · Tidemark", ["Choose Your Plan", "Premium"]],
];

describe("pre-rendered public pages", () => {
  it.each(expectations)(
    "%s carries its title and content in the HTML",
    (pagePath, title, texts) => {
      const file = manifest.pages[pagePath];
      expect(file, `pages.json maps ${pagePath}`).toBeDefined();
      const html = read(file!);
      const head = html.slice(0, html.indexOf("</head>"));
      // The landing page is drawn only: its own script makes it interactive, not the app.
      const drawnOnly = pagePath === "/";
      const rootTag = `<div id="root" ${drawnOnly ? "data-drawn-only" : "data-prerendered"}>`;
      expect(html).toContain(rootTag);
      const root = html.slice(html.indexOf(rootTag));
      expect(head).toContain(`<title>${title}`);
      // No script in <head> but the pre-paint theme script: the page paints from the HTML alone.
      expect(head).not.toMatch(/<script[^>]* src=/);
      expect(head).not.toContain('rel="modulepreload"');
      // The loader at the end of <body> names the entry first and the page's own chunk with it,
      // so both are asked for at once after the first paint.
      const loader = /<script data-modules="([^"]+)">[\s\S]*?<\/script>\s*<\/body>/.exec(html);
      expect(loader, "the module loader ends <body>").not.toBeNull();
      const modules = loader![1]!.split(" ");
      if (drawnOnly) {
        expect(modules[0]).toMatch(/^\/assets\/landing-[\w-]+\.js$/);
        // Neither the app's entry nor any page's code: nothing is hydrated.
        expect(
          modules.filter((module) => /\/(index|[\w-]+-route)-[\w-]+\.js$/.test(module)),
        ).toEqual([]);
      } else {
        expect(modules[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
        expect(modules.some((module) => /^\/assets\/[\w-]+-route-[\w-]+\.js$/.test(module))).toBe(
          true,
        );
      }
      // The header and footer are there too, so nothing arrives later around the content.
      expect(root).toContain("<header");
      expect(root).toContain("<footer");
      for (const text of texts) expect(visibleText(root)).toContain(text);
      // The title lives in <head> only; React draws nothing else outside #root.
      expect(root).not.toContain("<title>");
      expect(head).toContain(`<meta property="og:title" content="${title}`);
      // Exactly two inline scripts, the theme and the loader: the CSP allows each by its hash.
      expect(inlineScriptHashes(html)).toHaveLength(2);
      expect(html).not.toMatch(/<template id="B:/);
      // First paint waits until the whole drawn page is parsed: half a hero would grow.
      expect(head).toContain('<link rel="expect" href="#drawn-page-end" blocking="render" />');
      expect(html.indexOf('<template id="drawn-page-end"></template>')).toBeGreaterThan(
        html.lastIndexOf("</footer>"),
      );
    },
  );

  it("draws the 404 page for unknown addresses", () => {
    const html = read(manifest.notFound);
    expect(html).toContain("<title>Page not found · Tidemark</title>");
    expect(visibleText(html)).toContain("404 Page Not Found");
  });

  it("leaves the signed-in pages to the app shell", () => {
    expect(manifest.appPaths).toEqual(expect.arrayContaining(["/dashboard", "/mode-selection"]));
    expect(read(manifest.shell)).toContain('<div id="root"></div>');
    // Each signed-in page's own shell asks for its chunks with the entry.
    const dashboard = read(manifest.shells["/dashboard"]!);
    expect(dashboard).toContain('<div id="root"></div>');
    expect(dashboard).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/dashboard-route-/,
    );
  });

  it("draws signed-in pages per request with the build's renderer, around marked pages", async () => {
    const page = read(manifest.signedIn["/dashboard"]!);
    expect(page).toMatch(/<style>/);
    expect(page).toMatch(/<link rel="stylesheet" href="\/assets\/index-[^"]+\.css" disabled>/);
    expect(page).toContain(`<div id="root" data-server-rendered>${manifest.markers.app}</div>`);
    expect(page).toContain(manifest.markers.data);
    expect(page).toMatch(/<script data-modules="\/assets\/index-[^"]+\.js /);

    const { renderSignedInPage } = (await import(
      pathToFileURL(path.resolve(webDist, manifest.renderer)).href
    )) as SignedInPageRenderer;
    const asked: string[] = [];
    const annotation = anAnnotation({ propertyId: "42", title: "Winter sale launched" });
    const { title, body, queries } = await renderSignedInPage({
      pathname: "/dashboard",
      search: "mode=property",
      cookieHeader: "tidemark_property=u1.42",
      user: {
        id: "u1",
        email: "ada@example.com",
        firstName: null,
        lastName: null,
        profileImageUrl: null,
        subscriptionTier: "freemium",
        annotationQuota: 5,
        propertyQuota: 1,
        dailyAnnotationCount: 0,
        lockedPropertyId: "42",
        propertyChangeAllowedFrom: null,
        wantsPremiumNotice: false,
        canSelectPremium: false,
        isAuditBetaUser: false,
      },
      fetchData: async (apiPath: string) => {
        asked.push(apiPath);
        if (apiPath === "/api/annotations/42") return { reportingDataAnnotations: [annotation] };
        return undefined;
      },
    });
    // The mode and the property (its id until the saved properties are read).
    expect(title).toBe("<title>Property View · 42 · Tidemark</title>");
    const text = visibleText(body);
    expect(text).toContain("Manage annotations for property 42");
    expect(text).toContain("Winter sale launched");
    expect(asked).toEqual(expect.arrayContaining(["/api/annotations/42", "/api/google/status"]));
    expect(queries).toEqual([
      { key: ["/api/annotations", "42"], data: { reportingDataAnnotations: [annotation] } },
    ]);
  });

  it("precompresses every text file of the build with brotli and gzip", () => {
    const missing: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        if (entry.name.startsWith(".")) continue;
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(html|js|css|svg|json|map|txt)$/.test(entry.name)) {
          const raw = readFileSync(full);
          // A variant that would not be smaller is left out on purpose (tiny files).
          if (raw.length < 200) continue;
          if (!existsSync(`${full}.br`) || !existsSync(`${full}.gz`)) missing.push(full);
        }
      }
    };
    walk(webDist);
    expect(missing).toEqual([]);
    const home = path.join(webDist, manifest.pages["/"]!);
    expect(brotliDecompressSync(readFileSync(`${home}.br`)).toString()).toBe(
      readFileSync(home, "utf8"),
    );
  });
});
