import { expect, test, type Page } from "@playwright/test";
import { choosePlan, signInWithGoogle, uniqueEmail } from "./support/accounts.js";
import { openPropertyViewConnected } from "./support/dashboard.js";

async function openPropertyView(page: Page, label: string): Promise<void> {
  const email = uniqueEmail(label);
  await signInWithGoogle(page, email);
  await choosePlan(page, "Freemium");
  await openPropertyViewConnected(page, email);
  // The picker may have opened by itself on the way back from Google's consent.
  const picker = page.getByRole("dialog", { name: "Choose a property" });
  await picker
    .waitFor({ timeout: 5_000 })
    .catch(() => page.getByRole("combobox", { name: "Property" }).click());
  await picker
    .getByRole("region", { name: "Google Analytics properties" })
    .getByRole("button")
    .first()
    .click();
  await page
    .getByRole("dialog", { name: "Lock property" })
    .getByRole("button", { name: "Lock property" })
    .click();
  await expect(page.getByRole("img", { name: "Sessions chart" })).toBeVisible();
}

test.describe("Dashboard layout and dialogs", () => {
  test("a create that fails keeps focus in the dialog; Tab stays inside and Escape closes", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await openPropertyView(page, "focus");
    await page.route("**/api/annotations/*", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 503,
            contentType: "application/json",
            body: JSON.stringify({
              error: "Google is busy. Please try again.",
              code: "google_busy",
            }),
          })
        : route.fallback(),
    );
    await page.getByRole("button", { name: "New Annotation" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Annotation" });
    await dialog.getByLabel("Title").fill("Will not be made");
    await dialog.getByRole("button", { name: "Create Annotation" }).click();
    await expect(page.getByText("Google is busy. Please try again.").first()).toBeVisible();

    const focusInDialog = () =>
      page.evaluate<boolean>(`Boolean(document.activeElement?.closest('[role="dialog"]'))`);
    expect(await focusInDialog()).toBe(true);
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press("Tab");
      expect(await focusInDialog()).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("Show Chat never pushes the table's columns out of view", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await openPropertyView(page, "side-chat");
    await page.getByRole("button", { name: "Show Chat" }).click();
    await expect(page.getByRole("heading", { name: "GA4 Assistant" })).toBeVisible();
    const table = page.getByRole("table");
    const clipped = await table.evaluate((element) => {
      const scroller = element.parentElement!;
      return scroller.scrollWidth - scroller.clientWidth;
    });
    expect(clipped).toBeLessThanOrEqual(0);
    const actions = table.getByRole("columnheader", { name: "Actions" });
    await actions.scrollIntoViewIfNeeded();
    await expect(actions).toBeInViewport({ ratio: 1 });
  });

  test("on a phone: one header row while scrolling, the composer on the first screen, the table's header below the app header", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 360, height: 740 });
    await openPropertyView(page, "phone");

    // Agent Mode: the composer is on the first screen.
    await page.getByRole("tab", { name: "Agent Mode" }).click();
    const composer = page.getByPlaceholder(/Ask me to manage your annotations/);
    await expect(composer).toBeVisible();
    await page.evaluate(`window.scrollTo(0, 0)`);
    const box = (await composer.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(740);

    // Scrolled: the name and actions stay in one row; the nav has gone with the page.
    await page.getByRole("tab", { name: "Property View" }).click();
    // On a phone the table's rows are cards (drawn so by CSS, with no header row).
    const table = page.getByRole("table", { name: /^Annotations,/ });
    await expect(table.locator("tbody tr").first()).toHaveCSS("display", "grid");
    await expect(table.locator("thead")).toBeHidden();
    await page.evaluate(`window.scrollTo(0, 900)`);
    const name = (await page.getByRole("link", { name: "Tidemark" }).first().boundingBox())!;
    expect(name.y).toBeGreaterThanOrEqual(0);
    expect(name.y + name.height).toBeLessThanOrEqual(64);
    await expect(page.getByRole("button", { name: "Log out" })).toBeInViewport();
    await expect(page.getByRole("combobox", { name: "Property" })).not.toBeInViewport();

    // The table's search and sort, brought into view, stop below the app header instead of under it.
    const sort = page.getByRole("combobox", { name: "Sort by" });
    await sort.evaluate((element) => element.scrollIntoView({ block: "start" }));
    await page.waitForTimeout(600);
    const header = (await sort.boundingBox())!;
    expect(header.y).toBeGreaterThanOrEqual(64);
  });
});
