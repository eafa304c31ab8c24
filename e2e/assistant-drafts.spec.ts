import { expect, test, type Page } from "@playwright/test";
import { mintTokens } from "../src/sandbox/testing/sandbox-test-kit.js";
import { choosePlan, signInWithGoogle } from "./support/accounts.js";
import { horizontalOverflowPx } from "./support/browser-state.js";
import {
  askPropertyLine,
  connectGoogleAnalytics,
  pickFirstGoogleProperty,
} from "./support/dashboard.js";

/**
 * The assistant's request as a draft the person can see, at a desktop's width and a
 * phone's: a range typed in chat lands in GA4 as a range; a vague request is a draft card whose
 * title is edited in place and then created; a colour named right after ("switch it to green")
 * changes that annotation; a typo reported in an existing title changes nothing until it is
 * saved. What Google holds is read from the sandbox itself, past Tidemark.
 */
const sandboxUrl = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? 5198}`;

interface InGoogle {
  title: string;
  color?: string;
  annotationDate?: { year: number; month: number; day: number };
  annotationDateRange?: {
    startDate: { year: number; month: number; day: number };
    endDate: { year: number; month: number; day: number };
  };
}

/** Every annotation on the person's properties, as Google holds them. */
async function inGoogle(email: string): Promise<InGoogle[]> {
  const { access_token: token } = await mintTokens(sandboxUrl, {
    email,
    scopes: ["https://www.googleapis.com/auth/analytics.readonly"],
  });
  const headers = { authorization: `Bearer ${token}` };
  const summaries = (await (
    await fetch(`${sandboxUrl}/v1beta/accountSummaries`, { headers })
  ).json()) as { accountSummaries?: { propertySummaries?: { property: string }[] }[] };
  const all: InGoogle[] = [];
  for (const account of summaries.accountSummaries ?? [])
    for (const { property } of account.propertySummaries ?? []) {
      const response = await fetch(
        `${sandboxUrl}/v1alpha/${property}/reportingDataAnnotations?pageSize=200`,
        { headers },
      );
      const page = (await response.json()) as { reportingDataAnnotations?: InGoogle[] };
      all.push(...(page.reportingDataAnnotations ?? []));
    }
  return all;
}
const named = async (email: string, title: string) =>
  (await inGoogle(email)).filter((annotation) => annotation.title === title);

async function say(page: Page, message: string): Promise<void> {
  const input = page.getByPlaceholder("Ask me to manage your annotations...");
  await input.fill(message);
  await input.press("Enter");
  await expect(input).toHaveValue("");
}

for (const width of [1280, 360]) {
  test(`at ${width} px: ranges land whole, a draft is edited in place, 'it' is the one just made, a typo waits for Save`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width > 600 ? 800 : 780 });
    // Premium (for the changes) of its own: a tester account no other journey uses.
    const email = width > 600 ? "drafts.tester@example.com" : "drafts-phone.tester@example.com";
    await signInWithGoogle(page, email);
    await choosePlan(page, "Premium");
    await page.goto("/dashboard?mode=agent");
    await connectGoogleAnalytics(page, email);
    await page.getByRole("tab", { name: "Agent Mode" }).click();
    await pickFirstGoogleProperty(page);
    await expect(page.getByText(askPropertyLine)).toBeVisible();
    const conversation = page.getByRole("log", { name: "Conversation" });

    // A range typed in chat: written at once, and Google holds both its days.
    const giveaway = `Instagram giveaway ${width}`;
    await say(page, `log "${giveaway}" from 2025-03-01 till 2025-03-04`);
    await expect(conversation.getByRole("group", { name: "Annotation created" })).toContainText(
      giveaway,
    );
    await expect
      .poll(async () => (await named(email, giveaway))[0]?.annotationDateRange)
      .toEqual({
        startDate: { year: 2025, month: 3, day: 1 },
        endDate: { year: 2025, month: 3, day: 4 },
      });

    // A vague request: a draft card, nothing written; its title is edited where it is shown.
    await say(page, "the payment page was broken for a bit on 2025-03-06, can you add it");
    const draft = conversation.getByRole("group", { name: "Create this annotation?" });
    await expect(draft.getByRole("button", { name: "Create", exact: true })).toBeVisible();
    // The title was made from the story told, so the card says so under it: a guess, seen where it is.
    await expect(draft.getByRole("textbox", { name: "Title" })).toHaveAccessibleDescription(
      "Check this: I made the title “Payment page broken for a bit” from what you told me.",
    );
    if (width < 600)
      expect(await horizontalOverflowPx(page), "the draft card at 360 px").toBeLessThanOrEqual(0);
    // Pictures of the draft card in light and dark, in the test's output folder.
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(
        `document.documentElement.classList.toggle("dark", ${scheme === "dark"})`,
      );
      await draft.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`draft-card-${width}-${scheme}.png`) });
    }
    const outage = `Payment page outage ${width}`;
    await draft.getByRole("textbox", { name: "Title" }).fill(outage);
    expect(await named(email, outage)).toHaveLength(0);
    await draft.getByRole("button", { name: "Create", exact: true }).click();
    await expect(conversation).toContainText(`Created “${outage}”`);
    await expect
      .poll(async () => (await named(email, outage))[0]?.annotationDate)
      .toEqual({ year: 2025, month: 3, day: 6 });

    // The colour named right after changes the annotation just made.
    await say(page, "switch it to green");
    await expect(conversation).toContainText(`“${outage}”`);
    await expect.poll(async () => (await named(email, outage))[0]?.color).toBe("GREEN");

    // A typo reported in that title changes nothing until the person saves it.
    const fixed = `Payment page outage fixed ${width}`;
    await say(page, `there's a typo in "${outage}", should be ${fixed}`);
    const change = conversation.getByRole("group", { name: "Make this change?" });
    await expect(change.getByRole("textbox", { name: "Title" })).toHaveValue(fixed);
    // The note sits under the field the change is about.
    await expect(change).toContainText(`Check this: you reported a typo in “${outage}”.`);
    expect(await named(email, fixed)).toHaveLength(0);
    expect(await named(email, outage)).toHaveLength(1);
    await change.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(async () => (await named(email, fixed)).length).toBe(1);
    expect(await named(email, outage)).toHaveLength(0);
  });
}
