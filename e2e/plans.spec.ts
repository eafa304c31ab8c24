import { expect, test } from "@playwright/test";
import { readLocalStorage } from "./support/browser-state.js";
import {
  completeSandboxGoogleSignIn,
  signInWithEmailLink,
  uniqueEmail,
} from "./support/accounts.js";

test.describe("choosing a plan", () => {
  test("a tester selects Premium", async ({ page }) => {
    // On the sandbox's default tester allow-list (README).
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await completeSandboxGoogleSignIn(page, "tester1@example.com");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto("/plans");

    const premium = page.getByRole("article", { name: "Premium" });
    await expect(premium.getByText("Tester Access")).toBeVisible();
    await expect(premium).toContainText("$0");
    await premium.getByRole("button", { name: "Choose Premium" }).click();

    await expect(page.getByRole("region", { name: /Notifications/ })).toContainText(
      "Your subscription plan has been updated.",
    );
    await expect(page).toHaveURL(/\/mode-selection$/);
    await page.getByRole("button", { name: "Open Agent Mode" }).click();

    await expect(page).toHaveURL(/\/dashboard\?mode=agent$/);
    await expect(page.getByRole("heading", { level: 1, name: "AI Assistant" })).toBeVisible();
    const plan = page.getByRole("complementary", { name: "Your plan" });
    await expect(plan).toContainText("Premium");
    await expect(plan).toContainText("/ 50");
  });

  test("someone not on the tester list sees Premium is not for sale and cannot choose it", async ({
    page,
    baseURL,
  }) => {
    await signInWithEmailLink(page, uniqueEmail("regular"));
    await expect(page.getByRole("heading", { level: 1, name: "Choose Your Plan" })).toBeVisible();

    const premium = page.getByRole("article", { name: "Premium" });
    await expect(premium.getByText("Coming Soon").first()).toBeVisible();
    await expect(premium.getByText("Tester Access")).toHaveCount(0);
    await expect(premium.getByRole("button", { name: "Choose Premium" })).toHaveCount(0);
    await premium.getByRole("button", { name: "Notify me" }).click();
    await expect(premium.getByRole("status")).toHaveText("We'll email you when Premium opens.");

    // Nor can they get round the page: the server refuses too.
    const refused = await page.request.patch("/api/users/subscription", {
      data: { tier: "premium" },
      headers: { Origin: new URL(baseURL!).origin },
    });
    expect(refused.status()).toBe(403);
  });

  test("a visitor's plan choice is applied after they sign in", async ({ page }) => {
    const email = uniqueEmail("planfirst");
    await page.goto("/plans");

    await page
      .getByRole("article", { name: "Freemium" })
      .getByRole("button", { name: "Get Started Free" })
      .click();
    await completeSandboxGoogleSignIn(page, email);

    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Choose Your Workflow" }),
    ).toBeVisible();
    expect(await readLocalStorage(page, "selectedPlan")).toBeNull();

    await page.goto("/dashboard");
    await expect(page.getByRole("complementary", { name: "Your plan" })).toContainText("Freemium");
  });
});
