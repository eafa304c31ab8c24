import { expect, test, type Page } from "@playwright/test";
import { choosePlan, signInWithEmailLink, uniqueEmail } from "./support/accounts.js";
import { waitForApp } from "./support/browser-state.js";
import { lockFirstGoogleProperty, openPropertyViewConnected } from "./support/dashboard.js";

/** The build's chunks a page asked for, by their source module's name (Vite's hash left off). */
function recordScripts(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on("request", (request) => {
    if (request.resourceType() !== "script") return;
    const file = new URL(request.url()).pathname.split("/").pop() ?? "";
    scripts.add(file.replace(/-[\w-]{8}\.js$/, ""));
  });
  return scripts;
}

const propertyViewCode = ["property-view", "annotation-form-dialog", "annotation-details-dialog"];
const agentModeCode = ["agent-view", "chat-panel", "property-view-chat"];

test("each dashboard mode loads only the code it draws, and the rest when it is opened", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("code-split");
  await signInWithEmailLink(page, email);
  await choosePlan(page, "Freemium");
  await openPropertyViewConnected(page, email);
  await lockFirstGoogleProperty(page);
  const scripts = recordScripts(page);

  await page.goto("/dashboard?mode=agent");
  await waitForApp(page);
  await page.waitForLoadState("networkidle");
  expect([...scripts]).toContain("agent-view");
  for (const chunk of propertyViewCode) expect([...scripts], "Agent Mode").not.toContain(chunk);

  scripts.clear();
  await page.goto("/dashboard?mode=property");
  await waitForApp(page);
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("table").getByRole("row").nth(1)).toBeVisible();
  expect([...scripts]).toContain("property-view");
  for (const chunk of [...agentModeCode, "annotation-form-dialog"])
    expect([...scripts], "Property View").not.toContain(chunk);

  // Opening what was left out fetches its code then.
  await page.getByRole("button", { name: "New Annotation" }).click();
  await expect(page.getByRole("dialog", { name: "Create New Annotation" })).toBeVisible();
  expect([...scripts]).toContain("annotation-form-dialog");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Show Chat" }).click();
  await expect.poll(() => [...scripts]).toContain("property-view-chat");
});
