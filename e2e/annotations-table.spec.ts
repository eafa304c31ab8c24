import { expect, test, type Locator, type Page } from "@playwright/test";
import { choosePlan, signInWithGoogle, uniqueEmail } from "./support/accounts.js";
import { horizontalOverflowPx } from "./support/browser-state.js";
import { lockFirstGoogleProperty, openPropertyViewConnected } from "./support/dashboard.js";

// Property View's table on a desktop and on a 360 px phone, light and dark: search, a colour
// filter and sorting by title, with nothing wider than the screen.

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
const screenshotDir = process.env.E2E_SCREENSHOT_DIR;

async function openTable(page: Page, label: string): Promise<void> {
  const email = uniqueEmail(label);
  await signInWithGoogle(page, email);
  await choosePlan(page, "Freemium");
  await openPropertyViewConnected(page, email);
  await lockFirstGoogleProperty(page);
}

async function texts(locator: Locator): Promise<string[]> {
  return (await locator.allTextContents()).map((text) => text.trim());
}

/** A row drawn as a card: a grid within the screen, without the description and source. */
async function expectCards(card: Locator, column: (name: string) => Locator): Promise<void> {
  await expect(card).toHaveCSS("display", "grid");
  const box = (await card.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  for (const shown of ["Date", "Title", "Colour", "Actions"])
    await expect(column(shown).first(), shown).toBeVisible();
  for (const hidden of ["Description", "Source"])
    await expect(column(hidden).first(), hidden).toBeHidden();
}

async function noSidewaysScroll(page: Page, name: string): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await horizontalOverflowPx(page), `${name}, ${colorScheme}`).toBeLessThanOrEqual(0);
    if (screenshotDir)
      await page.screenshot({
        path: `${screenshotDir}/${name}-${colorScheme}.png`,
        fullPage: true,
      });
  }
}

