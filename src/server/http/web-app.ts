import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { CurrentUser } from "../../shared/contracts/auth.js";
import type { ErrorBody } from "../../shared/contracts/errors.js";
import { isApiPath } from "./api-path.js";
import { publicRoute } from "./identity.js";
import {
  drawSignedInPage,
  type SignedInPageRenderer,
  type SignedInPageSource,
} from "./signed-in-page.js";

export {
  firstDataBudgetMs,
  jsonForScriptElement,
  type SignedInPageRenderer,
} from "./signed-in-page.js";

/** What the build's pre-renderer wrote (dist/web/pages/pages.json); paths relative to webRoot. */
interface PageManifest {
  /** Pre-rendered public pages by exact path, drawn as a signed-out visitor sees them. */
  pages: Record<string, string>;
  /** The pre-rendered 404 page. */
  notFound: string;
  /** Signed-in pages: the app shell draws them in the browser. */
  appPaths: string[];
  /** The app shell: the built index.html, whose #root the browser fills. */
  shell: string;
  /**
   * A signed-in page's own shell: the app shell that also asks for that page's code at once
   * (modulepreload), so it arrives with the entry instead of after it. By path; optional.
   */
  shells?: Record<string, string>;
  /** The compiled page renderer (dist/web-render), relative to webRoot; optional. */
  renderer?: string;
  /** A signed-in page around marked places the server fills per request. By path; optional. */
  signedIn?: Record<string, string>;
  markers?: { app: string; data: string };
}

const pageManifestFile = path.join("pages", "pages.json");
const loginPath = "/login";

function readPageManifest(webRoot: string): PageManifest | null {
  const file = path.join(webRoot, pageManifestFile);
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, "utf8")) as PageManifest;
}

/**
 * Serves the built web app. Hashed assets are cached for a year; pages never are, so a deploy
 * reaches people on their next navigation.
 *
 * Pages: a signed-out visitor gets the public pages pre-rendered (readable before any script
 * runs); a signed-in one gets the app shell, so "/" never shows them the landing page on the way
 * to their home screen. Addresses with a query string get the shell too, because the HTML was
 * drawn for the bare address and the page may read the query. Signed-in pages redirect visitors
 * to /login. Unknown addresses get the 404 page with status 404; unknown API paths a JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    webRoot: string | null;
    /** Production never serves the build's source maps. */
    production?: boolean;
    /** Whether the request carries a live session; without it every visitor counts as signed out. */
    isSignedIn?: (request: FastifyRequest) => Promise<boolean>;
    /** The signed-in person as GET /api/auth/user describes them, to draw their pages with. */
    currentUser?: (request: FastifyRequest) => Promise<CurrentUser | null>;
    /** Draws signed-in pages; by default the build's renderer, when the build has one. */
    renderer?: SignedInPageRenderer;
  },
): Promise<void> {
  const { webRoot, isSignedIn = async () => false, currentUser } = options;
  const indexPath = webRoot ? path.join(webRoot, "index.html") : null;
  const hasWebApp = indexPath !== null && existsSync(indexPath);
  const manifest = webRoot && hasWebApp ? readPageManifest(webRoot) : null;
  const renderer =
    options.renderer ?? (webRoot && manifest ? await loadRenderer(app, webRoot, manifest) : null);
  const signedInPages = new Map<string, string>();
  if (webRoot && manifest?.signedIn && manifest.markers) {
    for (const [pagePath, file] of Object.entries(manifest.signedIn)) {
      signedInPages.set(pagePath, readFileSync(path.join(webRoot, file), "utf8"));
    }
  }

  if (webRoot && hasWebApp) {
    await registerStaticFiles(app, webRoot, options.production);
  } else if (webRoot) {
    app.log.warn(`The web app is not built (${webRoot} has no index.html); run "npm run build".`);
  }

  const pages: PageChoice = {
    manifest,
    isSignedIn,
    source: { app, renderer, pages: signedInPages, markers: manifest?.markers, currentUser },
  };
  const answer = (request: FastifyRequest, reply: FastifyReply) =>
    answerPage(pages, request, reply);

  if (manifest) {
    for (const pagePath of [...Object.keys(manifest.pages), ...manifest.appPaths]) {
      // Signed-in pages are drawn per request, so they are compressed per request; files that
      // were compressed at build time go out as they are (the plugin leaves an encoded reply be).
      app.get(pagePath, { ...publicRoute, compress: {} }, answer);
    }
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split("?")[0] ?? "";
    const isPageRequest =
      (request.method === "GET" || request.method === "HEAD") &&
      !isApiPath(request.url) &&
      !isSourceMap(pathname);
    if (isPageRequest && hasWebApp) return answer(request, reply);
    return reply
      .code(404)
      .send({ error: `Not found: ${request.method} ${pathname}` } satisfies ErrorBody);
  });
}

