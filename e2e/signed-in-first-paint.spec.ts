import { expect, test } from "@playwright/test";
import { choosePlan, signInWithEmailLink, uniqueEmail } from "./support/accounts.js";
import { waitForApp } from "./support/browser-state.js";
import {
  lockFirstGoogleProperty,
  managePropertyLine,
  openPropertyViewConnected,
} from "./support/dashboard.js";

test.describe("a signed-in page drawn on the server", () => {
  test("Property View arrives drawn with its data, and the app takes it over without a mismatch", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
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
    const firstRow = (await table.getByRole("row").nth(1).textContent()) ?? "";

    // Without any script: what the server sent is the page, with the person's property, its
    // annotations and the connection in the header.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const still = await noScript.newPage();
    await still.goto("/dashboard?mode=property");
    await expect(still.getByText(propertyLine ?? "")).toBeVisible();
    await expect(still.getByRole("table").getByRole("row").nth(1)).toHaveText(firstRow);
    await expect(still.getByText("GA4 Connected")).toBeVisible();
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
  });
});
