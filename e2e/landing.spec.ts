import { expect, test } from "@playwright/test";

test.describe("landing page", () => {
  test("shows the product header, its calls to action and both plans", async ({ page }) => {
    await page.goto("/");

    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Tidemark" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Log In" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Get Started for Free" })).toBeVisible();
    await expect(page.getByRole("button", { name: "View Pricing" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    const freemium = page.getByRole("article", { name: "Freemium" });
    await expect(freemium).toContainText("1 GA4 property, changeable once every 30 days");
    await expect(freemium).toContainText("5 annotations per day");
    await expect(freemium).toContainText("Add and list annotations");
    await expect(freemium).toContainText("Agent Mode (chat) and Property View (table)");

    // Premium cannot be bought yet: no 'Most Popular', and a way to hear when it opens.
    const premium = page.getByRole("article", { name: "Premium" });
    await expect(premium.getByText("Most Popular")).toHaveCount(0);
    await expect(premium.getByText("Coming Soon").first()).toBeVisible();
    await expect(premium).toContainText("Up to 5 GA4 properties");
    await expect(premium).toContainText("50 annotations per day");
    await expect(premium).toContainText("AI audit of your annotations (private beta)");
    await expect(premium.getByRole("link", { name: "Sign up to be notified" })).toBeVisible();
  });

  test("View Pricing brings the pricing section into view", async ({ page }) => {
    await page.goto("/");
    const pricingHeading = page.getByRole("heading", { name: "Start free, grow into Premium" });
    await expect(pricingHeading).not.toBeInViewport();

    await page.getByRole("button", { name: "View Pricing" }).click();

    await expect(pricingHeading).toBeInViewport();
    await expect(page.getByRole("article", { name: "Premium" })).toBeInViewport();
    await expect(page.getByRole("region", { name: "Start free, grow into Premium" })).toBeFocused();
  });

  test("Log In opens the login page", async ({ page }) => {
    await page.goto("/");

    await page.getByRole("banner").getByRole("link", { name: "Log In" }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1, name: "Log in to Tidemark" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
  });

  test("Get Started for Free opens the sign-up page", async ({ page }) => {
    await page.goto("/");

    await page.getByRole("banner").getByRole("link", { name: "Get Started for Free" }).click();

    await expect(page).toHaveURL(/\/signup$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Create your account" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
  });

  test("the login and sign-up pages lead to each other and back home", async ({ page }) => {
    await page.goto("/login");

    await page.getByRole("main").getByRole("link", { name: "Sign up" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Create your account" }),
    ).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Log in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Log in to Tidemark" })).toBeVisible();
    await page.getByRole("banner").getByRole("link", { name: "Tidemark" }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "View Pricing" })).toBeVisible();
  });

  test("loads only its own small script, no app code, and its interactive parts work with it", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/", { waitUntil: "networkidle" });

    expect(scripts.some((script) => /\/assets\/landing-[\w-]+\.js$/.test(script))).toBe(true);
    // Neither the app's entry nor any page's code: the page is not hydrated.
    expect(scripts.filter((script) => /\/(index|[\w-]+-route)-[\w-]+\.js$/.test(script))).toEqual(
      [],
    );
    expect(scripts.length).toBeLessThanOrEqual(5);

    // The demo's launch was yesterday, on the visitor's calendar.
    const yesterday = await page.evaluate<string>(`(() => {
      const day = new Date();
      day.setDate(day.getDate() - 1);
      const two = (n) => String(n).padStart(2, "0");
      return day.getFullYear() + "-" + two(day.getMonth() + 1) + "-" + two(day.getDate());
    })()`);
    await expect(page.getByText(`Winter Sale Launch · AU · Prod on ${yesterday}.`)).toBeVisible();

    await page.getByRole("button", { name: "Toggle theme" }).click();
    await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
    await page.getByRole("button", { name: "View Pricing" }).click();
    await expect(page.getByRole("region", { name: "Start free, grow into Premium" })).toBeFocused();
  });
});
