/**
 * Shared set-up for the web's DOM tests; import it first in every *.test.tsx. The Vitest config
 * (owned elsewhere) registers no setup file and no globals, so Testing Library cannot register
 * its automatic clean-up by itself.
 */
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.documentElement.className = "";
});

/** jsdom has no matchMedia; tests that care about media queries install this stand-in. */
export function stubMatchMedia(matches: (query: string) => boolean): void {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  });
}