async function registerStaticFiles(
  app: FastifyInstance,
  webRoot: string,
  production: boolean | undefined,
): Promise<void> {
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    // Pages are chosen per request below; compressed variants are found by their original's name.
    globIgnore: ["pages/**", "**/*.br", "**/*.gz"],
    // The build writes a .br and a .gz beside every text file; the request's Accept-Encoding
    // picks one (with Vary: Accept-Encoding), and a missing one falls back to the next or to
    // the file itself.
    preCompressed: true,
    // The build keeps source maps for local debugging; production never serves them, so the
    // original source is not published.
    allowedPath: (pathname) => !(production && isSourceMap(pathname)),
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
}

/** What choosing a page for a request needs. */
interface PageChoice {
  manifest: PageManifest | null;
  isSignedIn: (request: FastifyRequest) => Promise<boolean>;
  source: SignedInPageSource;
}

function sendPage(reply: FastifyReply, file: string, status = 200) {
  return (
    reply
      .code(status)
      .header("Cache-Control", "no-cache")
      // Who is signed in decides between the pre-rendered page and the shell.
      .header("Vary", "Cookie")
      .type("text/html; charset=utf-8")
      .sendFile(file)
  );
}

async function answerPage(
  { manifest, isSignedIn, source }: PageChoice,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (!manifest) return sendPage(reply, "index.html");
  const queryAt = request.url.indexOf("?");
  const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  // A failed session check counts as signed out: the public pages rather than an error.
  const signedIn = await isSignedIn(request).catch(() => false);
  const asVisitor = queryAt === -1 && !signedIn;
  const prerendered = manifest.pages[pathname];
  if (prerendered) return sendPage(reply, asVisitor ? prerendered : manifest.shell);
  if (manifest.appPaths.includes(pathname)) {
    // Signed-in pages send visitors to log in; the server knows at once, so no page is drawn
    // on the way there.
    if (!signedIn) return reply.header("Cache-Control", "no-store").redirect(loginPath);
    const drawn = await drawSignedInPage(
      source,
      request,
      pathname,
      queryAt === -1 ? "" : request.url.slice(queryAt + 1),
    );
    if (drawn !== null) {
      return (
        reply
          .code(200)
          // Drawn for this person: never kept by a shared cache.
          .header("Cache-Control", "private, no-cache")
          .header("Vary", "Cookie")
          .type("text/html; charset=utf-8")
          .send(drawn)
      );
    }
    return sendPage(reply, manifest.shells?.[pathname] ?? manifest.shell);
  }
  return sendPage(reply, asVisitor ? manifest.notFound : manifest.shell, 404);
}

async function loadRenderer(
  app: FastifyInstance,
  webRoot: string,
  manifest: PageManifest,
): Promise<SignedInPageRenderer | null> {
  if (!manifest.renderer) return null;
  const file = path.resolve(webRoot, manifest.renderer);
  if (!existsSync(file)) {
    app.log.warn(`The page renderer ${file} is missing; signed-in pages draw in the browser.`);
    return null;
  }
  return (await import(pathToFileURL(file).href)) as SignedInPageRenderer;
}

function isSourceMap(pathname: string): boolean {
  return pathname.endsWith(".map");
}
