// Draws pages on the server, from the same components the browser hydrates. Compiled by Vite's
// SSR build (scripts/prerender.mjs): the build uses renderPage for the public pages, and the
// server loads the compiled module at start and uses renderSignedInPage for each request for a
// signed-in page.
import type { Query, QueryKey } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { prerender } from "react-dom/static";
import { Router } from "wouter";
import type { CurrentUser } from "../shared/contracts/auth";
import { App } from "./app/app";
import { notFoundRoute, pageFor, pageRoutes } from "./app/page-routes";
import { createQueryClient } from "./lib/query-client";
import { currentUserQueryKey } from "./session/current-user";
import { RequestCookiesProvider } from "./session/request-cookies";

export { notFoundRoute, pageRoutes };

async function renderToHtml(page: ReactNode): Promise<string> {
  const { prelude } = await prerender(page, {
    // One piece of HTML: React would otherwise move large Suspense boundaries to the end of the
    // document and reveal them with inline scripts, which the page's CSP does not run.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  return new Response(prelude).text();
}

/**
 * The HTML inside #root for `pathname` as a signed-out visitor first sees it (any address no page
 * claims draws the 404 page). React writes the page's <title> first.
 */
export async function renderPage(pathname: string): Promise<string> {
  await pageFor(pathname).preload();
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, null);
  return renderToHtml(
    <Router ssrPath={pathname}>
      <App queryClient={queryClient} />
    </Router>,
  );
}

export interface SignedInPageRequest {
  pathname: string;
  /** The query string without its "?" ("mode=property"), as the page reads it. */
  search: string;
  /** The request's Cookie header: the page's preferences (the selected property) are cookies. */
  cookieHeader: string;
  user: CurrentUser;
  /**
   * GETs an API address as this person (the same routes the browser calls): the answer, or
   * undefined when there is none in time or it is not a success. The browser then asks itself.
   */
  fetchData: (path: string) => Promise<unknown>;
}

export interface RenderedPage {
  /** The page's <title> element, or null when it sets none. */
  title: string | null;
  /** The HTML inside #root. */
  body: string;
  /** The API answers the page was drawn with, for the browser's query cache. */
  queries: { key: QueryKey; data: unknown }[];
}

/** Rounds of "draw, then fetch what the drawing asked for": a query can wait on another's answer. */
const dataRounds = 3;

function isEnabled(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === "function" ? enabled(query) : enabled !== false;
}

/**
 * A signed-in page as `user` first sees it: their header, plan, last chosen property and the
 * first screen's data. Drawing it shows which queries the screen makes; those that name their
 * API address (`meta.path`) are fetched through the API as this person, and the page is drawn
 * again with the answers, until nothing new is asked or the rounds run out. What is still missing
 * draws as loading, and the browser fetches it. The browser starts from the same facts (the user
 * and the answers are sent with the page) and hydrates the HTML.
 */
export async function renderSignedInPage(request: SignedInPageRequest): Promise<RenderedPage> {
  await pageFor(request.pathname).preload();
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, request.user);
  const draw = () =>
    renderToHtml(
      <RequestCookiesProvider cookieHeader={request.cookieHeader}>
        <Router ssrPath={request.pathname} ssrSearch={request.search}>
          <App queryClient={queryClient} />
        </Router>
      </RequestCookiesProvider>,
    );

  const asked = new Set<string>();
  const queries: RenderedPage["queries"] = [];
  let rendered = await draw();
  for (let round = 0; round < dataRounds; round += 1) {
    const wanted = queryClient
      .getQueryCache()
      .getAll()
      .filter(
        (query) =>
          query.state.status === "pending" &&
          query.meta?.path !== undefined &&
          !asked.has(query.queryHash) &&
          isEnabled(query),
      );
    const answers = await Promise.all(
      wanted.map(async (query) => {
        asked.add(query.queryHash);
        const data = await request.fetchData(query.meta?.path ?? "");
        if (data === undefined) return false;
        queryClient.setQueryData(query.queryKey, data);
        queries.push({ key: query.queryKey, data });
        return true;
      }),
    );
    if (!answers.includes(true)) break;
    rendered = await draw();
  }

  const title = /^<title>.*?<\/title>/.exec(rendered)?.[0] ?? null;
  return { title, body: title ? rendered.slice(title.length) : rendered, queries };
}
