import { expect, test } from "@playwright/test";
import { horizontalOverflowPx } from "./support/browser-state.js";

test.describe("on a 360 px wide phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const path of ["/", "/privacy", "/terms", "/login", "/signup", "/plans", "/no-such-page"]) {
    for (const colorScheme of ["light", "dark"] as const) {
      test(`${path} has no horizontal overflow (${colorScheme})`, async ({ page }) => {
        await page.emulateMedia({ colorScheme });
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

        expect(await horizontalOverflowPx(page)).toBeLessThanOrEqual(0);
      });
    }
  }

  test("the header keeps both calls to action reachable", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");

    await expect(header.getByRole("link", { name: "Log In" })).toBeInViewport();
    await expect(header.getByRole("link", { name: "Get Started for Free" })).toBeInViewport();
    await expect(header.getByRole("button", { name: "Toggle theme" })).toBeInViewport();
  });
});
