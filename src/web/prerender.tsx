// The build's pre-renderer (compiled by `vite build --ssr`, run by scripts/prerender.mjs): draws
// a page as a signed-out visitor first sees it, from the same components the browser hydrates.
import { prerender } from "react-dom/static";
import { Router } from "wouter";
import { App } from "./app/app";
import { notFoundRoute, pageFor, pageRoutes } from "./app/page-routes";
import { currentUserQueryKey } from "./session/current-user";
import { createQueryClient } from "./lib/query-client";

export { notFoundRoute, pageRoutes };

/** The HTML inside #root for `pathname` (any address no page claims draws the 404 page). */
export async function renderPage(pathname: string): Promise<string> {
  await pageFor(pathname).preload();
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, null);
  const { prelude } = await prerender(
    <Router ssrPath={pathname}>
      <App queryClient={queryClient} />
    </Router>,
    // One piece of HTML: React would otherwise move large Suspense boundaries to the end of the
    // document and reveal them with inline scripts, which the page's CSP does not run.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
