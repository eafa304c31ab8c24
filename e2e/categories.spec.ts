import { expect, test, type Page } from "@playwright/test";
import { horizontalOverflowPx } from "./support/browser-state.js";
import {
  choosePlan,
  signInWithEmailLink,
  signInWithGoogle,
  uniqueEmail,
} from "./support/accounts.js";
import {
  connectGoogleAnalytics,
  managePropertyLine,
  pickFirstGoogleProperty,
} from "./support/dashboard.js";

const notifications = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/** The page at 1280 and 360 px, light and dark, into the test's output folder. */
async function shots(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  for (const [width, height] of [
    [1280, 900],
    [360, 800],
  ] as const) {
    for (const scheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height });
      await page.evaluate(
        `document.documentElement.classList.toggle("dark", ${scheme === "dark"})`,
      );
      await page.screenshot({
        path: test.info().outputPath(`${name}-${width}-${scheme}.png`),
        fullPage: true,
      });
    }
  }
  await page.evaluate(`document.documentElement.classList.remove("dark")`);
  if (size) await page.setViewportSize(size);
}

test.describe("Categories", () => {
  test("a premium tester creates a category from a preset, edits it, uses it on an annotation and deletes it, keeping the annotation", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // On the journeys' tester allow-list (playwright.config.ts) and used by no other journey.
    const email = "categories.tester@example.com";
    await signInWithGoogle(page, email);
    await choosePlan(page, "Premium");

    // The header's Categories button leads to an empty /categories.
    await page.goto("/dashboard?mode=property");
    const header = page.getByRole("banner");
    // The AI Audit link is for the audit's beta, which this tester is not in.
    await expect(header.getByRole("link", { name: "AI Audit" })).toHaveCount(0);
    await header.getByRole("link", { name: "Categories" }).click();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(page.getByRole("heading", { name: "No categories yet" })).toBeVisible();

    // Create from a preset.
    await page.getByRole("button", { name: "New Category" }).click();
    const create = page.getByRole("dialog", { name: "Create Category" });
    await create.getByLabel("Template Preset").selectOption({ label: "Campaigns & Promos" });
    await expect(create.getByLabel("Category Name")).toHaveValue("Campaigns & Promos");
    await expect(create.getByLabel("Color")).toHaveValue("PURPLE");
    await expect(create.getByLabel("Title template", { exact: true })).toHaveValue(
      "CAMPAIGN · [Team/System] · [What] · [Scope] · [Env]",
    );
    await create.getByRole("button", { name: "Create Category" }).click();
    await expect(create).toBeHidden();
    await expect(notifications(page)).toContainText("Category created");
    const card = page
      .getByRole("list", { name: "Your categories" })
      .getByRole("listitem")
      .filter({ hasText: "Campaigns & Promos" });
    await expect(card).toContainText("Launches, channel spikes, marketing campaigns");

    // Edit it.
    await card.getByRole("button", { name: "Edit Campaigns & Promos" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Category" });
    await edit.getByLabel("Description").fill("Paid social, email and seasonal sales");
    await edit.getByRole("button", { name: "Update Category" }).click();
    await expect(edit).toBeHidden();
    await expect(notifications(page)).toContainText("Category updated");
    await expect(card).toContainText("Paid social, email and seasonal sales");

    // Use it in the create dialog: the colour locks and the title starts with the prefix.
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await connectGoogleAnalytics(page, email);
    await page.getByRole("tab", { name: "Property View" }).click();
    await pickFirstGoogleProperty(page);
    await expect(page.getByText(managePropertyLine)).toBeVisible();
    await page.getByRole("button", { name: "New Annotation" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Annotation" });
    await dialog.getByLabel("Category").selectOption({ label: "Campaigns & Promos" });
    const swatches = dialog.getByRole("radiogroup", { name: "Color" });
    await expect(swatches.getByRole("radio", { name: "Purple" })).toBeChecked();
    await expect(swatches.getByRole("radio", { name: "Blue" })).toBeDisabled();
    // The template is the title's hint; the prefix goes before what the person types.
    await expect(dialog.getByLabel("Title")).toHaveValue("");
    await expect(dialog.getByLabel("Title")).toHaveAttribute(
      "placeholder",
      "CAMPAIGN · [Team/System] · [What] · [Scope] · [Env]",
    );
    const typed = `Paid Social · Winter Sale ${Date.now().toString(36)}`;
    const title = `CAMPAIGN · ${typed}`;
    await dialog.getByLabel("Title").fill(typed);
    await dialog.getByLabel("Description").focus();
    await expect(dialog.getByLabel("Title")).toHaveValue(title);
    await shots(page, "create-dialog-category");
    await dialog.getByRole("button", { name: "Create Annotation" }).click();
    await expect(dialog).toBeHidden();
    await expect(notifications(page)).toContainText("Annotation created");

    // The table shows the category beside the colour.
    const row = page.getByRole("table").getByRole("row").filter({ hasText: title });
    await expect(row).toContainText("Purple");
    await expect(row).toContainText("Campaigns & Promos");
    // On a phone the table scrolls inside its own box, category label and all, not the page.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(() => horizontalOverflowPx(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 720 });

    // Deleting the category keeps the annotation, now without a category.
    await page.getByRole("banner").getByRole("link", { name: "Categories" }).click();
    await page.getByRole("button", { name: "Delete Campaigns & Promos" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Category" });
    await expect(confirm).toContainText(
      'Are you sure you want to delete "Campaigns & Promos"? This action cannot be undone.',
    );
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(notifications(page)).toContainText("Category deleted");
    await expect(page.getByRole("heading", { name: "No categories yet" })).toBeVisible();

    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await page.getByRole("tab", { name: "Property View" }).click();
    const kept = page.getByRole("table").getByRole("row").filter({ hasText: title });
    await expect(kept).toBeVisible();
    await expect(kept).toContainText("Purple");
    await expect(kept).not.toContainText("Campaigns & Promos");

    // The page holds together on a phone.
    await page.goto("/categories");
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByRole("button", { name: "New Category" })).toBeInViewport();
    await expect.poll(() => horizontalOverflowPx(page)).toBeLessThanOrEqual(0);
  });

  test("an empty Categories page adds the five recommended categories in one click", async ({
    page,
  }) => {
    // On the journeys' tester allow-list (playwright.config.ts) and used by no other journey.
    await signInWithGoogle(page, "recommended.tester@example.com");
    await choosePlan(page, "Premium");
    await page.goto("/categories");
    await expect(page).toHaveTitle("Categories · Tidemark");
    await expect(page.getByRole("list", { name: "Recommended categories" })).toBeVisible();
    await shots(page, "categories-empty");
    await page.getByRole("button", { name: "Add the five recommended categories" }).click();
    await expect(notifications(page)).toContainText("5 categories are ready to use.");
    const cards = page.getByRole("list", { name: "Your categories" }).getByRole("listitem");
    await expect(cards).toHaveCount(5);
    await expect(cards.first()).toContainText("No annotations yet");
    await expect(cards.first()).toContainText("Recommended");
    await shots(page, "categories-recommended");
  });

  test("a free user sees the Premium Feature card and no header buttons", async ({ page }) => {
    const email = uniqueEmail("free-categories");
    await signInWithEmailLink(page, email);
    await choosePlan(page, "Freemium");

    await page.goto("/dashboard?mode=property");
    const header = page.getByRole("banner");
    await expect(header.getByRole("button", { name: "Log out" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Categories" })).toHaveCount(0);
    await expect(header.getByRole("link", { name: "AI Audit" })).toHaveCount(0);

    await page.goto("/categories");
    await expect(page.getByRole("heading", { level: 1, name: "Premium Feature" })).toBeVisible();
    await expect(page.getByRole("link", { name: "View Plans" })).toHaveAttribute("href", "/plans");
    await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute(
      "href",
      "/dashboard",
    );

    await page.goto("/audit");
    await expect(page.getByRole("heading", { level: 1, name: "Premium Feature" })).toBeVisible();
    await page.getByRole("link", { name: "Upgrade to Premium" }).click();
    await expect(page).toHaveURL(/\/plans$/);
  });
});
