// Pre-renders the public pages into dist/web/pages/ after `vite build`: each page as a signed-out
// visitor first sees it, drawn by the same React components (compiled for Node by Vite's SSR
// build) and placed in the built index.html, which the browser then hydrates — or, for a page
// whose route names a script of its own (the landing page), which that script alone makes
// interactive, without the app. Each page carries
// the stylesheet inline and loads its scripts after the first paint (src/web/load-after-paint.js),
// so the first paint needs the HTML alone. Signed-in pages get the same page around a marked
// #root, which the server fills per request from the compiled renderer (kept in dist/web-render).
// Also writes pages/pages.json, which tells the server which file answers which address.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";

const webDist = path.resolve("dist/web");
const serverBundle = path.resolve("dist/web-render");
const pagesFolder = path.join(webDist, "pages");

await build({
  logLevel: "warn",
  build: {
    ssr: "server-render.tsx",
    outDir: serverBundle,
    emptyOutDir: true,
    copyPublicDir: false,
    manifest: false,
    sourcemap: false,
  },
});
const { notFoundRoute, pageRoutes, renderPage } = await import(
  pathToFileURL(path.join(serverBundle, "server-render.js")).href
);

const template = await readFile(path.join(webDist, "index.html"), "utf8");
const manifest = JSON.parse(await readFile(path.join(webDist, ".vite", "manifest.json"), "utf8"));

/** Every JS file a page's module needs beyond the entry, so the HTML can ask for them at once. */
function chunksOf(module) {
  const key = `app/routes/${module}.tsx`;
  if (!manifest[key]) throw new Error(`prerender: ${key} is not in the Vite manifest`);
  return importsOf(key);
}

/** A chunk's JS files and those it imports, in load order, leaving out the app's entry. */
function importsOf(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || (chunk.isEntry && chunk.src === "index.html") || files.has(chunk.file))
    return [...files];
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) importsOf(imported, files);
  return [...files];
}

/**
 * A page's own script (its route's `script`), built as an entry of its own: the files it loads,
 * itself first. It must not load the app's entry: that is what it stands in for.
 */
function pageScriptFiles(script) {
  if (!manifest[script]?.isEntry)
    throw new Error(`prerender: ${script} is not an entry of the build (vite.config.ts)`);
  const files = importsOf(script);
  if (files.includes(manifest["index.html"]?.file))
    throw new Error(`prerender: ${script} would load the app's entry`);
  return files;
}

const rootTag = '<div id="root"></div>';
if (!template.includes(rootTag)) throw new Error(`prerender: index.html has no ${rootTag}`);

// The stylesheet goes into each page's <head>: as a file it is a request that blocks the first
// paint (a round trip on a new connection); inline, the HTML alone draws the page. It is the
// app's only stylesheet, so pages reached later in the browser find every rule already there.
const stylesheetLinks = [
  ...template.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g),
];
if (stylesheetLinks.length !== 1)
  throw new Error(
    `prerender: expected one stylesheet in index.html, found ${stylesheetLinks.length}`,
  );
const [stylesheetLink, stylesheetFile] = stylesheetLinks[0];
const stylesheet = await readFile(path.join(webDist, stylesheetFile), "utf8");
// The page's scripts leave <head>: src/web/load-after-paint.js (inline, at the end of <body>)
// requests them after the first paint, so the browser draws the HTML before it downloads and
// runs code that only makes the page interactive.
const entryScripts = [
  ...template.matchAll(/<script type="module" crossorigin src="(\/[^"]+\.js)"><\/script>\s*/g),
];
if (entryScripts.length !== 1)
  throw new Error(
    `prerender: expected one entry script in index.html, found ${entryScripts.length}`,
  );
const [entryTag, entryUrl] = entryScripts[0];
const sharedPreloads = [
  ...template.matchAll(/<link rel="modulepreload" crossorigin href="(\/[^"]+)">\s*/g),
];
// The file's link stays, disabled (so it is never fetched): Vite's loader for code fetched later
// adds the stylesheet of the modules it loads unless a link to it is already on the page, and a
// second copy of the same 56 KB of rules made Chromium parse it again and restyle every element
// (a 150 ms task at Lighthouse's 4x CPU) in the middle of hydration.
const stylesheetMarker = `<link rel="stylesheet" href="/${stylesheetFile}" disabled>`;
// Chromium paints a long page while it is still parsing it, and a half-parsed hero grows as the
// rest of it arrives (a centred column moves down: a layout shift). Rendering waits until the end
// of the drawn page is parsed; it is one small file, so this costs a few milliseconds at most.
const renderEnd = "drawn-page-end";
let pageTemplate = template
  .replace(
    stylesheetLink,
    () =>
      `<style>${stylesheet.replaceAll("</style", "<\\/style")}</style>\n    ${stylesheetMarker}`,
  )
  .replace("</head>", `  <link rel="expect" href="#${renderEnd}" blocking="render" />\n  </head>`)
  .replace(entryTag, "");
