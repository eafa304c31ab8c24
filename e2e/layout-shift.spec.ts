import { expect, test, type Page } from "@playwright/test";
import {
  choosePlan,
  countSignInLinks,
  readSignInLink,
  signInWithEmailLink,
  uniqueEmail,
} from "./support/accounts.js";
import { lockFirstGoogleProperty, openPropertyViewConnected } from "./support/dashboard.js";

// Layout shift as the browser reports it (PerformanceObserver "layout-shift" entries, the ones
// Lighthouse adds up), from the first byte until the network is idle. Shifts right after input
// do not count, as in the browser's own metric.
const recordShifts = `
  window.__layoutShifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__layoutShifts.push({
        value: entry.value,
        sources: (entry.sources || []).map((source) =>
          source.node ? source.node.nodeName + "." + String(source.node.className).slice(0, 80) : "?"),
      });
    }
  }).observe({ type: "layout-shift", buffered: true });
`;

interface Shift {
  value: number;
  sources: string[];
}

async function shiftWhileLoading(
  page: Page,
  url: string,
): Promise<{ total: number; shifts: Shift[] }> {
  await page.goto(url, { waitUntil: "networkidle" });
  // One more frame, so a shift caused by the last response is reported.
  await page.evaluate(
    "new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100)))",
  );
  const shifts = await page.evaluate<Shift[]>("window.__layoutShifts");
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`layout shift while loading, ${colorScheme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.addInitScript({ content: recordShifts });
    });

    test("the landing page does not move while it loads", async ({ page }) => {
      const { total, shifts } = await shiftWhileLoading(page, "/");
      expect(total, JSON.stringify(shifts)).toBeLessThan(0.01);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Every spike");
    });

    test("an emailed sign-in link's page does not move while it checks the link", async ({
      page,
      baseURL,
    }) => {
      const email = uniqueEmail(`link-${colorScheme}`);
      const before = await countSignInLinks(email);
      const asked = await page.request.post("/api/auth/sign-in/magic-link", {
        data: { email, callbackURL: "/" },
        headers: { Origin: new URL(baseURL!).origin },
      });
      expect(asked.status()).toBe(200);
      const link = await readSignInLink(email, { after: before });

      const { total, shifts } = await shiftWhileLoading(page, link);
      expect(total, JSON.stringify(shifts)).toBeLessThan(0.01);
      await expect(page.getByRole("button", { name: /^Continue as / })).toBeVisible();
    });

    test("Property View with data does not move while it loads", async ({ page }) => {
      test.setTimeout(120_000);
      const email = uniqueEmail(`shift-${colorScheme}`);
      await signInWithEmailLink(page, email);
      await choosePlan(page, "Freemium");
      await openPropertyViewConnected(page, email);
      await lockFirstGoogleProperty(page);
      await expect(page.getByRole("table").getByRole("row").nth(3)).toBeVisible();

      const { total, shifts } = await shiftWhileLoading(page, "/dashboard?mode=property");
      expect(total, JSON.stringify(shifts)).toBeLessThan(0.01);
      await expect(page.getByRole("table").getByRole("row").nth(3)).toBeVisible();
    });
  });
}
