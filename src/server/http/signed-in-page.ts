import type { FastifyInstance, FastifyRequest } from "fastify";
import type { CurrentUser } from "../../shared/contracts/auth.js";
import { firstRenderDataId, type FirstRenderData } from "../../shared/contracts/first-render.js";
import { isApiPath } from "./api-path.js";

/** What the web build's renderer (src/web/server-render.tsx) offers the server. */
export interface SignedInPageRenderer {
  renderSignedInPage(request: {
    pathname: string;
    search: string;
    cookieHeader: string;
    user: CurrentUser;
    fetchData: (path: string) => Promise<unknown>;
  }): Promise<{
    title: string | null;
    body: string;
    queries: FirstRenderData["queries"];
  }>;
}

/**
 * How long a signed-in page waits for its first screen's data (Google's answers, mostly) before
 * it is sent with what has arrived; the browser fetches the rest. Long enough for a usual Admin
 * or Data API answer, short enough that a slow one does not hold the whole page.
 */
export const firstDataBudgetMs = 700;

/**
 * JSON inside an HTML <script> element: no "<" at all, so no text (a name someone chose, say) can
 * close the element or open a comment; JSON.parse reads \u003c back as "<".
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replaceAll("<", "\\u003c");
}

/** What drawing a signed-in page on the server needs; without a renderer or a user, none is drawn. */
export interface SignedInPageSource {
  app: FastifyInstance;
  renderer: SignedInPageRenderer | null;
  /** The build's signed-in pages around their markers, by path. */
  pages: ReadonlyMap<string, string>;
  markers: { app: string; data: string } | undefined;
  currentUser: ((request: FastifyRequest) => Promise<CurrentUser | null>) | undefined;
}

/**
 * A signed-in page drawn for this person, or null when it cannot be (no renderer in this build,
 * the session ended meanwhile, or drawing failed): the browser then draws it from the shell.
 */
export async function drawSignedInPage(
  { app, renderer, pages, markers, currentUser }: SignedInPageSource,
  request: FastifyRequest,
  pathname: string,
  search: string,
): Promise<string | null> {
  const page = pages.get(pathname);
  if (!renderer || !page || !markers || !currentUser) return null;
  try {
    const user = await currentUser(request);
    if (!user) return null;
    const cookieHeader = request.headers.cookie ?? "";
    const deadline = Date.now() + firstDataBudgetMs;
    const { title, body, queries } = await renderer.renderSignedInPage({
      pathname,
      search,
      cookieHeader,
      user,
      fetchData: (apiPath) => fetchAsVisitor(app, apiPath, cookieHeader, deadline),
    });
    const data = `<script type="application/json" id="${firstRenderDataId}">${jsonForScriptElement({ user, queries } satisfies FirstRenderData)}</script>`;
    let html = page.replace(markers.app, () => body).replace(markers.data, () => data);
    if (title) html = html.replace(/<title>.*?<\/title>/, () => title);
    return html;
  } catch (error) {
    request.log.error({ err: error, pathname }, "Drawing a signed-in page failed; sent the shell");
    return null;
  }
}

/**
 * An API GET made inside the server as the page's visitor (their cookies, through the same
 * routes, checks and services as the browser's own request): its JSON on a 200, else undefined,
 * and undefined once the deadline has passed.
 */
async function fetchAsVisitor(
  app: FastifyInstance,
  apiPath: string,
  cookieHeader: string,
  deadline: number,
): Promise<unknown> {
  if (!isApiPath(apiPath)) return undefined;
  const remaining = deadline - Date.now();
  if (remaining <= 0) return undefined;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, remaining, undefined);
  });
  const answer = app
    .inject({
      method: "GET",
      url: apiPath,
      headers: { cookie: cookieHeader, accept: "application/json" },
    })
    .then((response) => (response.statusCode === 200 ? response.json<unknown>() : undefined))
    .catch(() => undefined);
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}
