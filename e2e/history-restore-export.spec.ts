import { readFile } from "node:fs/promises";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import Papa from "papaparse";
import { mintTokens } from "../src/sandbox/testing/sandbox-test-kit.js";
import { choosePlan, signInWithGoogle } from "./support/accounts.js";
import { horizontalOverflowPx } from "./support/browser-state.js";
import {
  connectGoogleAnalytics,
  createAnnotation,
  pickFirstGoogleProperty,
  selectedPropertyName,
} from "./support/dashboard.js";

/** The product's built-in sandbox (its control endpoint is on for the journeys). */
const sandboxUrl = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? 5198}`;
const notifications = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/** What Google Analytics itself holds for the property: the sandbox read past Tidemark. */
async function annotationsInGoogle(email: string, propertyId: string) {
  const { access_token: token } = await mintTokens(sandboxUrl, {
    email,
    scopes: ["https://www.googleapis.com/auth/analytics.readonly"],
  });
  const response = await fetch(
    `${sandboxUrl}/v1alpha/properties/${propertyId}/reportingDataAnnotations?pageSize=200`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(response.ok).toBe(true);
  const page = (await response.json()) as {
    reportingDataAnnotations?: { title: string; description?: string; color: string }[];
  };
  return page.reportingDataAnnotations ?? [];
}

/** Adds annotations in Google itself, as someone working in Google Analytics would. */
async function seedGoogle(
  email: string,
  propertyId: string,
  rows: { title: string; start: string; end?: string; color: string }[],
) {
  const { access_token: token } = await mintTokens(sandboxUrl, {
    email,
    scopes: ["https://www.googleapis.com/auth/analytics.edit"],
  });
  const day = (iso: string) => {
    const [year, month, dayOfMonth] = iso.split("-").map(Number);
    return { year, month, day: dayOfMonth };
  };
  for (const row of rows) {
    const response = await fetch(
      `${sandboxUrl}/v1alpha/properties/${propertyId}/reportingDataAnnotations`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({
          title: row.title,
          color: row.color,
          ...(row.end
            ? { annotationDateRange: { startDate: day(row.start), endDate: day(row.end) } }
            : { annotationDate: day(row.start) }),
        }),
      },
    );
    expect(response.status, await response.clone().text()).toBe(200);
  }
}

/** Pictures of the screen at 1440×900 and 360×780, light and dark, in the test's output folder. */
async function pictures(page: Page, testInfo: TestInfo, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate(`document.documentElement.classList.toggle("dark", ${scheme === "dark"})`);
    for (const [width, height] of [
      [1440, 900],
      [360, 780],
    ] as const) {
      await page.setViewportSize({ width, height });
      expect(
        await horizontalOverflowPx(page),
        `${name} at ${width} px, ${scheme}`,
      ).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`${name}-${width}-${scheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(`document.documentElement.classList.toggle("dark", false)`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function premiumWithProperty(page: Page, email: string) {
  await signInWithGoogle(page, email);
  await choosePlan(page, "Premium");
  await page.goto("/dashboard?mode=property");
  await connectGoogleAnalytics(page, email);
  await page.getByRole("tab", { name: "Property View" }).click();
  await pickFirstGoogleProperty(page);
  return selectedPropertyName(page);
}

test("History: an entry restored from the history is what GA4 holds, and is recorded", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  // On the journeys' tester allow-list (playwright.config.ts) and used by no other journey.
  const email = "history.tester@example.com";
  const { propertyId } = await premiumWithProperty(page, email);

  const title = `Launch ${Date.now().toString(36)}`;
  await createAnnotation(page, title);
  await page.getByRole("button", { name: `Edit ${title}`, exact: true }).click();
  const edit = page.getByRole("dialog", { name: "Edit Annotation" });
  await edit.getByLabel("Title").fill(`${title} v2`);
  await edit
    .getByLabel("Description")
    .fill(
      "Moved to the new checkout for every visitor in the EU and the UK, with the old one kept for a week for anyone who still had a basket open in it.",
    );
  await edit.getByRole("button", { name: "Update Annotation" }).click();
  await expect(edit).toBeHidden();
  await expect
    .poll(async () => (await annotationsInGoogle(email, propertyId)).map((a) => a.title))
    .toContain(`${title} v2`);

  // The history says what the edit changed, from what to what, the long text folded.
  await page.getByRole("button", { name: `Edit ${title} v2`, exact: true }).click();
  const history = edit.getByRole("region", { name: "History" });
  const entries = history.getByRole("listitem");
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText("Edited");
  await expect(entries.nth(0)).toContainText(`${title} → ${title} v2`);
  await expect(entries.nth(0).getByRole("button", { name: "Show more" })).toBeVisible();
  await expect(entries.nth(1)).toContainText("Created");
  await pictures(page, testInfo, "history-property-view");

  // Restore the version the create made: asked first, then written to GA4.
  await entries
    .nth(1)
    .getByRole("button", { name: /^Restore the version of \d{4}-\d{2}-\d{2} / })
    .click();
  const question = page.getByRole("dialog", { name: "Restore this version?" });
  await expect(question).toBeVisible();
  await pictures(page, testInfo, "history-restore-question");
  await question.getByRole("button", { name: "Restore" }).click();
  await expect(notifications(page)).toContainText("Restored");
  await expect(notifications(page)).toContainText(`"${title}" reads again as it did on`);
  await expect(edit).toBeHidden();
  await expect
    .poll(async () => (await annotationsInGoogle(email, propertyId)).map((a) => a.title))
    .toContain(title);
  const held = (await annotationsInGoogle(email, propertyId)).find((a) => a.title === title);
  expect(held?.description ?? "").toBe("");
  expect((await annotationsInGoogle(email, propertyId)).map((a) => a.title)).not.toContain(
    `${title} v2`,
  );
  const table = page.getByRole("table");
  await expect(table.getByRole("button", { name: title, exact: true })).toBeVisible();

  // Recorded: the history has the restore, named by the version it put back.
  await page.getByRole("button", { name: `Edit ${title}`, exact: true }).click();
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText(
    /Restored the version of \d{4}-\d{2}-\d{2} \d{2}:\d{2}/,
  );
  await expect(entries.nth(0)).toContainText("(current version)");
  await edit.getByRole("button", { name: "Cancel" }).click();

  // All annotations shows the same history from a row's details.
  await page.goto("/annotations");
  await page.getByRole("table").getByRole("button", { name: title, exact: true }).click();
  const details = page.getByRole("dialog", { name: title });
  const rowHistory = details.getByRole("region", { name: "History" }).getByRole("listitem");
  await expect(rowHistory).toHaveCount(3);
  await expect(rowHistory.nth(0)).toContainText("Restored the version of");
  await expect(
    rowHistory.nth(1).getByRole("button", { name: /^Restore the version of/ }),
  ).toBeVisible();
  await pictures(page, testInfo, "history-all-annotations");
});

test("Export from All annotations: the view's rows in the table's order, read back from the files", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = "export-view.tester@example.com";
  const { propertyId } = await premiumWithProperty(page, email);
  const tag = Date.now().toString(36);
  // Ranges and single days on the same first day, and titles whose case and numbers a plain
  // sort would order otherwise: the table's rule decides.
  await seedGoogle(email, propertyId, [
    { title: `Export ${tag} bravo`, start: "2026-01-10", color: "RED" },
    { title: `Export ${tag} Alpha 10`, start: "2026-01-10", end: "2026-01-14", color: "BLUE" },
    { title: `Export ${tag} alpha 9`, start: "2026-01-12", color: "GREEN" },
    { title: `Export ${tag} Charlie, "quoted"`, start: "2026-01-03", color: "CYAN" },
    { title: `Other ${tag}`, start: "2026-01-05", color: "PURPLE" },
  ]);

  // The view in the address, as a shared link brings it; sorted by Title in the table itself
  // (clicked again until the page has taken over and the address follows).
  await page.goto(`/annotations?q=${encodeURIComponent(`Export ${tag}`)}`);
  await expect(page.getByRole("searchbox")).toHaveValue(`Export ${tag}`);
  await expect(async () => {
    await page.getByRole("columnheader", { name: "Title" }).getByRole("button").click();
    await expect(page).toHaveURL(/sort=title&dir=asc/, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(5); // the header and four rows
  const tableTitles = async () => {
    const titles: string[] = [];
    for (const row of await rows.all()) {
      const cells = row.getByRole("cell");
      if ((await cells.count()) === 0) continue;
      titles.push((await row.getByRole("button").first().textContent())!);
    }
    return titles;
  };
  const shown = await tableTitles();
  expect(shown).toEqual([
    `Export ${tag} alpha 9`,
    `Export ${tag} Alpha 10`,
    `Export ${tag} bravo`,
    `Export ${tag} Charlie, "quoted"`,
  ]);

  await pictures(page, testInfo, "all-annotations-page");
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Export annotations" });
  await expect(dialog).toContainText(
    "4 annotations of 1 property that match the search and filters",
  );
  await pictures(page, testInfo, "export-all-annotations");

  const downloaded = async (name: string) => {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("link", { name }).click(),
    ]);
    return readFile((await download.path())!, "utf8");
  };
  const csv = await downloaded("Download CSV");
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: true,
  }).data;
  expect(parsed.map((row) => row.title)).toEqual(shown);
  expect(parsed.every((row) => row.property_id === propertyId)).toBe(true);
  const json = JSON.parse(await downloaded("Download JSON")) as { title: string }[];
  expect(json.map((row) => row.title)).toEqual(shown);

  // A feed for the properties shown starts with them ticked.
  await expect(
    dialog.getByRole("group", { name: "Properties" }).getByRole("checkbox", { checked: true }),
  ).toHaveCount(1);
});
