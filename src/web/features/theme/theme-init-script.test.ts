import "../../test-support/setup-dom-tests";
import { afterEach, describe, expect, it } from "vitest";
import themeInitSource from "../../theme-init.js?raw";
import { storageKeys } from "../../lib/storage-keys";
import { stubMatchMedia } from "../../test-support/setup-dom-tests";

const originalMatchMedia = window.matchMedia;

afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

/** Runs src/web/theme-init.js the way the browser does: as a classic script, before the app. */
function runThemeInitScript(): void {
  new Function(themeInitSource)();
}

function htmlIsDark(): boolean {
  return document.documentElement.classList.contains("dark");
}

describe("src/web/theme-init.js", () => {
  it("applies a stored dark theme under the same key the app writes", () => {
    stubMatchMedia(() => false);
    window.localStorage.setItem(storageKeys.theme, "dark");

    runThemeInitScript();

    expect(htmlIsDark()).toBe(true);
  });

  it("keeps a stored light theme even when the system prefers dark", () => {
    stubMatchMedia((query) => query === "(prefers-color-scheme: dark)");
    window.localStorage.setItem(storageKeys.theme, "light");
    document.documentElement.classList.add("dark");

    runThemeInitScript();

    expect(htmlIsDark()).toBe(false);
  });

  it("follows the system dark preference when nothing valid is stored", () => {
    stubMatchMedia((query) => query === "(prefers-color-scheme: dark)");
    window.localStorage.setItem(storageKeys.theme, "sepia");

    runThemeInitScript();

    expect(htmlIsDark()).toBe(true);
  });

  it("falls back to light without a stored choice or matchMedia", () => {
    // @ts-expect-error -- simulating a browser without matchMedia
    delete window.matchMedia;

    runThemeInitScript();

    expect(htmlIsDark()).toBe(false);
  });
});
