import { expect, type Page } from "@playwright/test";

/**
 * Connects Google Analytics from the dashboard header: the sandbox's Google pages ask for the
 * address when the browser has no sandbox session, then show the consent page with 'Allow'.
 */
export async function connectGoogleAnalytics(page: Page, email: string): Promise<void> {
  await page.getByRole("banner").getByRole("button", { name: "Connect GA4" }).click();
  const allow = page.getByRole("button", { name: "Allow" });
  const emailField = page.getByLabel("Email");
  await expect(allow.or(emailField)).toBeVisible();
  if (await emailField.isVisible()) {
    await emailField.fill(email);
    await page.getByRole("button", { name: "Continue", exact: true }).click();
  }
  await allow.click();
  await expect(page).toHaveURL(/\/dashboard(\?(?!.*oauth=).*)?$/);
  await expect(
    page.getByRole("banner").getByRole("button", { name: "GA4 Connected" }),
  ).toBeVisible();
}

/**
 * Chooses the first property Google lists (the sandbox's editable one) in the property picker,
 * opening it first unless it is open.
 */
export async function pickFirstGoogleProperty(page: Page): Promise<void> {
  const picker = page.getByRole("dialog", { name: "Choose a property" });
  // Coming back from Google's consent without a property, the picker is open already (its panel
  // may still be loading, so ask the combobox rather than look for the panel).
  const combobox = page.getByRole("combobox", { name: "Property" });
  // It may also open by itself a moment after this looks, or close as the page settles (a tab
  // clicked just before): open it until it stays open, rather than trusting one look.
  await expect(async () => {
    if (!(await picker.isVisible())) await combobox.click();
    await expect(picker).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await picker
    .getByRole("region", { name: "Google Analytics properties" })
    .getByRole("button")
    .first()
    .click();
}

/** On the free plan: chooses the first Google property and confirms locking Tidemark to it. */
export async function lockFirstGoogleProperty(page: Page): Promise<void> {
  await pickFirstGoogleProperty(page);
  await page
    .getByRole("dialog", { name: "Lock property" })
    .getByRole("button", { name: "Lock property" })
    .click();
}

/** Opens Property View with Google Analytics connected (from the header, as a person would). */
export async function openPropertyViewConnected(page: Page, email: string): Promise<void> {
  await page.goto("/dashboard?mode=property");
  await connectGoogleAnalytics(page, email);
  await page.getByRole("tab", { name: "Property View" }).click();
}

/** Creates an annotation through the 'New Annotation' dialog and waits for its success toast. */
export async function createAnnotation(page: Page, title: string): Promise<void> {
  await page.getByRole("button", { name: "New Annotation" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Annotation" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("button", { name: "Create Annotation" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("region", { name: /Notifications/ })).toContainText(
    `"${title}" has been created successfully in GA4.`,
  );
}

/**
 * Property View's line under its heading once the saved properties' names are known: the property
 * by its display name ("Manage annotations for Shop AU"), never "property 123…"; its number follows
 * in its own element ("· 307927948"), so this line has no "·".
 */
export const managePropertyLine = /^Manage annotations for (?!property \d+$)[^·]+$/;
/** Agent Mode's line under its heading, naming the property the same way. */
export const askPropertyLine = /^Ask me anything about annotations for (?!property \d+$)[^·]+$/;

/** The selected property as the header's picker names it: "Shop AU (307927948)". */
export async function selectedPropertyName(
  page: Page,
): Promise<{ name: string; propertyId: string }> {
  const combobox = page.getByRole("combobox", { name: "Property" });
  await expect(combobox).toHaveText(/^.+ \(\d+\)$/);
  const [, name, propertyId] = /^(.+) \((\d+)\)$/.exec((await combobox.textContent())!.trim())!;
  return { name: name!, propertyId: propertyId! };
}
