import { expect, test, type Page } from "@playwright/test";
import { choosePlan, signInWithGoogle } from "./support/accounts.js";
import { horizontalOverflowPx } from "./support/browser-state.js";
import { connectGoogleAnalytics, pickFirstGoogleProperty } from "./support/dashboard.js";

/** The product's Google sandbox (scripts/e2e.mjs picks its port; control is on for journeys). */
const sandboxUrl = `http://localhost:${process.env.E2E_SANDBOX_PORT ?? 5198}`;
const fixtureSize = 5000;

/**
 * Seeds Google itself (the sandbox, with a token minted for the person) with `fixtureSize`
 * annotations spread over the properties they can edit: "Fixture 0001" … on past days, in every
 * colour, a tenth of them ranges, every 100th described as "needle".
 */
async function seedGoogle(email: string, propertyIds: string[]): Promise<void> {
  const minted = (await (
    await fetch(`${sandboxUrl}/__sandbox/control/tokens`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    })
  ).json()) as { access_token: string };
  const colors = ["PURPLE", "BROWN", "BLUE", "GREEN", "RED", "CYAN"];
  const day = (offset: number) => {
    const at = new Date(Date.UTC(2024, 0, 1) + offset * 86_400_000);
    return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
  };
  const create = async (n: number) => {
    const propertyId = propertyIds[n % propertyIds.length]!;
    const body = {
      title: `Fixture ${String(n).padStart(4, "0")}`,
      description: n % 100 === 0 ? "needle in the haystack" : "",
      color: colors[n % colors.length],
      ...(n % 10 === 0
        ? { annotationDateRange: { startDate: day(n % 600), endDate: day((n % 600) + 3) } }
        : { annotationDate: day(n % 600) }),
    };
    const response = await fetch(
      `${sandboxUrl}/v1alpha/properties/${propertyId}/reportingDataAnnotations`,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${minted.access_token}`,
          "content-type": "application/json",
        },
        body: JSON.stringify(body),
      },
    );
    expect(response.status, await response.clone().text()).toBe(200);
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < fixtureSize) await create(next++);
    }),
  );
}

/**
 * All annotations: a Premium person with every Google property saved opens it from the header,
 * sees each property's annotations by name, searches, filters and sorts (the view kept in the
 * address and restored on reload), pages, refreshes from Google, and the page fits 1440 and
 * 360 px in light and dark (pictures in the test's output folder) with no sideways scroll.
 */
test("All annotations: every property's annotations in one table, searched, filtered and sorted", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  // On the journeys' tester allow-list (playwright.config.ts) and used by no other journey.
  const email = "all-annotations.tester@example.com";
  await signInWithGoogle(page, email);
  await choosePlan(page, "Premium");
  await page.goto("/dashboard?mode=property");
  await connectGoogleAnalytics(page, email);
  await page.getByRole("tab", { name: "Property View" }).click();
  await pickFirstGoogleProperty(page);

  // Every other property Google lists is saved too, as the picker would (Premium holds five).
  const reachable = (
    (await (await page.request.get("/api/ga4/properties")).json()) as {
      properties: { propertyId: string; displayName: string; canEdit: boolean }[];
    }
  ).properties;
  expect(reachable.length).toBeGreaterThanOrEqual(2);
  const origin = new URL(page.url()).origin;
  for (const { propertyId } of reachable) {
    const saved = await page.request.post("/api/properties", {
      data: { propertyId },
      headers: { origin },
    });
    expect([200, 201]).toContain(saved.status());
  }

  await seedGoogle(
    email,
    reachable.filter((p) => p.canEdit).map((p) => p.propertyId),
  );

  // Each answer says when each property's list was read from Google: paging, searching and
  // filtering must all be answered from the first view's reads (background jobs, such as the
  // inbox's, may list annotations meanwhile, so Google's own counters cannot tell).
  const reads = new Set<string>();
  let counting = true;
  page.on("response", async (response) => {
    if (!counting || new URL(response.url()).pathname !== "/api/annotations" || !response.ok())
      return;
    // An answer the page dropped for a newer one (the filter changed meanwhile) may have no body
    // left to read: the page never used it, so it says nothing about what was read.
    const body = (await response.json().catch(() => null)) as {
      properties: { propertyId: string; fetchedAt: string | null }[];
    } | null;
    if (!body) return;
    for (const property of body.properties)
      reads.add(`${property.propertyId}@${property.fetchedAt}`);
  });

  await page.getByRole("banner").getByRole("link", { name: "All annotations" }).click();
  await expect(page).toHaveURL(/\/annotations$/);
  await expect(page.getByRole("heading", { level: 1, name: "All annotations" })).toBeVisible();
  const table = page.getByRole("table");
  // Rows, not the loading placeholder (one cell across the table).
  await expect(table.locator("tbody tr td:nth-child(2)").first()).toBeVisible();
  /** The cells of one column, found by its header's name. */
  const column = async (name: string) => {
    const headers = await table.locator("thead th").allTextContents();
    return table.locator(`tbody tr td:nth-child(${headers.indexOf(name) + 1})`);
  };
  // Properties by name, never only their number.
  const propertyCells = await column("Property");
  const shownNames = new Set(await propertyCells.allTextContents());
  for (const name of shownNames) expect(reachable.map((p) => p.displayName)).toContain(name);
  expect(shownNames.size).toBeGreaterThanOrEqual(1);

  // The 5,000 seeded beside Google's own, fifty a page; paging reads no list from Google again.
  const summary = page.getByRole("navigation", { name: "Pages" });
  await expect(summary).toContainText(/^1–50 of 5,0\d\d/);
  await summary.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(summary).toContainText(/^51–100 of 5,0\d\d/);
  await page.getByRole("searchbox", { name: "Search annotations" }).fill("NEEDLE in");
  await expect(summary).toContainText(`1–50 of ${fixtureSize / 100}`, { timeout: 30_000 });
  await expect(page).not.toHaveURL(/page=/);
  await page.getByRole("combobox", { name: "Colour" }).selectOption({ label: "Red" });
  // Every 100th is a needle; those are multiples of 6 only every 300th: n % 6 === 4 for red.
  const needlesInRed = Array.from({ length: fixtureSize / 100 }, (_, i) => i * 100).filter(
    (n) => n % 6 === 4,
  ).length;
  // Each filter is a search over 5,000 annotations: on a busy machine it may take a while.
  await expect(summary).toContainText(`1–${needlesInRed} of ${needlesInRed}`, { timeout: 30_000 });
  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(summary).toContainText(/^1–50 of 5,0\d\d/, { timeout: 30_000 });
  counting = false;
  expect([...reads].sort()).toHaveLength(reachable.length);

  // Search: a word of the first row's title.
  const firstTitle = (await (await column("Title")).first().textContent())!;
  const word = firstTitle.split(/\s+/).find((part) => part.length >= 4) ?? firstTitle;
  await page.getByRole("searchbox", { name: "Search annotations" }).fill(word);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(word)}`));
  // The server searches 5,000 annotations: on a busy machine the answer may take a while.
  // All rows' texts at once: a row read one by one may be gone when the answer replaces the page,
  // and reading it would then wait out the whole timeout instead of trying again.
  await expect(async () => {
    for (const text of await table.locator("tbody tr").allTextContents())
      expect(text.toLowerCase()).toContain(word.toLowerCase());
  }).toPass({ timeout: 30_000 });
  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(page).toHaveURL(/\/annotations$/);

  // Sort by title, filter by the first row's colour, then reload: the same view.
  await table.getByRole("button", { name: "Title", exact: true }).click();
  await expect(page).toHaveURL(/sort=title&dir=asc/);
  await expect(table.getByRole("columnheader", { name: "Title" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  // The sorted page replaces the one shown meanwhile.
  await expect(async () => {
    const titles = await (await column("Title")).allTextContents();
    expect(titles).toEqual(
      [...titles].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base", numeric: true })),
    );
  }).toPass({ timeout: 10_000 });
  const colour = page.getByRole("combobox", { name: "Colour" });
  await colour.selectOption({ label: "Red" });
  await expect(page).toHaveURL(/color=RED/);
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Colour" })).toHaveValue("RED");
  await expect(table.getByRole("columnheader", { name: "Title" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect(async () => {
    for (const text of await table.locator("tbody tr").allTextContents())
      if (!text.includes("No annotations match")) expect(text).toContain("Red");
  }).toPass({ timeout: 10_000 });

  // Refresh reads Google again, and the view stays.
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByRole("button", { name: "Refresh" })).toBeEnabled();
  await expect(page).toHaveURL(/color=RED/);

  // Bulk actions: every row matching a search (two pages of it) selected, recoloured and undone.
  await page.goto("/annotations?q=Fixture%2000");
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages).toContainText("1–50 of 100");
  await page.getByRole("button", { name: "Select all 100 matching" }).click();
  const bar = page.getByRole("toolbar", { name: "Bulk actions" });
  await expect(bar).toContainText("100 selected");
  await pages.getByRole("button", { name: "Next" }).click();
  await expect(pages).toContainText("51–100 of 100");
  // Newest first: the oldest days are on the second page.
  await expect(table.getByRole("checkbox", { name: "Select Fixture 0001" })).toBeChecked();
  // On a phone the bar fits beside the cards.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(bar).toBeVisible();
  expect(await horizontalOverflowPx(page), "bulk bar at 360 px").toBeLessThanOrEqual(0);
  await bar.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("all-annotations-bulk-360.png") });
  await page.setViewportSize({ width: 1440, height: 900 });
  await bar.getByRole("button", { name: "Recolour" }).click();
  await page.getByRole("menuitem", { name: "Cyan" }).click();
  const notifications = page.getByRole("region", { name: /Notifications/ });
  await expect(notifications).toContainText("100 recoloured", { timeout: 60_000 });
  await expect(bar).toBeHidden();
  // n % 6 === 5 were cyan already: 16 of Fixture 0000–0099.
  await page.getByRole("combobox", { name: "Colour" }).selectOption({ label: "Cyan" });
  await expect(pages).toContainText("1–50 of 100");
  await notifications.getByRole("button", { name: "Undo" }).click();
  await expect(notifications).toContainText("100 undone", { timeout: 60_000 });
  await expect(pages).toContainText("1–16 of 16");
  await page.goto("/annotations");

  await shots(page, testInfo.outputPath.bind(testInfo));

  // The dashboard's header has room for the new entry on a phone too.
  await page.goto("/dashboard?mode=property");
  await expect(
    page.getByRole("banner").getByRole("link", { name: "All annotations" }),
  ).toBeVisible();
  expect(await horizontalOverflowPx(page), "dashboard at 360 px").toBeLessThanOrEqual(0);
});

async function shots(page: Page, outputPath: (name: string) => string): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate(`document.documentElement.classList.toggle("dark", ${scheme === "dark"})`);
    for (const width of [1440, 360]) {
      await page.setViewportSize({ width, height: 900 });
      // Below 640 px the table's rows are drawn as cards.
      const rows = page.getByRole("table").locator("tbody tr");
      await expect(rows.first()).toBeVisible();
      expect(await horizontalOverflowPx(page), `${width} px ${scheme}`).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: outputPath(`all-annotations-${width}-${scheme}.png`),
        fullPage: true,
      });
    }
  }
}
