import { expect, type Page } from "@playwright/test";

// The tooling tsconfig has no DOM library (it also checks Node scripts), so browser-side code
// here is passed as strings or read through Playwright's own APIs instead of typed callbacks.

/** Reads one localStorage entry of the page's current origin. */
export async function readLocalStorage(page: Page, key: string): Promise<string | null> {
  const { origins } = await page.context().storageState();
  const origin = new URL(page.url()).origin;
  const entry = origins
    .find((state) => state.origin === origin)
    ?.localStorage.find((item) => item.name === key);
  return entry?.value ?? null;
}

/** Reads one cookie the page's origin has set. */
export async function readCookie(page: Page, name: string): Promise<string | null> {
  const cookies = await page.context().cookies(page.url());
  return cookies.find((cookie) => cookie.name === name)?.value ?? null;
}

/** Seeds a localStorage entry before any of the page's own scripts run, on every navigation. */
export async function seedLocalStorage(page: Page, key: string, value: string): Promise<void> {
  await page.addInitScript({
    content: `window.localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)});`,
  });
}

/** How far the document is wider than the viewport, in CSS pixels (0 or less means no sideways scroll). */
export function horizontalOverflowPx(page: Page): Promise<number> {
  return page.evaluate<number>(
    "document.documentElement.scrollWidth - document.documentElement.clientWidth",
  );
}

/**
 * Waits until the app has taken over a pre-rendered page. Its scripts load only after the first
 * paint, so a link followed before then is an ordinary page load; a journey about what the app
 * does on navigation (focus, scroll) waits for it first. React marks the container it renders
 * into with a `__reactContainer$…` key as soon as it attaches.
 */
export async function waitForApp(page: Page): Promise<void> {
  const root = page.locator("#root");
  await expect
    .poll(() =>
      root.evaluate((element: object) =>
        Object.keys(element).some((key) => key.startsWith("__reactContainer$")),
      ),
    )
    .toBe(true);
}
