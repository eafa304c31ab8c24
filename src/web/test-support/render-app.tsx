import { act, render, screen, waitFor, within } from "@testing-library/react";
import { StrictMode } from "react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AppProviders } from "../app/app-providers";
import { AppRouter } from "../app/app-router";
import { notFoundRoute, pageRoutes } from "../app/page-routes";
import { createQueryClient } from "../lib/query-client";

// Every page's code up front, as a browser has it once the page's chunk arrived: the tests are
// about what pages do, not about how long a cold module transform takes.
await Promise.all([...pageRoutes, notFoundRoute].map((route) => route.preload()));

/**
 * Mounts the whole app (providers, router, toaster) at `path` in memory. `currentUrl()` is the
 * address the app is showing now, search included, after any navigation or redirect.
 * `settled()` waits until no query or mutation is in flight and their results are on screen: a
 * test that asserts what stays shown after a background reload waits for this, not for luck.
 */
export function renderAppAt(path: string, { strict = false }: { strict?: boolean } = {}) {
  const location = memoryLocation({ path, record: true });
  const queryClient = createQueryClient();
  const app = (
    <AppProviders queryClient={queryClient}>
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
    settled: async () => {
      const busy = () => queryClient.isFetching() + queryClient.isMutating();
      // What a result brings on screen can start another request: wait again until none does.
      do {
        await waitFor(() => {
          if (busy() > 0) throw new Error(`${busy()} requests of the app are still in flight`);
        });
        // Query results reach components on a zero-delay timer, queued when they landed: this
        // later one runs after it, and act renders what it brought.
        await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      } while (busy() > 0);
    },
  };
}

/** The toast on screen (the app shows one at a time), found inside the notifications region. */
export async function findToast(): Promise<HTMLElement> {
  const region = await screen.findByRole("region", { name: /Notifications/ });
  return within(region).findByRole("listitem");
}
