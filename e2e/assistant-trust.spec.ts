import { expect, test, type Page } from "@playwright/test";
import { mintTokens } from "../src/sandbox/testing/sandbox-test-kit.js";
import { choosePlan, signInWithGoogle, uniqueEmail } from "./support/accounts.js";
import { connectGoogleAnalytics, lockFirstGoogleProperty } from "./support/dashboard.js";

/**
 * An assistant you can trust with GA4, on the free plan: a story's date mid-sentence
 * goes on that day; a vague story is a draft card created with one click; "undo" takes the
 * assistant's create back out of Google Analytics (decision 0059); and Undo on a change card does
 * the same. What Google holds is read from the sandbox itself, past Tidemark.
 */
const sandboxUrl = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? 5198}`;

interface InGoogle {
  title: string;
  annotationDate?: { year: number; month: number; day: number };
}

async function inGoogle(email: string, propertyId: string): Promise<InGoogle[]> {
  const { access_token: token } = await mintTokens(sandboxUrl, {
    email,
    scopes: ["https://www.googleapis.com/auth/analytics.readonly"],
  });
  const response = await fetch(
    `${sandboxUrl}/v1alpha/properties/${propertyId}/reportingDataAnnotations?pageSize=200`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(response.ok).toBe(true);
  const page = (await response.json()) as { reportingDataAnnotations?: InGoogle[] };
  return page.reportingDataAnnotations ?? [];
}
const titlesIn = async (email: string, propertyId: string) =>
  (await inGoogle(email, propertyId)).map((annotation) => annotation.title);

async function say(page: Page, message: string): Promise<void> {
  const input = page.getByPlaceholder("Ask me to manage your annotations...");
  await input.fill(message);
  await input.press("Enter");
  await expect(input).toHaveValue("");
}

test.describe("an assistant you can trust with GA4", () => {
  test("a date mid-story lands on its day, a vague story waits for one click, and both undos take the create back out of GA4", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const email = uniqueEmail("assistant-trust");
    await signInWithGoogle(page, email);
    await choosePlan(page, "Freemium");
    await page.goto("/dashboard?mode=agent");
    await connectGoogleAnalytics(page, email);
    await page.getByRole("tab", { name: "Agent Mode" }).click();
    await lockFirstGoogleProperty(page);
    await expect(page.getByText(/^Ask me anything about annotations for /)).toBeVisible();
    // The free plan's locked property: the one the conversation works on.
    const me = await page.request.get("/api/auth/user");
    const propertyId = ((await me.json()) as { lockedPropertyId: string | null }).lockedPropertyId!;
    expect(propertyId).toMatch(/^\d+$/);
    const conversation = page.getByRole("log", { name: "Conversation" });

    // A story with its date mid-sentence: written at once, on that day, with the named title.
    await say(page, "we shipped the new pricing page on 2025-03-04, log it as Pricing page launch");
    const created = conversation.getByRole("group", { name: "Annotation created" });
    await expect(created).toContainText("Pricing page launch");
    await expect(created).toContainText("2025-03-04");
    await expect
      .poll(async () =>
        (await inGoogle(email, propertyId)).find((a) => a.title === "Pricing page launch"),
      )
      .toMatchObject({ annotationDate: { year: 2025, month: 3, day: 4 } });

    // A vague story: nothing written, a draft card; one click on Create writes it.
    const vagueTitle = "Payment page broken for a bit";
    await say(page, "the payment page was broken for a bit on thursday, can you add it");
    const preview = conversation.getByRole("group", { name: "Create this annotation?" });
    await expect(preview.getByRole("textbox", { name: "Title" })).toHaveValue(vagueTitle);
    await expect(preview).toContainText("Nothing is created yet.");
    await expect(preview.getByRole("button", { name: "Edit" })).toBeVisible();
    expect(await titlesIn(email, propertyId)).not.toContain(vagueTitle);
    await preview.getByRole("button", { name: "Create", exact: true }).click();
    await expect(conversation).toContainText(`Created “${vagueTitle}”`);
    await expect.poll(() => titlesIn(email, propertyId)).toContain(vagueTitle);

    // 'undo' takes the free plan's own latest create back, asked in the card's Undo words.
    await say(page, "undo");
    const undoQuestion = conversation.getByRole("group", { name: "Undo the new annotation?" });
    await expect(undoQuestion).toContainText(vagueTitle);
    await expect(undoQuestion.getByRole("button", { name: "Keep it" })).toBeVisible();
    await undoQuestion.getByRole("button", { name: "Remove it" }).click();
    await expect.poll(() => titlesIn(email, propertyId)).not.toContain(vagueTitle);
    expect(await titlesIn(email, propertyId)).toContain("Pricing page launch");

    // Undo on a change card: the toasts' question, then the card says it was undone.
    await say(page, 'add "Card undo check" on 2025-03-05');
    const card = conversation.getByRole("group", { name: "Annotation created" });
    await expect(card).toContainText("Card undo check");
    await expect.poll(() => titlesIn(email, propertyId)).toContain("Card undo check");
    await card.getByRole("button", { name: "Undo: Card undo check" }).click();
    const question = card.getByRole("group", { name: "Undo the new annotation?" });
    await expect(question).toContainText(
      'Undoing removes "Card undo check" from Google Analytics.',
    );
    // In view, not below the conversation's visible part, and ready for the keyboard.
    await expect(question).toBeInViewport();
    await expect(question.getByRole("button", { name: "Remove it" })).toBeFocused();
    await question.getByRole("button", { name: "Remove it" }).click();
    await expect(
      conversation.getByRole("group", { name: "Annotation created, then undone" }),
    ).toContainText('Undone: "Card undo check" has been removed from GA4.');
    await expect.poll(() => titlesIn(email, propertyId)).not.toContain("Card undo check");
  });
});
