import { expect, test } from "@playwright/test";
import { readLocalStorage } from "./support/browser-state.js";
import {
  completeSandboxGoogleSignIn,
  countSignInLinks,
  createAccount,
  readSignInLink,
  signInWithEmailLink,
  uniqueEmail,
} from "./support/accounts.js";

test.describe("signing in", () => {
  test("a new person signs in with Google, picks Freemium and reaches the dashboard", async ({
    page,
  }) => {
    const email = uniqueEmail("google");
    await page.goto("/login");

    await page.getByRole("button", { name: "Continue with Google" }).click();
    await completeSandboxGoogleSignIn(page, email);

    await expect(page).toHaveURL(/\/plans$/);
    await expect(page.getByRole("heading", { level: 1, name: "Choose Your Plan" })).toBeVisible();
    await page
      .getByRole("article", { name: "Freemium" })
      .getByRole("button", { name: "Get Started Free" })
      .click();

    await expect(page.getByRole("region", { name: /Notifications/ })).toContainText(
      "Plan selected",
    );
    await expect(page).toHaveURL(/\/mode-selection$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Choose Your Workflow" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Open Property View" }).click();

    await expect(page).toHaveURL(/\/dashboard\?mode=property$/);
    await expect(page.getByRole("main")).toBeFocused();
    await expect(page.getByRole("tab", { name: "Property View" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.getByRole("heading", { level: 1, name: "Annotations" })).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Your plan" })).toContainText("Freemium");
    expect(await page.evaluate("JSON.stringify(window.dataLayer)")).toBe(
      '[{"event":"property_mode_click"}]',
    );
  });

  test("a new person signs in with the emailed link", async ({ page }) => {
    const email = uniqueEmail("email");
    await page.goto("/login");

    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue", exact: true }).click();

    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(email);
    expect(await readLocalStorage(page, "authIntent")).toBe("login");

    await page.goto(await readSignInLink(email));

    await expect(page).toHaveURL(/\/plans$/);
    await expect(page.getByRole("heading", { level: 1, name: "Choose Your Plan" })).toBeVisible();
    expect(await readLocalStorage(page, "authIntent")).toBeNull();
  });

  test("cancelling at Google says so on the login page", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveTitle("Sign in with Google");
    await page.getByLabel("Email").fill(uniqueEmail("cancel"));
    await page.getByRole("button", { name: "Continue" }).click();

    await page.getByRole("button", { name: "Cancel" }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("alert")).toHaveText("Google sign-in was cancelled.");
  });

  test("signing up with an address that has an account offers the login page", async ({
    page,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail("existing");
    await createAccount(request, baseURL!, email);
    const linksBefore = await countSignInLinks(email);
    let prompt = "";
    page.on("dialog", (dialog) => {
      prompt = dialog.message();
      void dialog.accept();
    });
    await page.goto("/signup");
    await expect(
      page.getByRole("heading", { level: 1, name: "Create your account" }),
    ).toBeVisible();

    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue", exact: true }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1, name: "Log in to Tidemark" })).toBeVisible();
    expect(prompt).toBe(
      `An account with ${email} already exists. Would you like to log in instead?`,
    );
    expect(await countSignInLinks(email)).toBe(linksBefore);
  });

  test("a sign-in link that was already used explains itself", async ({ page }) => {
    const email = uniqueEmail("reused");
    await signInWithEmailLink(page, email);
    await expect(page).toHaveURL(/\/plans$/);
    const usedLink = await readSignInLink(email);

    await page.goto(usedLink);

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("alert")).toHaveText(
      "That sign-in link has expired or was already used. Request a new one.",
    );
  });

  test("logging out returns to the landing page and closes the dashboard", async ({ page }) => {
    const email = uniqueEmail("logout");
    await signInWithEmailLink(page, email);
    await page
      .getByRole("article", { name: "Freemium" })
      .getByRole("button", { name: "Get Started Free" })
      .click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Choose Your Workflow" }),
    ).toBeVisible();

    await page.getByRole("button", { name: "Log out" }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "View Pricing" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Log In" })).toBeVisible();

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1, name: "Log in to Tidemark" })).toBeVisible();
  });
});
