import { expect, test, type Page } from "@playwright/test";
import { choosePlan, signInWithGoogle, uniqueEmail } from "./support/accounts.js";
import { horizontalOverflowPx } from "./support/browser-state.js";
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

  test("Agent Mode's input is on the first screen at 1440×900 and 1280×720, and Property View's table has the page's width, light and dark", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await openPropertyView(page, "fit");
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      for (const viewport of [
        { width: 1440, height: 900 },
        { width: 1280, height: 720 },
      ]) {
        const where = `${viewport.width}×${viewport.height}, ${colorScheme}`;
        await page.setViewportSize(viewport);
        await page.goto("/dashboard?mode=agent");
        await expect(page.getByRole("list", { name: "Suggested prompts" })).toBeVisible();
        const composer = page.getByRole("textbox", { name: "Message" });
        const send = page.getByRole("button", { name: "Send message" });
        await expect(composer).toBeVisible();
        // On first load, without scrolling: the input and its send button, whole.
        expect(await page.evaluate<number>("window.scrollY"), where).toBe(0);
        for (const control of [composer, send]) {
          const box = (await control.boundingBox())!;
          expect(box.y + box.height, where).toBeLessThanOrEqual(viewport.height);
        }
        expect(await horizontalOverflowPx(page), where).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: test
            .info()
            .outputPath(`agent-${viewport.width}x${viewport.height}-${colorScheme}.png`),
        });
      }

      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto("/dashboard?mode=property");
      const table = page.getByRole("table", { name: /^Annotations,/ });
      await expect(table.locator("tbody tr").nth(3)).toBeVisible();
      // No sidebar beside it: the table has the page's width (1232 px inside its margins)…
      const tableBox = (await table.boundingBox())!;
      expect(tableBox.width, colorScheme).toBeGreaterThanOrEqual(1200);
      const description = table.getByRole("columnheader", { name: /Description/ });
      expect((await description.boundingBox())!.width, colorScheme).toBeGreaterThanOrEqual(240);
      // …so no title wraps onto a second line.
      const tallestTitle = await page.evaluate<number>(`(() => {
        const table = document.querySelector("table");
        const headers = [...table.querySelectorAll("thead th")].map((th) => th.textContent.trim());
        const column = headers.findIndex((header) => header.startsWith("Title"));
        return Math.max(...[...table.querySelectorAll("tbody tr")].slice(0, 12).map((row) => {
          const cell = row.children[column];
          const range = document.createRange();
          range.selectNodeContents(cell);
          const rects = [...range.getClientRects()].filter((rect) => rect.height > 0);
          const lineHeight = parseFloat(getComputedStyle(cell).lineHeight);
          const top = Math.min(...rects.map((rect) => rect.top));
          const bottom = Math.max(...rects.map((rect) => rect.bottom));
          return (bottom - top) / lineHeight;
        }));
      })()`);
      expect(tallestTitle, colorScheme).toBeLessThan(1.5);
      expect(await horizontalOverflowPx(page), colorScheme).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: test.info().outputPath(`property-view-1440x900-${colorScheme}.png`),
        fullPage: true,
      });
    }
  });

  test("at 360×780 nothing is cut: Agent Mode, Property View and All annotations, light and dark", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await openPropertyView(page, "narrow");
    await page.setViewportSize({ width: 360, height: 780 });
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      for (const path of ["/dashboard?mode=agent", "/dashboard?mode=property"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByRole("complementary", { name: "Your plan" })).toBeVisible();
        expect(await horizontalOverflowPx(page), `${path}, ${colorScheme}`).toBeLessThanOrEqual(0);
      }
      await page.goto("/annotations");
      await expect(page.getByRole("heading", { level: 1, name: "All annotations" })).toBeVisible();
      const to = page.getByRole("button", { name: "Choose the last day from a calendar" });
      await to.scrollIntoViewIfNeeded();
      await expect(to).toBeInViewport({ ratio: 1 });
      expect(await horizontalOverflowPx(page), `/annotations, ${colorScheme}`).toBeLessThanOrEqual(
        0,
      );
      await page.screenshot({
        path: test.info().outputPath(`all-annotations-360-${colorScheme}.png`),
        fullPage: true,
      });
    }
  });
});
