import { expect, test } from "@playwright/test";
import { choosePlan, signInWithGoogle } from "./support/accounts.js";
import { lockFirstGoogleProperty, openPropertyViewConnected } from "./support/dashboard.js";

/** YYYY-MM-DD, `days` before today in UTC: from two days back, a day past in every zone. */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * CSV import from Property View's Export: a semicolon file with a byte order mark, its preview
 * (each bad row by line), the import as a job with its progress, the free plan's daily quota
 * stopping it with what is left for tomorrow; pictures at 1280 and 360 px, light and dark, with
 * no sideways scrolling on the phone.
 */
test("CSV import: preview by line, import as a job, stop at the daily quota", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const email = `csv-import.${Date.now().toString(36)}@example.com`;
  await signInWithGoogle(page, email);
  await choosePlan(page, "Freemium");
  await openPropertyViewConnected(page, email);
  await lockFirstGoogleProperty(page);

  await page.getByRole("button", { name: "Export" }).click();
  await page
    .getByRole("dialog", { name: "Export annotations" })
    .getByRole("link", { name: "Import CSV" })
    .click();
  await expect(page).toHaveURL(/\/annotations\/import\?property=\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Import annotations from CSV");

  const rows = [
    "Date;Title;Colour;Notes",
    ...Array.from({ length: 7 }, (_, i) => `${daysAgo(i + 2)};Journey ${i + 1};green;From a file`),
    `not a day;Broken;;`,
    `${daysAgo(3)};Bad colour;pink;`,
  ];
  await page.getByLabel(/CSV file/).setInputFiles({
    name: "journey.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`\uFEFF${rows.join("\r\n")}\r\n`, "utf8"),
  });
  await expect(page.getByText("7 rows ready to import")).toBeVisible();
  await expect(page.getByText("2 rows with problems")).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.getByRole("row").filter({ hasText: "Broken" })).toContainText(
    '"not a day" is not a date',
  );
  await expect(table.getByRole("row").filter({ hasText: "Bad colour" })).toContainText(
    '"pink" is not a colour',
  );

  const shot = async (name: string) => {
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(
        `document.documentElement.classList.toggle("dark", ${scheme === "dark"})`,
      );
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 900 });
        const sideways = await page.evaluate<number>(
          "document.documentElement.scrollWidth - document.documentElement.clientWidth",
        );
        expect(sideways, `sideways scroll at ${width} px (${scheme})`).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: testInfo.outputPath(`csv-import-${name}-${width}-${scheme}.png`),
          fullPage: true,
        });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  };
  await shot("preview");

  await page.getByRole("button", { name: "Import 7 rows" }).click();
  // The free plan writes 5 a day: the job stops there and says what is left.
  await expect(page.getByText("5 imported, 2 left for tomorrow · 2 rows skipped")).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole("progressbar", { name: "Rows written" })).toHaveAttribute(
    "aria-valuenow",
    "5",
  );
  await expect(page.getByRole("button", { name: "Resume import" })).toBeVisible();
  await shot("result");
});
