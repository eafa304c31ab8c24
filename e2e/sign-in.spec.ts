import { expect, test } from "@playwright/test";
import { readLocalStorage } from "./support/browser-state.js";
import {
  completeSandboxGoogleSignIn,
  countSignInLinks,
  createAccount,
  readSignInLink,
  signInWithEmailLink,
  uniqueEmail,
} from "./support/accounts.js";

test.describe("signing in", () => {
  test("a new person signs in with Google, picks Freemium and reaches the dashboard", async ({
    page,
  }) => {
    const email = uniqueEmail("google");
    await page.goto("/login");

    await page.getByRole("button", { name: "Continue with Google" }).click();
    await completeSandboxGoogleSignIn(page, email);

    await expect(page).toHaveURL(/\/plans$/);
    await expect(page.getByRole("heading", { level: 1, name: "Choose Your Plan" })).toBeVisible();
    await page
      .getByRole("article", { name: "Freemium" })
      .getByRole("button", { name: "Get Started Free" })
      .click();

    await expect(page.getByRole("region", { name: /Notifications/ })).toContainText(
      "Plan selected",
    );
    await expect(page).toHaveURL(/\/mode-selection$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Choose Your Workflow" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Open Property View" }).click();

    await expect(page).toHaveURL(/\/dashboard\?mode=property$/);
    await expect(page.getByRole("main")).toBeFocused();
    await expect(page.getByRole("tab", { name: "Property View" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.getByRole("heading", { level: 1, name: "Annotations" })).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Your plan" })).toContainText("Freemium");
    expect(await page.evaluate("JSON.stringify(window.dataLayer)")).toBe(
      '[{"event":"property_mode_click"}]',
    );
  });

  test("a new person signs in with the emailed link", async ({ page }) => {
    const email = uniqueEmail("email");
    await page.goto("/login");

    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue", exact: true }).click();

    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(email);
    expect(await readLocalStorage(page, "authIntent")).toBe("login");

    const link = await readSignInLink(email);
    await page.goto(link);

    // Opening the link only says whose account it is (a new one here); Continue signs in.
    await expect(page).toHaveURL(/\/login\/continue\?token=/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Create your account" }),
    ).toBeVisible();
    await expect(page).toHaveTitle("Create your account · Tidemark");
    await expect(page.getByRole("main")).toContainText(
      `This link creates your Tidemark account for ${email}.`,
    );
    expect(await page.context().cookies()).not.toContainEqual(
      expect.objectContaining({ name: "tidemark.session_token" }),
    );
    await page.getByRole("button", { name: `Continue as ${email}` }).click();

    await expect(page).toHaveURL(/\/plans$/);
    await expect(page.getByRole("heading", { level: 1, name: "Choose Your Plan" })).toBeVisible();
    expect(await readLocalStorage(page, "authIntent")).toBeNull();
  });

  test("a link clicked in webmail (another site, no Referer) works after Continue", async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail("webmail");
    const before = await countSignInLinks(email);
    const asked = await page.request.post("/api/auth/sign-in/magic-link", {
      data: { email, callbackURL: "/" },
      headers: { Origin: new URL(baseURL!).origin },
    });
    expect(asked.status()).toBe(200);
    const link = await readSignInLink(email, { after: before });
    // Another site: the same server by its IP address is a different site from localhost.
    const webmail = new URL(baseURL!);
    webmail.hostname = "127.0.0.1";
    await page.goto(new URL("/privacy", webmail).toString());
    await page.evaluate(`{
      const anchor = document.createElement("a");
      anchor.href = ${JSON.stringify(link)};
      anchor.rel = "noreferrer noopener";
      anchor.textContent = "Sign in to Tidemark";
      document.body.prepend(anchor);
    }`);
    const landing = page.waitForRequest((request) => request.url() === link);
    await page.getByRole("link", { name: "Sign in to Tidemark" }).click();
    const navigation = await landing;
    expect(await navigation.headerValue("sec-fetch-site")).toBe("cross-site");
    expect(await navigation.headerValue("referer")).toBeNull();

    await page.getByRole("button", { name: `Continue as ${email}` }).click();

    await expect(page).toHaveURL(/\/plans$/);
    expect(new URL(page.url()).hostname).toBe("localhost");
  });

  test("cancelling at Google says so on the login page", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveTitle("Sign in with Google");
    await page.getByLabel("Email").fill(uniqueEmail("cancel"));
    await page.getByRole("button", { name: "Continue" }).click();

    await page.getByRole("button", { name: "Cancel" }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("alert")).toHaveText("Google sign-in was cancelled.");
  });

  test("signing up with an address that has an account offers the login page", async ({
    page,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail("existing");
    await createAccount(request, baseURL!, email);
    const linksBefore = await countSignInLinks(email);
    let prompt = "";
    page.on("dialog", (dialog) => {
      prompt = dialog.message();
      void dialog.accept();
    });
    await page.goto("/signup");
    await expect(
      page.getByRole("heading", { level: 1, name: "Create your account" }),
    ).toBeVisible();

    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue", exact: true }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1, name: "Log in to Tidemark" })).toBeVisible();
    expect(prompt).toBe(
      `An account with ${email} already exists. Would you like to log in instead?`,
    );
    expect(await countSignInLinks(email)).toBe(linksBefore);
  });

  test("a sign-in link that was already used explains itself", async ({ page }) => {
    const email = uniqueEmail("reused");
    await signInWithEmailLink(page, email);
    await expect(page).toHaveURL(/\/plans$/);
    const usedLink = await readSignInLink(email);
    await page.context().clearCookies();

    await page.goto(usedLink);

    await expect(
      page.getByRole("heading", { level: 1, name: "This sign-in link can't be used" }),
    ).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(
      "This sign-in link was already used or is not valid. Request a new one.",
    );
    await page.getByRole("link", { name: "Request a new link" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a link for someone else asks before switching, and staying keeps the account", async ({
    page,
    request,
    baseURL,
  }) => {
    const mine = uniqueEmail("alice");
    await signInWithEmailLink(page, mine);
    await expect(page).toHaveURL(/\/plans$/);
    // Someone else's link, as another site could send this browser to it.
    const theirs = uniqueEmail("mallory");
    const before = await countSignInLinks(theirs);
    const asked = await request.post("/api/auth/sign-in/magic-link", {
      data: { email: theirs, callbackURL: "/" },
      headers: { Origin: new URL(baseURL!).origin },
    });
    expect(asked.status()).toBe(200);
    const link = await readSignInLink(theirs, { after: before });

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Switch accounts?" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(
      `You are signed in as ${mine}. Continue as ${theirs} instead?`,
    );
    await page.getByRole("button", { name: `Stay signed in as ${mine}` }).click();
    await expect(page).toHaveURL(/\/plans$/);
    const stayed = await page.request.get("/api/auth/user");
    expect((await stayed.json()).email).toBe(mine);

    // The link was not used up: choosing to switch works.
    await page.goto(link);
    await page.getByRole("button", { name: `Continue as ${theirs}` }).click();
    await expect(page).toHaveURL(/\/plans$/);
    const switched = await page.request.get("/api/auth/user");
    expect((await switched.json()).email).toBe(theirs);
  });

  test("a link for the person already signed in goes straight on", async ({ page }) => {
    const email = uniqueEmail("again");
    await signInWithEmailLink(page, email);
    await expect(page).toHaveURL(/\/plans$/);
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    const before = await countSignInLinks(email);
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

    await page.goto(await readSignInLink(email, { after: before }));

    await expect(page).toHaveURL(/\/plans$/);
  });

  test("logging out returns to the landing page and closes the dashboard", async ({ page }) => {
    const email = uniqueEmail("logout");
    await signInWithEmailLink(page, email);
    await page
      .getByRole("article", { name: "Freemium" })
      .getByRole("button", { name: "Get Started Free" })
      .click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Choose Your Workflow" }),
    ).toBeVisible();

    await page.getByRole("button", { name: "Log out" }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "View Pricing" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Log In" })).toBeVisible();

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1, name: "Log in to Tidemark" })).toBeVisible();
  });
});
