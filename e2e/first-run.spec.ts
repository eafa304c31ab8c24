import { expect, test, type Page } from "@playwright/test";
import { signInWithEmailLink, uniqueEmail } from "./support/accounts.js";
import { readCookie } from "./support/browser-state.js";
import { askPropertyLine, createAnnotation, pickFirstGoogleProperty } from "./support/dashboard.js";

/** Answers the sandbox's Google pages: the address when it asks, then 'Allow'. */
async function allowOnGoogle(page: Page, email: string): Promise<void> {
  const allow = page.getByRole("button", { name: "Allow" });
  const emailField = page.getByLabel("Email");
  await expect(allow.or(emailField)).toBeVisible();
  if (await emailField.isVisible()) {
    await emailField.fill(email);
    await page.getByRole("button", { name: "Continue", exact: true }).click();
  }
  await allow.click();
}

/** From sign-up to a locked property, the way a new person goes: plan, connect, pick. */
async function firstRunToLockedProperty(page: Page, email: string): Promise<void> {
  await signInWithEmailLink(page, email);
  await expect(page.getByRole("heading", { level: 1, name: "Choose Your Plan" })).toBeVisible();
  await page
    .getByRole("article", { name: "Freemium" })
    .getByRole("button", { name: "Get Started Free" })
    .click();

  // One step that matters: connect. The modes are there, drawn as the step after.
  const step = page.getByRole("region", { name: "First, connect Google Analytics" });
  await expect(step).toBeVisible();
  await expect(page.getByRole("button", { name: "Open Property View" })).toBeVisible();
  await step.getByRole("button", { name: "Connect Google Analytics" }).click();
  await allowOnGoogle(page, email);

  // Back from Google's consent, the picker is open by itself.
  await expect(page).toHaveURL(/\/dashboard(\?(?!.*oauth=).*)?$/);
  const picker = page.getByRole("dialog", { name: "Choose a property" });
  await expect(picker).toBeVisible();
  await pickFirstGoogleProperty(page);
  const lock = page.getByRole("dialog", { name: "Lock property" });
  await expect(lock).toContainText("You can change it later in this picker, once every 30 days.");
  await lock.getByRole("button", { name: "Lock property" }).click();
  await expect(page.getByText(askPropertyLine)).toBeVisible();
}

for (const width of [1280, 360]) {
  test(`first run at ${width} px: sign-up, plan, connect, property, first annotation`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await firstRunToLockedProperty(page, uniqueEmail(`first-run-${width}`));

    await page.getByRole("tab", { name: "Property View" }).click();
    const title = `First note ${Date.now().toString(36)}`;
    await createAnnotation(page, title);
    // A row of the table (on a phone drawn as a card).
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows.filter({ hasText: title })).toBeVisible();
    const plan = page.getByRole("complementary", { name: "Your plan" });
    await expect(plan).toContainText("1 / 5");
  });
}

test("at the daily limit every create entry point is disabled with the reason and the reset", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await firstRunToLockedProperty(page, uniqueEmail("limit"));
  const propertyId = (await readCookie(page, "tidemark_property"))!.split(".")[1]!;
  // Yesterday in UTC has happened on every property's calendar; today may not have.
  const yesterday = new Date(Date.now() - 86_400_000);
  for (let index = 0; index < 5; index += 1) {
    const created = await page.request.post(`/api/annotations/${propertyId}`, {
      data: {
        title: `Spent ${index}`,
        annotationDate: {
          year: yesterday.getUTCFullYear(),
          month: yesterday.getUTCMonth() + 1,
          day: yesterday.getUTCDate(),
        },
      },
      headers: { Origin: new URL(baseURL!).origin },
    });
    expect(created.status()).toBe(201);
  }
  // When the allowance comes back, on the property's clock (the sandbox's are not UTC).
  const reason =
    /Daily limit reached: all 5 of today's annotations are added\. Resets at \d{4}-\d{2}-\d{2} \d{2}:\d{2} [\w+-]+ \(midnight UTC\) — in \d+ (h|min)\./;

  await page.goto("/dashboard?mode=property");
  const create = page.getByRole("button", { name: "New Annotation" });
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription(reason);
  // The chart's Annotate buttons, where the chart lists unexplained changes.
  const annotate = page.getByRole("button", { name: "Annotate", exact: true });
  for (const button of await annotate.all()) await expect(button).toBeDisabled();

  await page.getByRole("tab", { name: "Agent Mode" }).click();
  const prompt = page
    .getByRole("list", { name: "Suggested prompts" })
    .getByRole("button", { name: "Create an annotation" });
  await expect(prompt).toHaveAttribute("aria-disabled", "true");
  await expect(prompt).toHaveAccessibleDescription(reason);
  await prompt.click({ force: true });
  await expect(page.getByPlaceholder("Ask me to manage your annotations...")).toHaveValue("");
});

test("a second person in the same browser never opens the first one's property", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await firstRunToLockedProperty(page, uniqueEmail("first-person"));
  expect(await readCookie(page, "tidemark_property")).toMatch(/^[0-9a-f-]{36}\.\d+$/);

  await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("region", { name: /Notifications/ })).toContainText(
    "You're logged out",
  );
  await expect(page).toHaveURL(/\/$/);

  await signInWithEmailLink(page, uniqueEmail("second-person"));
  await page
    .getByRole("article", { name: "Freemium" })
    .getByRole("button", { name: "Get Started Free" })
    .click();
  await expect(page).toHaveURL(/\/mode-selection$/);
  await page.goto("/dashboard?mode=property");
  await expect(page.getByRole("region", { name: "Connect Google Analytics" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Property" })).toHaveText("Select a property");
  await expect(page.getByText(/Manage annotations for/)).toHaveCount(0);
});
