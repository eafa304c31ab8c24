import { expect, test, type Page } from "@playwright/test";
import { choosePlan, signInWithGoogle } from "./support/accounts.js";
import { connectGoogleAnalytics } from "./support/dashboard.js";

/**
 * One annotation on several properties (decision 0058): made on two saved properties from the
 * create dialog, then changed and deleted on both from the edit and delete dialogs. Pictures of
 * each dialog at 1280 and 360 px in light and dark land in the test's output folder, and at 360 px
 * nothing scrolls sideways.
 */
test("One annotation on two properties, changed and deleted on both", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  // On the journeys' tester allow-list (playwright.config.ts) and used by no other journey; the
  // sandbox gives this address two properties it may edit.
  const email = "multi.tester@example.com";
  await signInWithGoogle(page, email);
  await choosePlan(page, "Premium");
  await page.goto("/dashboard?mode=property");
  await connectGoogleAnalytics(page, email);
  await page.getByRole("tab", { name: "Property View" }).click();
  // Saving both: the second, then the first, which stays selected.
  await pickProperty(page, 1);
  await pickProperty(page, 0);

  const shot = async (name: string) => {
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(
        `document.documentElement.classList.toggle("dark", ${scheme === "dark"})`,
      );
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: testInfo.outputPath(`sets-${name}-${width}-${scheme}.png`) });
        if (width === 360) {
          const sideways = await page.evaluate<number>(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth",
          );
          expect(sideways, `${name} at 360 px in ${scheme}`).toBeLessThanOrEqual(0);
        }
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  };

  await page.getByRole("button", { name: "New Annotation" }).click();
  const create = page.getByRole("dialog", { name: "Create New Annotation" });
  const choices = create.getByRole("group", { name: "Add it to" });
  const boxes = choices.getByRole("checkbox");
  await expect(boxes.first()).toBeChecked();
  const names = await choices.locator("label").allInnerTexts();
  const current = names[0]!.trim();
  // The title first: leaving it empty would show its error and move the boxes mid-click.
  await create.getByLabel("Title").fill("Spring sale everywhere");
  await boxes.nth(1).check();
  const other = names[1]!.trim();
  // Today in one property's zone may still be tomorrow in the other's: two days back is past in both.
  await create
    .getByLabel("Date", { exact: true })
    .fill(new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10));
  await shot("create");
  await create.getByRole("button", { name: "Create Annotation" }).click();
  await expect(create).toBeHidden();
  const notices = page.getByRole("region", { name: /Notifications/ });
  await expect(notices).toContainText(`Added to ${current} and ${other}`);

  await page.getByRole("button", { name: "Edit Spring sale everywhere" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Annotation" });
  await expect(
    edit.getByRole("checkbox", { name: `Also change the copy in ${other}?` }),
  ).toBeChecked();
  await shot("edit");
  await edit.getByLabel("Title").fill("Spring sale, extended");
  await edit.getByRole("button", { name: "Update Annotation" }).click();
  await expect(edit).toBeHidden();
  await expect(notices).toContainText(`Changed in ${current} and ${other}`);

  await page.getByRole("button", { name: "Delete Spring sale, extended" }).click();
  const remove = page.getByRole("dialog", { name: "Delete Annotation" });
  await expect(
    remove.getByRole("checkbox", { name: `Also delete the copy in ${other}?` }),
  ).toBeChecked();
  await shot("delete");
  await remove.getByRole("button", { name: "Delete" }).click();
  await expect(remove).toBeHidden();
  await expect(notices).toContainText(`Deleted from ${current} and ${other}`);
});

async function pickProperty(page: Page, index: number): Promise<void> {
  const picker = page.getByRole("dialog", { name: "Choose a property" });
  await expect(async () => {
    if (!(await picker.isVisible())) await page.getByRole("combobox", { name: "Property" }).click();
    await expect(picker).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await picker
    .getByRole("region", { name: "Google Analytics properties" })
    .getByRole("button")
    .nth(index)
    .click();
  await expect(picker).toBeHidden();
}
