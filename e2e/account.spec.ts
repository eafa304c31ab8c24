import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { choosePlan, signInWithEmailLink, uniqueEmail } from "./support/accounts.js";
import { connectGoogleAnalytics } from "./support/dashboard.js";

const notifications = (page: Page) => page.getByRole("region", { name: /Notifications/ });
const serverLogPath = path.join(process.env.E2E_DATA_DIR ?? "./data/e2e", "server.log");

test.describe("My account", () => {
  test("export my data downloads JSON; deleting the account signs me out, and signing in again starts afresh", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail("account");
    await signInWithEmailLink(page, email);
    await choosePlan(page, "Freemium");
    await page.goto("/dashboard?mode=property");
    await connectGoogleAnalytics(page, email);

    // The dashboard header leads to the account page.
    await page.getByRole("banner").getByRole("link", { name: "Account" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText("Freemium")).toBeVisible();
    await expect(page.getByText("Connected", { exact: true })).toBeVisible();

    // Export my data: one JSON file with the account and no secret.
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export my data" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^tidemark-export-\d{4}-\d{2}-\d{2}\.json$/);
    const text = await readFile((await download.path())!, "utf8");
    const data = JSON.parse(text) as {
      account: { email: string; subscriptionTier: string; googleScopes: string | null };
    };
    expect(data.account.email).toBe(email);
    expect(data.account.subscriptionTier).toBe("freemium");
    expect(data.account.googleScopes).toContain("analytics");
    expect(text).not.toMatch(/"(googleAccessToken|googleRefreshToken|token|password)"/);
    await expect(notifications(page)).toContainText("Export downloaded");

    // Delete my account: the button waits for the typed address.
    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    const confirm = dialog.getByRole("button", { name: "Delete my account" });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(/to confirm/).fill(email.toUpperCase());
    await confirm.click();

    await expect(page).toHaveURL(/\/$/);
    await expect(notifications(page)).toContainText("Your account has been deleted");
    await expect(page.getByRole("banner").getByRole("link", { name: /log in/i })).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);
    // Google's grant was revoked at Google (the sandbox confirmed it to the revoke job).
    await expect
      .poll(async () => {
        const log = await readFile(serverLogPath, "utf8");
        return log
          .split("\n")
          .some(
            (line) =>
              line.includes('"msg":"Google access of a deleted account ended"') &&
              line.includes('"googleRevoke":"revoked"'),
          );
      })
      .toBe(true);

    // The same address signs up again as a new person: no plan, no Google connection.
    await signInWithEmailLink(page, email);
    await expect(page).toHaveURL(/\/plans$/);
    await page.goto("/account");
    await expect(page.getByText("You have not chosen a plan yet.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("button", { name: "Connect GA4" })).toBeVisible();
  });
});
