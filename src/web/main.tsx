import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { pageFor } from "./app/page-routes";
import { currentUserQueryKey } from "./session/current-user";
import { initializeTheme } from "./features/theme/use-theme";
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

// The server sends a pre-rendered page only to visitors it found signed out; the HTML was drawn
// as such a visitor sees it. The app starts from the same facts (its usual check of who is
// signed in still runs), so the first render matches the HTML and hydrating it changes nothing.
const prerendered = container.dataset.prerendered !== undefined;
const queryClient = createQueryClient();
if (prerendered) queryClient.setQueryData(currentUserQueryKey, null);
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);

// This page's code first (the HTML asks for it as early as the entry), so nothing suspends.
void pageFor(window.location.pathname)
  .preload()
  .catch(() => undefined)
  .then(() => {
    if (prerendered) {
      const held = window.takeHeldActions?.() ?? [];
      // As a transition, hydration yields to the browser between small pieces of work instead
      // of holding the main thread until the whole page is interactive.
      startTransition(() => {
        hydrateRoot(container, app);
      });
      // Clicks and submissions made on the pre-rendered page before its scripts ran
      // (load-after-paint.js held them). React hydrates what such an event reaches at once.
      for (const { kind, target } of held) {
        if (kind === "submit" && target instanceof HTMLFormElement) target.requestSubmit();
        else if (target instanceof HTMLElement) target.click();
      }
    } else {
      createRoot(container).render(app);
    }
  });
