import { expect, test } from "@playwright/test";
import { waitForApp } from "./support/browser-state.js";

const legalPages = [
  { linkName: "Privacy Policy", path: "/privacy", heading: "Privacy Policy" },
  { linkName: "Terms of Service", path: "/terms", heading: "Terms of Service" },
];

test.describe("legal pages", () => {
  for (const { linkName, path, heading } of legalPages) {
    test(`the footer's ${linkName} link reaches ${path}`, async ({ page }) => {
      // A page the app takes over (the landing page is drawn only: its links load pages anew).
      await page.goto("/pricing");
      await waitForApp(page);

      await page.getByRole("contentinfo").getByRole("link", { name: linkName }).click();

      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText("Last updated 2026-11-26")).toBeVisible();
      await expect(page.getByRole("button", { name: "Toggle theme" })).toBeVisible();
      // Like a full page load, the new page starts at its top with focus on the main content.
      await expect(page.getByRole("main")).toBeFocused();
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeInViewport();
    });

    test(`${path} loads directly and links back home`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();

      await page.getByRole("main").getByRole("link", { name: "Back to home" }).click();

      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("button", { name: "View Pricing" })).toBeVisible();
    });
  }

  test("the privacy policy states the retention promises", async ({ page }) => {
    await page.goto("/privacy");
    const main = page.getByRole("main");

    await expect(main).toContainText("It expires 7 days after you last used Tidemark");
    await expect(main).toContainText(
      "If you have not used Tidemark for 2 years, a daily job deletes your account",
    );
    await expect(main).toContainText("within 30 days of your request");
  });

  test("the terms state the liability cap and the daily reset", async ({ page }) => {
    await page.goto("/terms");
    const main = page.getByRole("main");

    await expect(main).toContainText("12 months");
    await expect(main).toContainText("US $100");
    await expect(main).toContainText("reset at midnight UTC");
  });
});

test.describe("unknown paths", () => {
  test("/no-such-page shows the 404 page with status 404", async ({ page }) => {
    const response = await page.goto("/no-such-page");

    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    // It says 404 once.
    await expect(page.getByText("404")).toHaveCount(1);
    await expect(page).toHaveTitle("Page not found · Tidemark");
  });

  test("/pricing is the landing's pricing section as a page", async ({ page }) => {
    const response = await page.goto("/pricing");

    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Pricing · Tidemark");
    await expect(
      page.getByRole("heading", { level: 2, name: "Start free, grow into Premium" }),
    ).toBeVisible();
    await expect(page.getByRole("article", { name: "Freemium" })).toBeVisible();
  });

  // /categories and /audit are signed-in pages now: a visitor is asked to log in instead.
  for (const path of ["/categories", "/audit", "/dashboard?mode=property"]) {
    test(`${path} sends a visitor to log in`, async ({ page }) => {
      await page.goto(path);

      await expect(page).toHaveURL(/\/login$/);
      await expect(
        page.getByRole("heading", { level: 1, name: "Log in to Tidemark" }),
      ).toBeVisible();
    });
  }

  test("the 404 page links back home", async ({ page }) => {
    await page.goto("/no-such-page");

    await page.getByRole("main").getByRole("link", { name: "Back to home" }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "View Pricing" })).toBeVisible();
  });
});