for (const [tag] of sharedPreloads) pageTemplate = pageTemplate.replace(tag, "");
const loader = (await readFile(path.resolve("src/web/load-after-paint.js"), "utf8")).trim();

function pageHtml(rendered, module, rootAttribute = "data-prerendered", script = undefined) {
  // React writes the page's <title> first; it belongs in <head>, in place of the default one.
  const titleMatch = /^<title>(.*?)<\/title>/.exec(rendered);
  const body = titleMatch ? rendered.slice(titleMatch[0].length) : rendered;
  // The app's entry and the page's chunks, or the page's own script alone (nothing is hydrated).
  const modules = script
    ? new Set(pageScriptFiles(script).map((file) => `/${file}`))
    : new Set([entryUrl, ...sharedPreloads.map(([, url]) => url)]);
  if (!script) for (const file of chunksOf(module)) modules.add(`/${file}`);
  let html = pageTemplate.replace(
    rootTag,
    `<div id="root" ${rootAttribute}>${body}</div><template id="${renderEnd}"></template>`,
  );
  if (titleMatch) {
    html = html
      .replace(/<title>.*?<\/title>/, titleMatch[0])
      .replace(
        '<meta property="og:title" content="Tidemark" />',
        `<meta property="og:title" content="${titleMatch[1]}" />`,
      );
  }
  return html.replace(
    "</body>",
    `  <script data-modules="${[...modules].join(" ")}">\n${loader}\n</script>\n  </body>`,
  );
}

await rm(pagesFolder, { recursive: true, force: true });
await mkdir(pagesFolder, { recursive: true });
const pages = {};
for (const route of pageRoutes.filter((candidate) => candidate.prerender)) {
  const file = `${route.module.replace(/-route$/, "")}.html`;
  await writeFile(
    path.join(pagesFolder, file),
    pageHtml(
      await renderPage(route.path),
      route.module,
      route.script ? "data-drawn-only" : "data-prerendered",
      route.script,
    ),
  );
  pages[route.path] = `pages/${file}`;
}
// An address no page claims; it draws the 404 page, as any unknown address would.
await writeFile(
  path.join(pagesFolder, "not-found.html"),
  pageHtml(await renderPage("/__not-found__"), notFoundRoute.module),
);
// Signed-in pages: the server draws each request's page into #root (at the marker) and sends the
// person's facts with it (at the data marker); the browser hydrates it. Each also gets a copy of
// the app shell that asks for its chunks at once, which the server sends if drawing fails.
const appMarker = "<!--tidemark:app-->";
const dataMarker = "<!--tidemark:data-->";
const signedIn = {};
const shells = {};
for (const route of pageRoutes.filter((candidate) => !candidate.prerender)) {
  const name = route.module.replace(/-route$/, "");
  const frame = pageHtml(appMarker, route.module, "data-server-rendered").replace(
    `${appMarker}</div>`,
    `${appMarker}</div>\n    ${dataMarker}`,
  );
  await writeFile(path.join(pagesFolder, `${name}-signed-in.html`), frame);
  signedIn[route.path] = `pages/${name}-signed-in.html`;
  const preloads = chunksOf(route.module)
    .map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk}">`)
    .join("\n    ");
  await writeFile(
    path.join(pagesFolder, `${name}-shell.html`),
    template.replace("</head>", `  ${preloads}\n  </head>`),
  );
  shells[route.path] = `pages/${name}-shell.html`;
}
await writeFile(
  path.join(pagesFolder, "pages.json"),
  `${JSON.stringify(
    {
      pages,
      notFound: "pages/not-found.html",
      // Signed-in pages: the app shell (index.html) draws them in the browser.
      appPaths: pageRoutes.filter((route) => !route.prerender).map((route) => route.path),
      shell: "index.html",
      shells,
      // Drawn per request by the renderer (relative to dist/web), around these pages' markers.
      renderer: "../web-render/server-render.js",
      signedIn,
      markers: { app: appMarker, data: dataMarker },
    },
    null,
    2,
  )}\n`,
);
console.log(`prerender: ${Object.keys(pages).length} pages and the 404 page in ${pagesFolder}`);
