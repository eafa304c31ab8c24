import { expect, test } from "@playwright/test";
import Papa from "papaparse";
import { choosePlan, signInWithGoogle } from "./support/accounts.js";
import { connectGoogleAnalytics, createAnnotation } from "./support/dashboard.js";

/**
 * Property View's Export: the dialog at 1280 and 360 px in light and dark (pictures in the test's
 * output folder), a feed made there whose address, read without a session, parses back to CSV
 * holding the annotation just made, and the feed listed afterwards.
 */
test("Export: downloads and a live feed whose address serves the annotations as CSV", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  // On the journeys' tester allow-list (playwright.config.ts) and used by no other journey, so
  // Google is not connected yet when it starts.
  const email = "export.tester@example.com";
  await signInWithGoogle(page, email);
  await choosePlan(page, "Premium");
  await page.goto("/dashboard?mode=property");
  await connectGoogleAnalytics(page, email);
  await page.getByRole("tab", { name: "Property View" }).click();
  const picker = page.getByRole("dialog", { name: "Choose a property" });
  await expect(async () => {
    if (!(await picker.isVisible())) await page.getByRole("combobox", { name: "Property" }).click();
    await expect(picker).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await picker
    .getByRole("region", { name: "Google Analytics properties" })
    .getByRole("button")
    .first()
    .click();
  await createAnnotation(page, 'Sale, "big" one');
  await page.getByRole("button", { name: "Export" }).click();
  const dialog = page.getByRole("dialog", { name: "Export annotations" });
  await expect(dialog).toBeVisible();
  const shot = async (name: string) => {
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(
        `document.documentElement.classList.toggle("dark", ${scheme === "dark"})`,
      );
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({
          path: testInfo.outputPath(`feeds-${name}-${width}-${scheme}.png`),
        });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  };
  await shot("export");
  await dialog.getByLabel("Feed name").fill("Marketing dashboard");
  await dialog.getByRole("button", { name: "Create feed" }).click();
  const address = dialog.getByLabel("Your new feed's address");
  await expect(address).toBeVisible();
  await shot("feed-created");
  const url = (await address.textContent())!;
  const feed = await request.get(url);
  expect(feed.status()).toBe(200);
  const rows = Papa.parse<Record<string, string>>(await feed.text(), {
    header: true,
    skipEmptyLines: true,
  }).data;
  expect(rows.map((row) => row.title)).toContain('Sale, "big" one');
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog.getByRole("list", { name: "Your feeds" })).toContainText(
    "Marketing dashboard",
  );
  await shot("feed-list");
});
