import { render, screen, within } from "@testing-library/react";
import { StrictMode } from "react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AppProviders } from "../app/app-providers";
import { AppRouter } from "../app/app-router";
import { notFoundRoute, pageRoutes } from "../app/page-routes";

// Every page's code up front, as a browser has it once the page's chunk arrived: the tests are
// about what pages do, not about how long a cold module transform takes.
await Promise.all([...pageRoutes, notFoundRoute].map((route) => route.preload()));

/**
 * Mounts the whole app (providers, router, toaster) at `path` in memory. `currentUrl()` is the
 * address the app is showing now, search included, after any navigation or redirect.
 */
export function renderAppAt(path: string, { strict = false }: { strict?: boolean } = {}) {
  const location = memoryLocation({ path, record: true });
  const app = (
    <AppProviders>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <AppRouter />
      </Router>
    </AppProviders>
  );
  // StrictMode, as in main.tsx, runs effects twice: tests of one-shot effects opt in to prove it.
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return {
    ...view,
    currentUrl: () => location.history.at(-1),
    history: location.history,
  };
}

/** The toast on screen (the app shows one at a time), found inside the notifications region. */
export async function findToast(): Promise<HTMLElement> {
  const region = await screen.findByRole("region", { name: /Notifications/ });
  return within(region).findByRole("listitem");
}
