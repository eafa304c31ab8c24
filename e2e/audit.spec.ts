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

async function choosePremium(page: Page): Promise<void> {
  await page.goto("/plans");
  const choose = page
    .getByRole("article", { name: "Premium" })
    .getByRole("button", { name: "Choose Premium" });
  // Another journey of the same run may have chosen it already.
  if (await choose.isEnabled()) {
    await choose.click();
    await expect(page).toHaveURL(/\/mode-selection$/);
  }
}

async function screenshots(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1280, 900],
    [360, 800],
  ] as const) {
    for (const scheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(
        `document.documentElement.classList.toggle("dark", ${scheme === "dark"})`,
      );
      expect(await horizontalOverflowPx(page)).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: test.info().outputPath(`${name}-${width}-${scheme}.png`),
        fullPage: true,
      });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe("the AI audit", () => {
  test("the beta user audits a property, accepts, edits, creates a category and applies", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    // On the sandbox's default audit beta list (README).
    const email = "auditor@example.com";
    await signInWithGoogle(page, email);
    await choosePremium(page);
    await page.goto("/dashboard?mode=property");
    // The assistant's journey uses the same beta account and may have connected it already.
    const banner = page.getByRole("banner");
    const connect = banner.getByRole("button", { name: "Connect GA4" });
    await expect(connect.or(banner.getByText("GA4 Connected"))).toBeVisible();
    if (await connect.isVisible()) await connectGoogleAnalytics(page, email);
    await pickFirstGoogleProperty(page);
    await expect(page.getByText(managePropertyLine)).toBeVisible();

    await page.getByRole("banner").getByRole("link", { name: "AI Audit" }).click();
    await expect(page).toHaveURL(/\/audit$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "AI Annotation Audit" }),
    ).toBeVisible();
    await expect(page.getByText("Experimental Feature")).toBeVisible();
    await page.getByRole("tab", { name: "Past Audits" }).click();
    await expect(page.getByText("No audit history yet")).toBeVisible();
    await page.getByRole("tab", { name: "Run Audit" }).click();
    await expect(page.getByLabel("GA4 property")).not.toHaveValue("");
    await screenshots(page, "audit-form");

    await page.getByRole("button", { name: "Start AI Audit" }).click();
    await expect(page.getByRole("region", { name: /Notifications/ })).toContainText(
      "Starting AI analysis of your annotations...",
    );
    const review = page.getByRole("region", { name: /suggestion/ });
    await expect(review).toBeVisible({ timeout: 30_000 });
    const cards = review.getByRole("article");
    await expect(cards.first()).toBeVisible();

    // Accept the first two that can be applied (cards keep their order, so an index stays put).
    const applicable: number[] = [];
    const count = await cards.count();
    for (let index = 0; index < count && applicable.length < 2; index += 1) {
      const accept = cards.nth(index).getByRole("button", { name: "Accept", exact: true });
      if (await accept.isEnabled()) applicable.push(index);
    }
    expect(applicable).toHaveLength(2);
    const first = cards.nth(applicable[0]!);
    const second = cards.nth(applicable[1]!);
    const firstTitle = (await first.getByRole("heading").textContent())!;
    await first.getByRole("button", { name: "Accept", exact: true }).click();
    await expect(first.getByRole("button", { name: "Accepted" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await second.getByRole("button", { name: "Accept", exact: true }).click();
    await expect(second.getByRole("button", { name: "Accepted" })).toBeVisible();

    // Edit the first one's wording.
    const edited = `Audited ${Date.now().toString(36)}`;
    await first.getByRole("button", { name: "Edit" }).click();
    await first.getByLabel("Title").fill(edited);
    await first.getByRole("button", { name: "Save" }).click();
    await expect(first.getByText(edited)).toBeVisible();

    // Create a suggested category, which links it: that card no longer offers to create it.
    const createButtons = page.getByRole("button", { name: "Create category" });
    const offered = await createButtons.count();
    expect(offered).toBeGreaterThan(1);
    await createButtons.first().click();
    await expect(page.getByRole("region", { name: /Notifications/ })).toContainText(
      "Category created and linked",
    );
    await expect(createButtons).toHaveCount(offered - 1);

    // Another proposes a category not made yet: accepted as it is, applying makes it.
    const open = cards
      .filter({ hasText: "(new: made when you apply)" })
      .filter({ has: page.getByRole("button", { name: "Accept", exact: true }) })
      .first();
    // Held by its title: once accepted it no longer matches the filter above.
    const proposingTitle = (await open.getByRole("heading").textContent())!;
    const proposing = cards.filter({
      has: page.getByRole("heading", { name: proposingTitle, exact: true }),
    });
    const newCategory = (await proposing.textContent())!.match(
      /Category(.+?) \(new: made when you apply\)/,
    )![1]!;
    await proposing.getByRole("button", { name: "Accept", exact: true }).click();
    await expect(proposing.getByRole("button", { name: "Accepted" })).toBeVisible();

    // One the person does not want is rejected, beside Accept.
    const rejected = cards
      .filter({ has: page.getByRole("button", { name: "Accept", exact: true }) })
      .last();
    await rejected.getByRole("button", { name: "Reject", exact: true }).click();
    await expect(rejected.getByRole("button", { name: "Rejected" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    // Each card names its annotation's day.
    await expect(
      cards
        .first()
        .getByText(/^\d{4}-\d{2}-\d{2}$/)
        .first(),
    ).toBeVisible();
    await screenshots(page, "audit-review");

    const apply = page.getByRole("button", { name: /^Apply \d+ changes?$/ });
    await expect(apply).toBeEnabled();
    await apply.click();
    const confirm = page.getByRole("dialog", { name: "Apply changes to Google Analytics?" });
    await confirm.getByRole("button", { name: /^Apply \d+ changes?$/ }).click();
    await expect(page.getByRole("region", { name: /Notifications/ })).toContainText(
      /\d+ changes? applied to GA4\./,
    );
    await expect(first.getByText("Applied", { exact: true })).toBeVisible();
    await expect(proposing.getByText("Applied", { exact: true })).toBeVisible();
    expect(firstTitle).not.toBe("");
    // The footer tallies the review: "4 applied · 1 rejected · 3 to review".
    await expect(page.getByText(/^\d+ applied( · \d+ rejected)? · \d+ to review$/)).toBeVisible();

    await page.getByRole("tab", { name: "Past Audits" }).click();
    const past = page.getByRole("listitem").first();
    await expect(past).toContainText(/ · [1-9]\d* applied/);
    // Named as the picker names it, not by its number.
    await expect(past).not.toContainText(/Property \d/);
    await screenshots(page, "audit-history");
    await past.getByRole("button", { name: /^View Results/ }).click();
    await expect(page.getByRole("region", { name: /suggestion/ })).toBeVisible();

    // The category the accepted suggestion proposed was made when it was applied.
    await page.goto("/categories");
    await expect(page.getByRole("heading", { level: 2, name: newCategory })).toBeVisible();
    await screenshots(page, "categories-after-audit");

    await page.goto("/dashboard?mode=property");
    await expect(
      page.getByRole("table").getByRole("row").filter({ hasText: edited }),
    ).toBeVisible();
  });

  test("a Premium account outside the beta sees the private-beta notice", async ({ page }) => {
    await signInWithGoogle(page, "tester1@example.com");
    await choosePremium(page);
    await page.goto("/audit");
    await expect(
      page.getByRole("heading", { level: 1, name: "Coming Soon for Premium Users" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Start AI Audit" })).toHaveCount(0);
  });

  test("a free account sees the Premium notice with the way to upgrade", async ({ page }) => {
    await signInWithEmailLink(page, uniqueEmail("free-audit"));
    await choosePlan(page, "Freemium");
    await page.goto("/audit");
    await expect(page.getByRole("heading", { level: 1, name: "Premium Feature" })).toBeVisible();
    await page.getByRole("link", { name: "Upgrade to Premium" }).click();
    await expect(page).toHaveURL(/\/plans$/);
  });
});
