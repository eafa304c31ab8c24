import { expect, test, type Page } from "@playwright/test";
import { horizontalOverflowPx } from "./support/browser-state.js";
import { choosePlan, signInWithGoogle, uniqueEmail } from "./support/accounts.js";
import {
  askPropertyLine,
  connectGoogleAnalytics,
  lockFirstGoogleProperty,
  pickFirstGoogleProperty,
} from "./support/dashboard.js";

/** Signs in through the sandbox's Google pages (no email link spent) and chooses a plan. */
async function signInWithGoogleOnPlan(
  page: Page,
  email: string,
  plan: "Freemium" | "Premium",
): Promise<void> {
  await signInWithGoogle(page, email);
  await choosePlan(page, plan);
}

/** Agent Mode with Google connected and the sandbox's editable property selected. */
async function openAgentModeOnFirstProperty(
  page: Page,
  email: string,
  { locks }: { locks: boolean },
): Promise<void> {
  await page.goto("/dashboard?mode=agent");
  await expect(page.getByRole("region", { name: "Connect Google Analytics" })).toBeVisible();
  await connectGoogleAnalytics(page, email);
  await page.getByRole("tab", { name: "Agent Mode" }).click();
  if (locks) await lockFirstGoogleProperty(page);
  else await pickFirstGoogleProperty(page);
  await expect(page.getByText(askPropertyLine)).toBeVisible();
  // The sandbox seeds 8–15 annotations per property.
  await expect(page.getByRole("table").getByRole("row").nth(8)).toBeVisible();
}

async function say(page: Page, message: string): Promise<void> {
  const input = page.getByPlaceholder("Ask me to manage your annotations...");
  await input.fill(message);
  await input.press("Enter");
  await expect(input).toHaveValue("");
}

function launchRow(page: Page) {
  return page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: "Launch", exact: true }) });
}

test.describe("Agent Mode chat", () => {
  test("creates an annotation from a chat message and shows it in the table", async ({ page }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail("agent-chat");
    await signInWithGoogleOnPlan(page, email, "Freemium");
    await openAgentModeOnFirstProperty(page, email, { locks: true });

    const prompts = page.getByRole("list", { name: "Suggested prompts" });
    await expect(prompts.getByRole("button", { name: "Edit an annotation" })).toBeDisabled();
    await expect(prompts.getByRole("button", { name: "Delete an annotation" })).toBeDisabled();

    const conversation = page.getByRole("log", { name: "Conversation" });
    await expect(conversation).toContainText("Start a conversation");
    await say(page, "Create an annotation called Launch on 2025-03-01");
    await expect(conversation).toContainText("Create an annotation called Launch on 2025-03-01");
    await expect(conversation).toContainText(/Created “Launch” \(2025-03-01\)/);
    await expect(launchRow(page)).toHaveCount(1);
    await expect(launchRow(page)).toContainText("2025-03-01");
    await expect(page.getByRole("complementary", { name: "Your plan" })).toContainText("1 / 5");

    // The conversation survives a reload, and the chat fits a 360 px phone.
    await page.reload();
    await expect(conversation).toContainText(/Created “Launch” \(2025-03-01\)/);
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(() => horizontalOverflowPx(page)).toBeLessThanOrEqual(0);
    await expect(page.getByRole("button", { name: "Send message" })).toBeVisible();

    await page.getByRole("button", { name: "Clear" }).click();
    await expect(conversation).toContainText("Start a conversation");
  });

  test("a premium user confirms one deletion with the button and cancels another", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // Premium-capable in the sandbox (audit beta list), and used by no other journey: tester1 and
    // tester2 belong to plans.spec.ts and dashboard.spec.ts. Google sign-in spends no email link.
    const email = "auditor@example.com";
    await signInWithGoogleOnPlan(page, email, "Premium");
    await openAgentModeOnFirstProperty(page, email, { locks: false });

    const conversation = page.getByRole("log", { name: "Conversation" });
    await say(page, "Create an annotation called Launch on 2025-03-01");
    await expect(conversation).toContainText(/Created “Launch” \(2025-03-01\)/);
    await expect(launchRow(page)).toHaveCount(1);

    await say(page, 'Delete "Launch"');
    const confirmation = conversation.getByRole("group", {
      name: "Delete “Launch” (2025-03-01)?",
    });
    await expect(confirmation).toBeVisible();
    // Nothing is deleted before the confirmation.
    await expect(launchRow(page)).toHaveCount(1);
    await confirmation.getByRole("button", { name: "Confirm" }).click();
    await expect(conversation).toContainText("Deleted “Launch” (2025-03-01).");
    await expect(confirmation).toHaveCount(0);
    await expect(launchRow(page)).toHaveCount(0);

    await say(page, "log Retro on 2025-03-02");
    await expect(conversation).toContainText(/Created “Retro” \(2025-03-02\)/);
    await say(page, "delete it");
    const second = conversation.getByRole("group", { name: "Delete “Retro” (2025-03-02)?" });
    await second.getByRole("button", { name: "Cancel" }).click();
    await expect(conversation).toContainText("Okay, I won't delete “Retro”.");
    await expect(second).toHaveCount(0);
    await expect(
      page
        .getByRole("table")
        .getByRole("row")
        .filter({ has: page.getByRole("cell", { name: "Retro", exact: true }) }),
    ).toHaveCount(1);
  });
});
