import { expect, test, type Page } from "@playwright/test";
import { choosePlan, signInWithGoogle } from "./support/accounts.js";
import { horizontalOverflowPx } from "./support/browser-state.js";
import { openPropertyViewConnected, pickFirstGoogleProperty } from "./support/dashboard.js";

/**
 * A tester's day across the signed-in pages: the same header everywhere (the Google connection,
 * All annotations, Account, Log out and the theme toggle), at 1440×900 and 360×780 in light and
 * dark with no sideways scroll (pictures in the test's output folder); every date shown and every
 * date field written YYYY-MM-DD; a property their Google role only lets them view said to be
 * read-only up front, with nothing offered there that could only fail; and one annotation made on
 * both of their writable properties at once.
 */

// On the journeys' tester allow-list (playwright.config.ts) and used by no other journey: the
// sandbox gives a tester two writable properties in different time zones and one read-only one.
const email = "header.tester@example.com";

const signedInPages = [
  { path: "/dashboard?mode=property", heading: "Annotations" },
  { path: "/annotations", heading: "All annotations" },
  { path: "/categories", heading: "Categories" },
  { path: "/account", heading: "Account" },
  { path: "/annotations/import", heading: /Import/ },
  // Its words are another page's to change; any heading says it is drawn.
  { path: "/docs/api", heading: /\w/ },
];
const sizes = [
  { width: 1440, height: 900 },
  { width: 360, height: 780 },
];
const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const isoDayOrRange = /^\d{4}-\d{2}-\d{2}( – \d{4}-\d{2}-\d{2})?$/;

async function useScheme(page: Page, scheme: "light" | "dark"): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate(`document.documentElement.classList.toggle("dark", ${scheme === "dark"})`);
}

async function expectSignedInHeader(page: Page, where: string): Promise<void> {
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("button", { name: "GA4 Connected" }), where).toBeVisible();
  await expect(banner.getByRole("link", { name: "All annotations" }), where).toBeVisible();
  await expect(banner.getByRole("link", { name: "Account" }), where).toBeVisible();
  await expect(banner.getByRole("button", { name: "Log out" }), where).toBeVisible();
  await expect(banner.getByRole("button", { name: "Toggle theme" }), where).toBeVisible();
}

