import { expect, test } from "@playwright/test";
import { horizontalOverflowPx, readCookie } from "./support/browser-state.js";
import {
  choosePlan,
  signInWithEmailLink,
  signInWithGoogle,
  uniqueEmail,
} from "./support/accounts.js";
import {
  connectGoogleAnalytics,
  createAnnotation,
  managePropertyLine,
  selectedPropertyName,
  openPropertyViewConnected,
  pickFirstGoogleProperty,
} from "./support/dashboard.js";

test.describe("Property View", () => {
  test("a premium tester connects Google, picks a property and creates, edits and deletes an annotation", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // On the sandbox's default tester allow-list; signs in with Google, so no email link is spent.
    const email = "tester2@example.com";
    await signInWithGoogle(page, email);
    await choosePlan(page, "Premium");

    await page.goto("/dashboard?mode=property");
    await expect(page.getByRole("region", { name: "Connect Google Analytics" })).toBeVisible();
    await connectGoogleAnalytics(page, email);
    await page.getByRole("tab", { name: "Property View" }).click();

    await pickFirstGoogleProperty(page);
    await expect(page.getByText(managePropertyLine)).toBeVisible();
    // The property by the name the picker shows, its number only as the small detail beside it.
    const selected = await selectedPropertyName(page);
    await expect(
      page.getByText(`Manage annotations for ${selected.name}`, { exact: true }),
    ).toBeVisible();
    await expect(page.getByText(`· ${selected.propertyId}`, { exact: true })).toBeVisible();
    // The cookie names whose choice it is beside the property (docs/decisions/0042).
    const selection = await readCookie(page, "tidemark_property");
    expect(selection).toMatch(/^[0-9a-f-]{36}\.\d+$/);
    const propertyId = selection!.split(".")[1]!;
    expect(propertyId).toBe(selected.propertyId);
    const table = page.getByRole("table");
    // The sandbox seeds 8–15 annotations per property.
    await expect(table.getByRole("row").nth(8)).toBeVisible();

    const title = `Winter launch ${Date.now().toString(36)}`;
    await createAnnotation(page, title);
    const row = table.getByRole("row").filter({ hasText: title });
    await expect(row).toBeVisible();
    // 'Date Added' is in the row's details, opened from its title.
    await row.getByRole("button", { name: title, exact: true }).click();
    const details = page.getByRole("dialog", { name: title });
    // Written YYYY-MM-DD, as every date is, on the property's calendar: the new annotation's day
    // (the dialog's default, the property's today) is the day it was added. The property's zone may
    // be a day either side of this runner's, so the day is checked against that window only.
    await expect(details).toContainText(/Date Added\d{4}-\d{2}-\d{2}/);
    const shown = (await details.textContent()) ?? "";
    const day = /Date(\d{4}-\d{2}-\d{2})/.exec(shown)?.[1];
    const added = /Date Added(\d{4}-\d{2}-\d{2})/.exec(shown)?.[1];
    expect(added).toBe(day);
    const near = [-1, 0, 1].map((shift) =>
      new Date(Date.now() + shift * 86_400_000).toISOString().slice(0, 10),
    );
    expect(near).toContain(added);
    await details.getByRole("button", { name: "Close" }).first().click();
    await expect(details).toBeHidden();

    await row.getByRole("button", { name: `Edit ${title}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Annotation" });
    const renamed = `${title} (moved)`;
    await edit.getByLabel("Title").fill(renamed);
    await edit.getByRole("button", { name: "Update Annotation" }).click();
    await expect(edit).toBeHidden();
    const renamedRow = table.getByRole("row").filter({ hasText: renamed });
    await expect(renamedRow).toBeVisible();

    await renamedRow.getByRole("button", { name: `Delete ${renamed}` }).click();
    await page
      .getByRole("dialog", { name: "Delete Annotation" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page.getByRole("region", { name: /Notifications/ })).toContainText(
      "Annotation deleted",
    );
    await expect(table.getByRole("row").filter({ hasText: title })).toHaveCount(0);

    // The choice survives a reload.
    await page.reload();
    await expect(
      page.getByText(`Manage annotations for ${selected.name}`, { exact: true }),
    ).toBeVisible();
  });

  test("a freemium user locks one property, sees the locks and spends the daily quota", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail("freemium-annotator");
    await signInWithEmailLink(page, email);
    await choosePlan(page, "Freemium");

    await openPropertyViewConnected(page, email);

    await pickFirstGoogleProperty(page);
    const lock = page.getByRole("dialog", { name: "Lock property" });
    await expect(lock).toContainText(
      /^.*On the free plan you work with one property\. Lock Tidemark to .+\?/,
    );
    await lock.getByRole("button", { name: "Lock property" }).click();
    await expect(page.getByText(managePropertyLine)).toBeVisible();

    await page.getByRole("combobox", { name: "Property" }).click();
    await expect(
      page
        .getByRole("dialog", { name: "Choose a property" })
        .getByRole("button", { name: /is locked on the free plan/ }),
    ).toBeDisabled();
    await page.keyboard.press("Escape");

    const table = page.getByRole("table");
    await expect(table.getByRole("row").nth(8)).toBeVisible();
    await expect(
      table.getByRole("button", { name: "Premium feature - Upgrade to edit annotations" }).first(),
    ).toBeDisabled();
    await expect(
      table
        .getByRole("button", { name: "Premium feature - Upgrade to delete annotations" })
        .first(),
    ).toBeDisabled();

    const plan = page.getByRole("complementary", { name: "Your plan" });
    await expect(plan).toContainText("0 / 5");
    for (let index = 1; index <= 5; index += 1) {
      await createAnnotation(page, `Freemium note ${index}`);
      await expect(plan).toContainText(`${index} / 5`);
      if (index < 5)
        await expect(plan).toContainText(
          `${5 - index} annotation${5 - index === 1 ? "" : "s"} remaining today`,
        );
    }
    // When the allowance comes back, on the property's clock (the sandbox's are not UTC).
    await expect(plan).toContainText(
      /Daily limit reached: all 5 of today's annotations are added\. Resets at \d{4}-\d{2}-\d{2} \d{2}:\d{2} [\w+-]+ \(midnight UTC\) — in \d+ (h|min)\./,
    );
    await expect(page.getByRole("button", { name: "New Annotation" })).toBeDisabled();

    // Still usable on a 360 px phone: nothing pushes the page sideways (the table scrolls on its own).
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(() => horizontalOverflowPx(page)).toBeLessThanOrEqual(0);
    await expect(page.getByRole("combobox", { name: "Property" })).toBeInViewport();
    await expect(page.getByRole("button", { name: "New Annotation" })).toBeInViewport();
  });
});
