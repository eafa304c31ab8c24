import { expect, test, type Page } from "@playwright/test";
import { mintTokens } from "../src/sandbox/testing/sandbox-test-kit.js";
import { choosePlan, signInWithGoogle } from "./support/accounts.js";
import {
  connectGoogleAnalytics,
  createAnnotation,
  managePropertyLine,
  selectedPropertyName,
} from "./support/dashboard.js";

const notifications = (page: Page) => page.getByRole("region", { name: /Notifications/ });
/** The product's built-in sandbox (its control endpoint is on for the journeys). */
const sandboxUrl = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? 5198}`;

/** The titles Google Analytics itself holds for the property: the sandbox read past Tidemark. */
async function titlesInGoogle(email: string, propertyId: string): Promise<string[]> {
  const { access_token: token } = await mintTokens(sandboxUrl, {
    email,
    scopes: ["https://www.googleapis.com/auth/analytics.readonly"],
  });
  const response = await fetch(
    `${sandboxUrl}/v1alpha/properties/${propertyId}/reportingDataAnnotations?pageSize=200`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(response.ok).toBe(true);
  const page = (await response.json()) as { reportingDataAnnotations?: { title: string }[] };
  return (page.reportingDataAnnotations ?? []).map((annotation) => annotation.title);
}

test.describe("Undo in Property View", () => {
  test("an edit made in the table is undone from its toast, in GA4 too, and the edit dialog shows the history", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // On the journeys' tester allow-list (playwright.config.ts) and used by no other journey.
    const email = "undo.tester@example.com";
    await signInWithGoogle(page, email);
    await choosePlan(page, "Premium");
    await page.goto("/dashboard?mode=property");
    await connectGoogleAnalytics(page, email);
    await page.getByRole("tab", { name: "Property View" }).click();
    // The picker may open by itself on the way back from Google's consent.
    const picker = page.getByRole("dialog", { name: "Choose a property" });
    await expect(async () => {
      if (!(await picker.isVisible()))
        await page.getByRole("combobox", { name: "Property" }).click();
      await expect(picker).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await picker
      .getByRole("region", { name: "Google Analytics properties" })
      .getByRole("button")
      .first()
      .click();
    await expect(page.getByText(managePropertyLine)).toBeVisible();
    const { propertyId } = await selectedPropertyName(page);

    const title = `Spring sale ${Date.now().toString(36)}`;
    await createAnnotation(page, title);
    // The create's toast offers Undo too.
    await expect(notifications(page).getByRole("button", { name: "Undo" })).toBeVisible();

    // Edit it in the table.
    await page.getByRole("button", { name: `Edit ${title}`, exact: true }).click();
    const edit = page.getByRole("dialog", { name: "Edit Annotation" });
    await edit.getByLabel("Title").fill(`${title} (extended)`);
    await edit.getByRole("button", { name: "Update Annotation" }).click();
    await expect(edit).toBeHidden();
    await expect(notifications(page)).toContainText(
      `"${title} (extended)" has been updated in GA4.`,
    );
    expect(await titlesInGoogle(email, propertyId)).toContain(`${title} (extended)`);

    // Undo from the toast: the table and Google Analytics hold the old title again.
    await notifications(page).getByRole("button", { name: "Undo" }).click();
    await expect(notifications(page)).toContainText(`"${title}" is back as it was in GA4.`);
    const table = page.getByRole("table");
    await expect(table.getByRole("row").filter({ hasText: `${title} (extended)` })).toHaveCount(0);
    await expect(table.getByRole("row").filter({ hasText: title })).toHaveCount(1);
    await expect
      .poll(() => titlesInGoogle(email, propertyId))
      .toEqual(expect.arrayContaining([title]));
    expect(await titlesInGoogle(email, propertyId)).not.toContain(`${title} (extended)`);

    // The edit dialog's history: created, edited (undone), put back.
    await page.getByRole("button", { name: `Edit ${title}`, exact: true }).click();
    const history = page
      .getByRole("dialog", { name: "Edit Annotation" })
      .getByRole("region", { name: "History" });
    const entries = history.getByRole("listitem");
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toContainText("Put back (undo)");
    await expect(entries.nth(1)).toContainText("Edited");
    await expect(entries.nth(1)).toContainText("(undone)");
    await expect(entries.nth(1)).toContainText(`Title${title} → ${title} (extended)`);
    await expect(entries.nth(2)).toContainText("Created");
    await expect(entries.nth(2)).toContainText("in the table");
  });
});
