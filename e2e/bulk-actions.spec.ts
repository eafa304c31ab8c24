import { expect, test } from "@playwright/test";
import { choosePlan, signInWithGoogle } from "./support/accounts.js";
import {
  createAnnotation,
  managePropertyLine,
  openPropertyViewConnected,
  pickFirstGoogleProperty,
} from "./support/dashboard.js";

// Bulk actions in Property View (decision 0056): three rows selected, recoloured together,
// reported as '3 recoloured', and put back with the one Undo of the batch.

test.describe("Bulk actions in Property View", () => {
  test("three selected rows are recoloured together and undone together", async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    // On the journeys' tester allow-list (playwright.config.ts) and used by no other journey.
    const email = "bulk.tester@example.com";
    await signInWithGoogle(page, email);
    await choosePlan(page, "Premium");
    await openPropertyViewConnected(page, email);
    await pickFirstGoogleProperty(page);
    await expect(page.getByText(managePropertyLine)).toBeVisible();

    const run = Date.now().toString(36);
    const titles = ["Spring sale", "Launch", "Outage"].map((title) => `${title} ${run}`);
    for (const title of titles) await createAnnotation(page, title);

    const table = page.getByRole("table", { name: /^Annotations,/ });
    const notifications = page.getByRole("region", { name: /Notifications/ });
    for (const title of titles)
      await table.getByRole("checkbox", { name: `Select ${title}`, exact: true }).check();

    const bar = page.getByRole("toolbar", { name: "Bulk actions" });
    await expect(bar).toContainText("3 selected");
    await bar.getByRole("button", { name: "Recolour" }).click();
    await page.getByRole("menuitem", { name: "Red" }).click();
    await expect(notifications).toContainText("3 recoloured");
    for (const title of titles)
      await expect(table.getByRole("row").filter({ hasText: title })).toContainText("Red");

    await notifications.getByRole("button", { name: "Undo" }).click();
    await expect(notifications).toContainText("3 undone");
    for (const title of titles)
      await expect(table.getByRole("row").filter({ hasText: title })).toContainText("Blue");
  });
});
