import { expect, test, type Page } from "@playwright/test";
import { horizontalOverflowPx } from "./support/browser-state.js";
import { choosePlan, signInWithGoogle, uniqueEmail } from "./support/accounts.js";
import {
  lockFirstGoogleProperty,
  managePropertyLine,
  openPropertyViewConnected,
} from "./support/dashboard.js";

async function openPropertyViewOnFirstProperty(page: Page, email: string): Promise<void> {
  await signInWithGoogle(page, email);
  await choosePlan(page, "Freemium");
  await openPropertyViewConnected(page, email);
  await lockFirstGoogleProperty(page);
  await expect(page.getByText(managePropertyLine)).toBeVisible();
}

test.describe("The traffic chart", () => {
  test("shows markers, and an unexplained spike becomes an annotation in one click", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await openPropertyViewOnFirstProperty(page, uniqueEmail("chart"));

    const chart = page.getByRole("img", { name: "Sessions chart" });
    await expect(chart).toBeVisible();
    await expect(page.getByRole("table").getByRole("row").nth(8)).toBeVisible();
    // The sandbox seeds one spike in the last four weeks that no annotation explains.
    const hollow = page.getByTestId("unexplained-marker");
    await expect(hollow.first()).toBeVisible();
    const spikeDate = await hollow.first().getAttribute("data-date");
    expect(spikeDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const prompt = page
      .getByRole("listitem")
      .filter({ hasText: /not explained by any annotation/ });
    // The card says what the change is against, as the tooltip and the marker do.
    await expect(prompt.first()).toContainText(
      /^Sessions on \d{4}-\d{2}-\d{2}: \+\d+% vs the usual for a [A-Z][a-z]+day/,
    );

    await hollow.first().click({ force: true });
    const dialog = page.getByRole("dialog", { name: "Create New Annotation" });
    await expect(dialog.getByLabel("Title")).toHaveValue("Spike in sessions");
    await expect(dialog.getByLabel("Date", { exact: true })).toHaveValue(spikeDate!);
    await dialog.getByLabel("Title").fill("Newsletter went out");
    await dialog.getByRole("button", { name: "Create Annotation" }).click();
    await expect(dialog).toBeHidden();

    // The hollow marker is gone and an annotation line stands at that day.
    await expect(
      page.locator(`[data-testid="unexplained-marker"][data-date="${spikeDate}"]`),
    ).toHaveCount(0);
    await expect(
      page.locator(`[data-testid="annotation-marker"][data-date="${spikeDate}"]`),
    ).toHaveCount(1);
    // With no unexplained change left to list, the list's box is one line and holds no band.
    if ((await hollow.count()) === 0) {
      await expect(page.getByText("No unexplained changes in this range.")).toBeVisible();
    }
    await expect(page.getByRole("table")).toContainText("Newsletter went out");

    // Keyboard: the chart takes focus, arrows move, the day is read out.
    await chart.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByTestId("traffic-tooltip")).toBeVisible();

    // The metric switch redraws with another series.
    await page.getByLabel("Metric").selectOption("activeUsers");
    await expect(page.getByRole("img", { name: "Active users chart" })).toBeVisible();

    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByRole("img", { name: "Active users chart" })).toBeVisible();
      expect(await horizontalOverflowPx(page)).toBe(0);
    }
  });
});
