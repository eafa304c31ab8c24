import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import type { CurrentUser } from "../shared/contracts/auth";
import { firstRenderDataId, type FirstRenderData } from "../shared/contracts/first-render";
import { App } from "./app/app";
import { preloadSignedInHeader } from "./app/app-router";
import { pageFor } from "./app/page-routes";
import { currentUserQueryKey, parseCurrentUser } from "./session/current-user";
import { moveLegacySelection } from "./session/selected-property";
import { initializeTheme } from "./features/theme/use-theme";
import { settlePreloads } from "./lib/preloadable";
import { createQueryClient } from "./lib/query-client";
import "./styles.css";

declare global {
  interface Window {
    /** Set by load-after-paint.js on pre-rendered pages: what was done before hydration. */
    takeHeldActions?: () => { kind: string; target: EventTarget }[];
  }
}

initializeTheme();

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

/**
 * The facts a page drawn on the server for a signed-in person was drawn with (sent with it), or
 * undefined when the page was not drawn for anyone or the facts cannot be read.
 */
function serverRenderedFacts():
  { user: CurrentUser; queries: FirstRenderData["queries"] } | undefined {
  const text = document.getElementById(firstRenderDataId)?.textContent;
  if (!text) return undefined;
  try {
    const facts = JSON.parse(text) as { user?: unknown; queries?: unknown };
    const queries = Array.isArray(facts.queries) ? (facts.queries as unknown[]) : [];
    return {
      user: parseCurrentUser(facts.user),
      queries: queries.filter(
        (entry): entry is FirstRenderData["queries"][number] =>
          typeof entry === "object" &&
          entry !== null &&
          Array.isArray((entry as { key?: unknown }).key),
      ),
    };
  } catch {
    return undefined;
  }
}

// Pages come drawn in three ways. Public pages are pre-rendered for a visitor the server found
// signed out; signed-in pages are drawn per request for the person, whose facts come with the
// page. Either way the app starts from the facts the HTML was drawn with (its usual check of who
// is signed in still runs), so its first render matches the HTML and hydrating it changes
// nothing. Without either (no HTML, or facts that cannot be read), the app draws from scratch.
const queryClient = createQueryClient();
const signedIn = container.dataset.serverRendered !== undefined ? serverRenderedFacts() : undefined;
// A choice moved from localStorage just now was not in the cookie the server drew with.
const selectionMoved = moveLegacySelection();
const hydrate =
  container.dataset.prerendered !== undefined || (signedIn !== undefined && !selectionMoved);
if (container.dataset.prerendered !== undefined)
  queryClient.setQueryData(currentUserQueryKey, null);
if (signedIn) {
  queryClient.setQueryData(currentUserQueryKey, signedIn.user);
  for (const { key, data } of signedIn.queries) queryClient.setQueryData(key, data);
}
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);

// A page drawn for a signed-in person has their header: its code is fetched beside the page's.
if (signedIn) preloadSignedInHeader().catch(() => undefined);

// This page's code first, and the code its first screen asks for in turn (the HTML asks for the
// page's own chunks as early as the entry), so nothing is still loading when hydration starts.
void pageFor(window.location.pathname)
  .preload()
  .then(settlePreloads)
  .catch(() => undefined)
  .then(() => {
    // The loader stops holding clicks now, whichever way the app takes over.
    const held = window.takeHeldActions?.() ?? [];
    if (hydrate) {
      // As a transition, hydration yields to the browser between small pieces of work instead
      // of holding the main thread until the whole page is interactive.
      startTransition(() => {
        hydrateRoot(container, app);
      });
      // Clicks and submissions made on the drawn page before its scripts ran (load-after-paint.js
      // held them). React hydrates what such an event reaches at once.
      for (const { kind, target } of held) {
        if (kind === "submit" && target instanceof HTMLFormElement) target.requestSubmit();
        else if (target instanceof HTMLElement) target.click();
      }
    } else {
      container.replaceChildren();
      createRoot(container).render(app);
    }
  });