test.describe("Property View's annotations table", () => {
  test("at 1440 px: search, filter by colour and sort by title", async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openTable(page, "table-wide");
    const table = page.getByRole("table", { name: /^Annotations,/ });
    // The sandbox seeds 8–15 annotations per property.
    await expect(table.getByRole("row").nth(8)).toBeVisible();
    // Its columns (after the selection's check box, which has no words).
    const headers = await texts(table.getByRole("columnheader"));
    // The toolbar's sort is a phone's (the column headers sort here).
    await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveCount(0);
    expect(headers.filter(Boolean)).toEqual([
      "Date",
      "Title",
      "Description",
      "Colour",
      "Impact",
      "Source",
      "Actions",
    ]);
    const rows = table.locator("tbody tr");
    const column = (name: string) => rows.locator(`td:nth-child(${headers.indexOf(name) + 1})`);
    const titles = column("Title");
    const colours = column("Colour");
    const allCount = await rows.count();

    // Search: a word of the first title keeps only rows that have it.
    const word = (await titles.first().textContent())!.trim().split(/\s+/)[0]!;
    const search = page.getByRole("searchbox", { name: "Search annotations" });
    await search.fill(word.toUpperCase());
    await expect(async () => {
      const found = await rows.allTextContents();
      expect(found.length).toBeGreaterThan(0);
      for (const text of found) expect(text.toLowerCase()).toContain(word.toLowerCase());
    }).toPass();
    await search.fill("no annotation is called this");
    await expect(table).toContainText("No annotations match “no annotation is called this”.");
    await table.getByRole("button", { name: "Clear filters" }).click();
    await expect(rows).toHaveCount(allCount);

    // Colour: the first row's colour keeps only rows of that colour.
    const colour = (await texts(colours))[0]!;
    await page.getByRole("combobox", { name: "Colour" }).selectOption({ label: colour });
    await expect(async () => {
      const shown = await texts(colours);
      expect(shown.length).toBeGreaterThan(0);
      expect(new Set(shown)).toEqual(new Set([colour]));
    }).toPass();
    await page.getByRole("combobox", { name: "Colour" }).selectOption({ label: "Any colour" });
    await expect(rows).toHaveCount(allCount);

    // Sort by title, A to Z and back.
    await table.getByRole("button", { name: "Title", exact: true }).click();
    await expect(table.getByRole("columnheader", { name: "Title" })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    const ascending = await texts(titles);
    expect(ascending).toEqual([...ascending].sort(collator.compare));
    await table.getByRole("button", { name: "Title", exact: true }).click();
    await expect(table).toHaveAccessibleName("Annotations, by title, Z to A");
    const descending = await texts(titles);
    expect(descending).toEqual([...ascending].reverse());

    // Shift-click selects a range of rows; the header's box then selects all and clears them.
    const boxes = rows.getByRole("checkbox");
    await boxes.nth(0).click();
    await boxes.nth(2).click({ modifiers: ["Shift"] });
    await expect(page.getByText("3 selected", { exact: true }).first()).toBeVisible();
    await expect(boxes.nth(1)).toBeChecked();
    const all = table.getByRole("checkbox", { name: "Select all shown" });
    await all.click();
    await expect(boxes).toHaveCount(allCount);
    for (const box of await boxes.all()) await expect(box).toBeChecked();
    await all.click();
    for (const box of await boxes.all()) await expect(box).not.toBeChecked();

    // A row's title opens its details, where its id and 'Date Added' now live.
    await titles.first().getByRole("button").click();
    const details = page.getByRole("dialog", { name: descending[0] });
    await expect(details).toContainText("Annotation ID");
    await expect(details).toContainText("Date Added");
    await details.getByRole("button", { name: "Close" }).first().click();

    await noSidewaysScroll(page, "table-1440");
  });

  test("at 360 px: rows as cards from the first paint, no sideways scroll, search, filter by colour and sort by title", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 360, height: 740 });
    await openTable(page, "table-phone");
    // The same table, each row drawn as a card by CSS (below 640 px): no header row, and each
    // card's title, day, colour and actions shown, its description and source left out.
    const table = page.getByRole("table", { name: /^Annotations,/ });
    const cards = table.locator("tbody tr");
    await expect(cards.nth(7)).toBeVisible();
    await expect(table.locator("thead")).toBeHidden();
    await expect(page.getByRole("list", { name: /^Annotations,/ })).toHaveCount(0);
    const headers = await texts(table.locator("thead th"));
    const column = (name: string) => cards.locator(`td:nth-child(${headers.indexOf(name) + 1})`);
    const titles = column("Title");
    await expectCards(cards.first(), column);
    const allCount = await cards.count();
    await noSidewaysScroll(page, "table-360");

    // What the server sent is already the cards: with no script at all, the rows are cards, so
    // nothing moves when the app takes over.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 740 },
      storageState: await page.context().storageState(),
    });
    const still = await noScript.newPage();
    const stillTable = still.getByRole("table", { name: /^Annotations,/ });
    // The server draws the rows when Google answers within its first-paint budget; on a busy
    // machine it may send the loading state instead, so the page is asked for again.
    await expect(async () => {
      await still.goto("/dashboard?mode=property");
      await expect(stillTable.locator("tbody tr").nth(7)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(stillTable.locator("thead")).toBeHidden();
    const stillCard = stillTable.locator("tbody tr").first();
    await expectCards(stillCard, (name) =>
      stillTable.locator(`tbody tr td:nth-child(${headers.indexOf(name) + 1})`),
    );
    expect(await horizontalOverflowPx(still)).toBeLessThanOrEqual(0);
    await noScript.close();

    const word = (await titles.first().textContent())!.trim().split(/\s+/)[0]!;
    await page.getByRole("searchbox", { name: "Search annotations" }).fill(word);
    // The search reads titles and descriptions: each card shown holds the word in one of them.
    await expect(async () => {
      const found = await cards.allTextContents();
      expect(found.length).toBeGreaterThan(0);
      for (const text of found) expect(text.toLowerCase()).toContain(word.toLowerCase());
    }).toPass();
    await noSidewaysScroll(page, "table-360-search");
    await page.getByRole("button", { name: "Clear filters" }).first().click();
    await expect(cards).toHaveCount(allCount);

    const colour = (await texts(column("Colour")))[0]!;
    await page.getByRole("combobox", { name: "Colour" }).selectOption({ label: colour });
    await expect(async () => {
      const shown = await texts(column("Colour"));
      expect(shown.length).toBeGreaterThan(0);
      expect(new Set(shown)).toEqual(new Set([colour]));
    }).toPass();
    await page.getByRole("combobox", { name: "Colour" }).selectOption({ label: "Any colour" });
    await expect(cards).toHaveCount(allCount);

    // No headers to sort by: the toolbar's sort does it, and a phone's own 'Select all shown'.
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("title");
    await expect(table).toHaveAccessibleName("Annotations, by title, A to Z");
    const ascending = await texts(titles);
    expect(ascending.length).toBe(allCount);
    expect(ascending).toEqual([...ascending].sort(collator.compare));
    const all = page.getByRole("checkbox", { name: "Select all shown" });
    await expect(all).toHaveCount(1);
    await all.click();
    await expect(page.getByText(`${allCount} selected`, { exact: true })).toBeVisible();
    await noSidewaysScroll(page, "table-360-sorted");
    await all.click();
  });
});
