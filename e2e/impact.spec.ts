import { expect, test, type Page } from "@playwright/test";
import { control, mintTokens } from "../src/sandbox/testing/sandbox-test-kit.js";
import { calendarDateOf, toIsoDate } from "../src/shared/calendar-date.js";
import { addDays } from "../src/shared/contracts/traffic.js";
import { choosePlan, signInWithGoogle } from "./support/accounts.js";
import {
  connectGoogleAnalytics,
  managePropertyLine,
  pickFirstGoogleProperty,
  selectedPropertyName,
} from "./support/dashboard.js";

/** The product's built-in sandbox (its control endpoint is on for the journeys). */
const sandboxUrl = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? 5198}`;
const today = toIsoDate(calendarDateOf(new Date()));

interface Planted {
  launch: string;
  outage: string;
}

/** The person's properties as Google lists them, and the days their own annotations start on. */
async function propertiesInGoogle(email: string): Promise<Map<string, Set<string>>> {
  const { access_token: token } = await mintTokens(sandboxUrl, {
    email,
    scopes: ["https://www.googleapis.com/auth/analytics.readonly"],
  });
  const headers = { authorization: `Bearer ${token}` };
  const summaries = (await (
    await fetch(`${sandboxUrl}/v1beta/accountSummaries`, { headers })
  ).json()) as { accountSummaries?: { propertySummaries?: { property: string }[] }[] };
  const found = new Map<string, Set<string>>();
  for (const account of summaries.accountSummaries ?? [])
    for (const { property } of account.propertySummaries ?? []) {
      const propertyId = property.split("/")[1]!;
      const list = (await (
        await fetch(
          `${sandboxUrl}/v1alpha/properties/${propertyId}/reportingDataAnnotations?pageSize=200`,
          { headers },
        )
      ).json()) as {
        reportingDataAnnotations?: {
          annotationDate?: { year: number; month: number; day: number };
          annotationDateRange?: { startDate: { year: number; month: number; day: number } };
        }[];
      };
      const starts = new Set<string>();
      for (const annotation of list.reportingDataAnnotations ?? []) {
        const day = annotation.annotationDate ?? annotation.annotationDateRange?.startDate;
        if (day) starts.add(toIsoDate(day));
      }
      found.set(propertyId, starts);
    }
  return found;
}

/**
 * Clears the property's seeded sales and outages and plants a +60 % week and a −50 % week inside
 * the chart's 28 days, on days no annotation of its own starts near (each gets a flag of its own).
 */
async function plantEffects(propertyId: string, taken: Set<string>): Promise<Planted> {
  const free = (from: number, to: number) => {
    for (let back = from; back <= to; back++) {
      const day = addDays(today, -back);
      if ([-1, 0, 1].every((near) => !taken.has(addDays(day, near)))) return day;
    }
    throw new Error(`No free day for ${propertyId}`);
  };
  const launch = free(22, 26);
  const outage = free(9, 13);
  await control(sandboxUrl, "DELETE", `/traffic-effects/${propertyId}`);
  for (const [day, factor] of [
    [launch, 1.6],
    [outage, 0.5],
  ] as const)
    await control(sandboxUrl, "POST", "/traffic-effects", {
      propertyId,
      factor,
      shape: "step",
      startDate: day,
      endDate: addDays(day, 6),
    });
  return { launch, outage };
}

/** Creates a single-day annotation through the pages' own route, from the page itself. */
async function annotate(page: Page, propertyId: string, title: string, day: string) {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const status = await page.evaluate(
    async ({ propertyId, body }) =>
      (
        await fetch(`/api/annotations/${propertyId}`, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(body),
        })
      ).status,
    { propertyId, body: { title, annotationDate: { year, month, day: date } } },
  );
  expect(status).toBe(201);
}

/** The titles down the annotations table, in its order. */
async function titlesDownTheTable(page: Page): Promise<string[]> {
  const rows = page.getByRole("table", { name: /^Annotations/ }).locator("tbody tr");
  return rows.evaluateAll((trs) =>
    trs.map((tr) => tr.querySelectorAll("td")[2]?.textContent ?? ""),
  );
}

test.describe("Did it work?", () => {
  test("a chart marker shows its measured impact, the table sorts by Impact, and the assistant says whether it worked", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    // On the journeys' tester allow-list (playwright.config.ts) and used by no other journey.
    const email = "impact.tester@example.com";
    await signInWithGoogle(page, email);
    await choosePlan(page, "Premium");
    await page.goto("/dashboard?mode=property");
    await connectGoogleAnalytics(page, email);

    // Planted before any property's traffic is read, so no cached report predates them.
    const planted = new Map<string, Planted>();
    for (const [propertyId, taken] of await propertiesInGoogle(email))
      planted.set(propertyId, await plantEffects(propertyId, taken));

    await page.getByRole("tab", { name: "Property View" }).click();
    await pickFirstGoogleProperty(page);
    await expect(page.getByText(managePropertyLine)).toBeVisible();
    const { propertyId } = await selectedPropertyName(page);
    const days = planted.get(propertyId)!;
    const suffix = Date.now().toString(36);
    const launch = `Planted launch ${suffix}`;
    const outage = `Planted outage ${suffix}`;
    await annotate(page, propertyId, launch, days.launch);
    await annotate(page, propertyId, outage, days.outage);
    await page.reload();
    await expect(page.getByRole("table", { name: /^Annotations/ })).toContainText(launch);

    // The launch's marker: its impact, with the band, in the dialog it opens.
    const flag = page.locator(`[data-testid="annotation-flag"][data-date="${days.launch}"]`);
    await expect(flag).toHaveCount(1);
    await flag.dispatchEvent("click");
    const dialog = page.getByRole("dialog", { name: "Edit Annotation" });
    await expect(dialog.getByLabel("Title")).toHaveValue(launch);
    const impact = dialog.getByRole("region", { name: "Impact" });
    const sentence = impact.getByText(/^Sessions \+\d+ % in the 7 days from it/);
    await expect(sentence).toBeVisible({ timeout: 20_000 });
    const text = (await sentence.textContent())!;
    expect(text).toMatch(
      /^Sessions \+\d+ % in the 7 days from it \(likely: 90 % interval \+\d+ % to \+\d+ %\)$/,
    );
    // A +60 % week planted on the sandbox's noise (and its own weekly rhythm) reads as such.
    const [, effect, low, high] = /\+(\d+) %.*\+(\d+) % to \+(\d+) %/.exec(text)!.map(Number);
    expect(effect).toBeGreaterThan(35);
    expect(effect).toBeLessThan(90);
    expect(low).toBeLessThanOrEqual(effect!);
    expect(high).toBeGreaterThanOrEqual(effect!);
    await expect(impact).toContainText(/against about [\d,]+ expected from the \d+ days before/);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // The table's Impact column, sorted largest first, then smallest first.
    const table = page.getByRole("table", { name: /^Annotations/ });
    const launchRow = table.getByRole("row").filter({ hasText: launch });
    await expect(launchRow).toContainText(/Sessions \+\d+ %/);
    await expect(table.getByRole("row").filter({ hasText: outage })).toContainText(
      /Sessions −\d+ %/,
    );
    await table.getByRole("button", { name: "Impact" }).click();
    await expect(table).toHaveAccessibleName("Annotations, by impact, largest first");
    await expect.poll(async () => (await titlesDownTheTable(page))[0]).toBe(launch);
    await table.getByRole("button", { name: "Impact" }).click();
    await expect(table).toHaveAccessibleName("Annotations, by impact, smallest first");
    await expect.poll(async () => (await titlesDownTheTable(page))[0]).toBe(outage);

    // The assistant answers "did it work?" with the same figures as the dialog.
    await page.getByRole("tab", { name: "Agent Mode" }).click();
    const input = page.getByPlaceholder("Ask me to manage your annotations...");
    await input.fill(`did the ${launch} work?`);
    await input.press("Enter");
    const conversation = page.getByRole("log", { name: "Conversation" });
    await expect(conversation).toContainText(`“${launch}” (${days.launch}): ${text}.`, {
      timeout: 20_000,
    });
  });
});
