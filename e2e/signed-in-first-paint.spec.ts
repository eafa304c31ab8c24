import { expect, test, type Locator } from "@playwright/test";
import { choosePlan, signInWithEmailLink, uniqueEmail } from "./support/accounts.js";
import { waitForApp } from "./support/browser-state.js";
import {
  lockFirstGoogleProperty,
  managePropertyLine,
  openPropertyViewConnected,
  selectedPropertyName,
} from "./support/dashboard.js";

/**
 * The first row's cells as text, but for the Impact column: its figures are read after the page
 * arrives (the server draws the cell measuring), so only the rest is the server's to draw.
 */
async function rowWithoutImpact(table: Locator): Promise<string[]> {
  const headers = await table.getByRole("columnheader").allTextContents();
  const impact = headers.findIndex((header) => header.trim() === "Impact");
  const cells = await table.getByRole("row").nth(1).getByRole("cell").allTextContents();
  return cells.filter((_, index) => index !== impact);
}

test.describe("a signed-in page drawn on the server", () => {
  test("Property View arrives drawn with its data, and the app takes it over without a mismatch", async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const email = uniqueEmail("first-paint");
    await signInWithEmailLink(page, email);
    await choosePlan(page, "Freemium");
    await openPropertyViewConnected(page, email);
    await lockFirstGoogleProperty(page);
    const heading = page.getByText(managePropertyLine);
    await expect(heading).toBeVisible();
    const propertyLine = await heading.textContent();
    const table = page.getByRole("table");
    await expect(table.getByRole("row").nth(3)).toBeVisible();
    const firstRow = await rowWithoutImpact(table);

    // Without any script: what the server sent is the page, with the person's property, its
    // annotations and the connection in the header.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const still = await noScript.newPage();
    // The server draws what its answers bring within its first-paint budget; on a busy machine it
    // may send a loading state instead, so the page is asked for again (bounded).
    await expect(async () => {
      await still.goto("/dashboard?mode=property");
      await expect(still.getByText(propertyLine ?? "")).toBeVisible({ timeout: 2_000 });
      await expect(still.getByRole("table").getByRole("row").nth(1)).toBeVisible({
        timeout: 2_000,
      });
      expect(await rowWithoutImpact(still.getByRole("table"))).toEqual(firstRow);
      await expect(still.getByText("GA4 Connected")).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await noScript.close();

    // With scripts: the app hydrates what was drawn. React reports any difference between the
    // HTML and its first render as a console error.
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto("/dashboard?mode=property");
    await waitForApp(page);
    await expect(page.getByText(propertyLine ?? "")).toBeVisible();
    await page.getByRole("button", { name: "New Annotation" }).click();
    await expect(page.getByRole("dialog", { name: "Create New Annotation" })).toBeVisible();
    await page.keyboard.press("Escape");
    expect(problems, "Property View").toEqual([]);
    // The page carries its stylesheet inline; code loaded later never adds the file again
    // (which would make the browser restyle the whole page).
    await expect(page.locator('link[rel="stylesheet"]:not([disabled])')).toHaveCount(0);

    // Agent Mode is drawn too, and takes over as cleanly.
    await page.goto("/dashboard?mode=agent");
    await waitForApp(page);
    await expect(page.getByRole("textbox").first()).toBeVisible();
    expect(problems, "Agent Mode").toEqual([]);

    // The inbox's count is drawn with the page. The header's badge is hydrated, and asks for it,
    // before Property View's tab and chart are; were the count not in the page, its answer could
    // reach them while they hydrate (about 1 load in 4). The property's unexplained changes wait
    // in its inbox within a minute (the inbox's sweep), so there is a count to draw.
    const { propertyId } = await selectedPropertyName(page);
    await expect
      .poll(
        async () =>
          (
            (await (
              await page.request.get(`/api/properties/${propertyId}/suggestions?status=open`)
            ).json()) as { openCount: number }
          ).openCount,
        { timeout: 90_000 },
      )
      .toBeGreaterThan(0);
    const state = await page.context().storageState();
    const drawn = await browser.newContext({ javaScriptEnabled: false, storageState: state });
    const drawnPage = await drawn.newPage();
    await expect(async () => {
      await drawnPage.goto("/dashboard?mode=property");
      await expect(
        drawnPage.getByRole("tab", { name: /Inbox/ }).getByTestId("inbox-count"),
      ).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await drawn.close();

    // Property View as the first page of a fresh browser, on a slow CPU (a phone's), where the
    // parts of the page hydrate one after another: no mismatch in any of the loads.
    for (let load = 1; load <= 6; load += 1) {
      const fresh = await browser.newContext({ storageState: state });
      const first = await fresh.newPage();
      const cdp = await fresh.newCDPSession(first);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
      const seen: string[] = [];
      first.on("console", (message) => {
        if (message.type() === "error") seen.push(message.text());
      });
      first.on("pageerror", (error) => seen.push(error.message));
      await first.goto("/dashboard?mode=property");
      await waitForApp(first);
      await expect(
        first.getByRole("tab", { name: /Inbox/ }).getByTestId("inbox-count"),
      ).toBeVisible();
      await first.waitForLoadState("networkidle");
      await fresh.close();
      expect(seen, `Property View, first page of a fresh browser, load ${load}`).toEqual([]);
    }
  });
});
