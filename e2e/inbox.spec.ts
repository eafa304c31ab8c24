import { createHmac, randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { choosePlan, signInWithGoogle } from "./support/accounts.js";
import {
  connectGoogleAnalytics,
  managePropertyLine,
  selectedPropertyName,
  pickFirstGoogleProperty,
} from "./support/dashboard.js";

const notifications = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/** A day a few days back (UTC): inside the chart's last 28 days, which end yesterday. */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

test.describe("The suggestion inbox", () => {
  test("a signed GitHub release delivery becomes a badge, is accepted from the inbox and lands on the chart", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    // On the journeys' tester allow-list (playwright.config.ts) and used by no other journey.
    const email = "inbox.tester@example.com";
    await signInWithGoogle(page, email);
    await choosePlan(page, "Premium");
    await page.goto("/dashboard?mode=property");
    await connectGoogleAnalytics(page, email);
    await page.getByRole("tab", { name: "Property View" }).click();
    await pickFirstGoogleProperty(page);
    await expect(page.getByText(managePropertyLine)).toBeVisible();
    const { propertyId } = await selectedPropertyName(page);

    // Make a webhook from the inbox's settings; its secret is shown once.
    await page.getByRole("tab", { name: "Inbox" }).click();
    await page.getByRole("button", { name: "Sources" }).click();
    await page.getByLabel("New webhook name").fill("Shop releases");
    await page.getByRole("button", { name: "Create webhook" }).click();
    const shown = page.getByRole("status").filter({ hasText: "shown only once" });
    await expect(shown).toBeVisible();
    const address = (await shown.locator("code").nth(0).textContent())!;
    const secret = (await shown.locator("code").nth(1).textContent())!;
    const hookId = /\/api\/hooks\/([0-9a-f-]+)$/.exec(address)![1]!;

    // GitHub delivers a published release, signed with the secret.
    const releaseDay = daysAgo(3);
    const body = JSON.stringify({
      action: "published",
      release: {
        id: 31337,
        tag_name: "v3.1.0",
        name: "v3.1.0",
        body: "One-page checkout",
        published_at: `${releaseDay}T10:00:00Z`,
      },
      repository: { full_name: "acme/shop" },
    });
    const delivered = await fetch(`${baseURL}/api/hooks/${hookId}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-github-event": "release",
        "x-github-delivery": randomUUID(),
        "x-hub-signature-256": `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`,
      },
      body,
    });
    expect(delivered.status).toBe(202);

    // The inbox's job reads it within moments; the header's badge counts it with the rest (the
    // property's unexplained changes are in the inbox too).
    const waiting = async () =>
      (await (
        await page.request.get(`/api/properties/${propertyId}/suggestions?status=open`)
      ).json()) as { openCount: number; suggestions: { title: string }[] };
    await expect
      .poll(async () => (await waiting()).suggestions.map((s) => s.title), { timeout: 30_000 })
      .toContain("RELEASE · v3.1.0 (shop)");
    const count = (await waiting()).openCount;
    await page.reload();
    const headerBadge = page.getByRole("tab", { name: /Property View/ }).getByTestId("inbox-count");
    await expect(headerBadge).toHaveText(String(count));

    // Waiting, it is a hollow ring on the chart (told apart by its title: an unexplained change can
    // fall on the same day, depending on the date the journey runs).
    const releaseRing = page
      .locator(`[data-testid="suggestion-marker"][data-date="${releaseDay}"]`)
      .filter({ hasText: "RELEASE · v3.1.0 (shop)" });
    await expect(releaseRing).toHaveCount(1);

    // Accept it from the inbox.
    await page.getByRole("tab", { name: /Inbox/ }).click();
    const card = page.getByRole("listitem").filter({ hasText: "RELEASE · v3.1.0 (shop)" });
    await expect(card).toContainText("Release webhook");
    // The source maps to Site/App Releases, a category this person has not made: none is named.
    await expect(card).not.toContainText("Category:");
    await card.getByRole("button", { name: "Accept" }).click();
    await expect(notifications(page)).toContainText("Suggestion accepted");
    if (count > 1) await expect(headerBadge).toHaveText(String(count - 1));
    else await expect(headerBadge).toHaveCount(0);

    // The annotation is on the chart and in the table; the hollow ring is gone.
    await page.getByRole("tab", { name: "Annotations" }).click();
    await expect(
      page
        .locator(`[data-testid="annotation-flag"][data-date="${releaseDay}"]`)
        .filter({ hasText: "RELEASE · v3.1.0 (shop)" }),
    ).toHaveCount(1);
    await expect(page.getByRole("table")).toContainText("RELEASE · v3.1.0 (shop)");
    await expect(releaseRing).toHaveCount(0);
  });
});