async function choosePropertyNamed(page: Page, name: string): Promise<void> {
  const picker = page.getByRole("dialog", { name: "Choose a property" });
  await expect(async () => {
    if (!(await picker.isVisible())) await page.getByRole("combobox", { name: "Property" }).click();
    await expect(picker).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await picker
    .getByRole("region", { name: "Saved properties" })
    .getByRole("button", { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) })
    .click();
  await expect(picker).toBeHidden();
}

test("the same header on every signed-in page, dates as YYYY-MM-DD, read-only said up front", async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await signInWithGoogle(page, email);
  await choosePlan(page, "Premium");
  await openPropertyViewConnected(page, email);
  await pickFirstGoogleProperty(page);

  const reachable = (
    (await (await page.request.get("/api/ga4/properties")).json()) as {
      properties: { propertyId: string; displayName: string; canEdit: boolean }[];
    }
  ).properties;
  const writable = reachable.filter((property) => property.canEdit);
  const readOnly = reachable.filter((property) => !property.canEdit);
  expect(writable.length).toBeGreaterThanOrEqual(2);
  expect(readOnly).toHaveLength(1);
  const origin = new URL(page.url()).origin;
  for (const { propertyId } of reachable) {
    const saved = await page.request.post("/api/properties", {
      data: { propertyId },
      headers: { origin },
    });
    expect([200, 201]).toContain(saved.status());
  }

  // One header on every page a signed-in person works on.
  for (const { path, heading } of signedInPages) {
    for (const size of sizes) {
      await page.setViewportSize(size);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading }).first()).toBeVisible();
      for (const scheme of ["light", "dark"] as const) {
        await useScheme(page, scheme);
        await expectSignedInHeader(page, `${path} at ${size.width} px in ${scheme}`);
        expect(await horizontalOverflowPx(page), `${path} at ${size.width} px`).toBeLessThanOrEqual(
          0,
        );
        await page.screenshot({
          path: testInfo.outputPath(
            `header-${path.replace(/[^a-z]+/g, "-")}-${size.width}-${scheme}.png`,
          ),
        });
      }
    }
  }
  await page.setViewportSize(sizes[0]!);
  await useScheme(page, "light");

  // Dates: every date cell of All annotations, and its date fields, are YYYY-MM-DD.
  await page.goto("/annotations");
  const table = page.getByRole("table");
  await expect(table.locator("tbody tr td:nth-child(2)").first()).toBeVisible();
  const headers = await table.locator("thead th").allTextContents();
  const dates = await table
    .locator(`tbody tr td:nth-child(${headers.findIndex((h) => h.startsWith("Date")) + 1})`)
    .allTextContents();
  expect(dates.length).toBeGreaterThan(0);
  for (const date of dates) expect(date.trim()).toMatch(isoDayOrRange);
  const from = page.getByLabel("From", { exact: true });
  const to = page.getByLabel("To", { exact: true });
  for (const field of [from, to]) {
    await expect(field).toHaveAttribute("type", "text");
    await expect(field).toHaveAttribute("placeholder", "YYYY-MM-DD");
  }
  await from.fill("2025/1/1");
  await from.blur();
  await expect(from).toHaveValue("2025-01-01");
  await expect(page).toHaveURL(/from=2025-01-01/);
  await to.fill("2026-12-31");
  await expect(page).toHaveURL(/to=2026-12-31/);
  await expect(to).toHaveValue("2026-12-31");
  for (const size of sizes) {
    await page.setViewportSize(size);
    for (const field of [from, to]) {
      // The field and its calendar button are whole on the screen.
      const box = (await field.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      const calendar = page.getByRole("button", {
        name:
          field === from
            ? "Choose the first day from a calendar"
            : "Choose the last day from a calendar",
      });
      const button = (await calendar.boundingBox())!;
      expect(button.x + button.width).toBeLessThanOrEqual(size.width);
    }
    expect(await horizontalOverflowPx(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath(`date-filters-${size.width}.png`) });
  }
  await page.setViewportSize(sizes[0]!);

  // The create dialog's date, and the multi-property create: the read-only one is never ticked.
  await page.goto("/dashboard?mode=property");
  await choosePropertyNamed(page, writable[0]!.displayName);
  await page.getByRole("button", { name: "New Annotation" }).click();
  const create = page.getByRole("dialog", { name: "Create New Annotation" });
  const date = create.getByLabel("Date", { exact: true });
  await expect(date).toHaveAttribute("type", "text");
  await expect(date).toHaveValue(isoDay);
  await expect(
    create.getByRole("button", { name: "Choose the date from a calendar" }),
  ).toBeVisible();
  const choices = create.getByRole("group", { name: "Add it to" });
  const viewOnly = choices.getByRole("checkbox", {
    name: `${readOnly[0]!.displayName} (read-only)`,
  });
  await expect(viewOnly).not.toBeChecked();
  await expect(viewOnly).toBeDisabled();
  const title = `Both shops ${Date.now().toString(36)}`;
  await create.getByLabel("Title").fill(title);
  await choices.getByRole("checkbox", { name: writable[1]!.displayName, exact: true }).check();
  // Today in one property's zone may still be tomorrow in the other's: two days back is past in both.
  await date.fill(new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10));
  await page.screenshot({ path: testInfo.outputPath("create-two-properties.png") });
  await create.getByRole("button", { name: "Create Annotation" }).click();
  await expect(create).toBeHidden();
  await expect(page.getByRole("region", { name: /Notifications/ })).toContainText(
    `Added to ${writable[0]!.displayName} and ${writable[1]!.displayName}`,
  );

  // The read-only property: marked, and nothing that could only fail.
  await choosePropertyNamed(page, readOnly[0]!.displayName);
  await expect(page.getByRole("combobox", { name: "Property" })).toContainText("Read-only");
  await expect(page.getByTitle(/is read-only for your Google account/).first()).toBeVisible();
  const newAnnotation = page.getByRole("button", { name: "New Annotation" });
  await expect(newAnnotation).toBeDisabled();
  await expect(newAnnotation).toHaveAccessibleDescription(/is read-only for your Google account/);
  const edit = page
    .getByRole("table")
    .getByRole("button", { name: /^Edit .* \(read-only\)$/ })
    .first();
  await expect(edit).toHaveAttribute("aria-disabled", "true");
  await edit.focus();
  await expect(page.getByRole("tooltip")).toContainText("Read-only");
  await edit.click({ force: true });
  await expect(page.getByRole("dialog", { name: "Edit Annotation" })).toHaveCount(0);
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.screenshot({ path: testInfo.outputPath(`read-only-${size.width}.png`) });
    expect(await horizontalOverflowPx(page)).toBeLessThanOrEqual(0);
  }
});
