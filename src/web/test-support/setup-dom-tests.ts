/**
 * Shared set-up for the web's DOM tests; import it first in every *.test.tsx. The Vitest config
 * (owned elsewhere) registers no setup file and no globals, so Testing Library cannot register
 * its automatic clean-up by itself.
 */
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// The first render of a lazily loaded page compiles its module; on a busy two-core machine that
// alone can pass Testing Library's default 1 s, so `findBy…` waits longer before it gives up.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  for (const pair of document.cookie.split(";")) {
    const name = pair.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
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
