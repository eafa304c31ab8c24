import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

// The product "mails" sign-in links to its log when no SMTP server is configured. The Playwright
// config sends the server's JSON log to this file.
const serverLogPath = path.join(process.env.E2E_DATA_DIR ?? "./data/e2e", "server.log");

/** A fresh address per test: the database lives as long as the whole run. */
export function uniqueEmail(label: string): string {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return `${label}-${suffix}@example.com`;
}

function signInLinksIn(log: string, email: string): string[] {
  const prefix = `Sign-in link for ${email}: `;
  const links: string[] = [];
  for (const line of log.split("\n")) {
    if (!line.includes(prefix)) continue;
    let message: unknown;
    try {
      message = (JSON.parse(line) as { msg?: unknown }).msg;
    } catch {
      continue;
    }
    if (typeof message === "string" && message.startsWith(prefix))
      links.push(message.slice(prefix.length).trim());
  }
  return links;
}

/** Waits for the newest sign-in link the server logged for this address and returns it. */
export async function readSignInLink(
  email: string,
  { after = 0 }: { after?: number } = {},
): Promise<string> {
  let links: string[] = [];
  await expect
    .poll(
      async () => {
        links = signInLinksIn(await readFile(serverLogPath, "utf8").catch(() => ""), email);
        return links.length;
      },
      { message: `a sign-in link for ${email} in ${serverLogPath}`, timeout: 10_000 },
    )
    .toBeGreaterThan(after);
  return links[links.length - 1]!;
}

/** How many sign-in links the server has logged for this address so far. */
export async function countSignInLinks(email: string): Promise<number> {
  return signInLinksIn(await readFile(serverLogPath, "utf8").catch(() => ""), email).length;
}

/**
 * On the sandbox's Google pages: enter the address, then allow the app on the consent page. Like
 * Google, the sandbox asks for consent only for scopes the person has not granted before, so a
 * returning person goes straight back to the app.
 */
export async function completeSandboxGoogleSignIn(page: Page, email: string): Promise<void> {
  await expect(page).toHaveTitle("Sign in with Google");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  const allow = page.getByRole("button", { name: "Allow" });
  await allow.or(page.locator("#root")).first().waitFor();
  if (await allow.isVisible()) await allow.click();
}

/** Signs in through the sandbox's Google pages (no email link spent) and waits for Tidemark. */
export async function signInWithGoogle(page: Page, email: string): Promise<void> {
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await completeSandboxGoogleSignIn(page, email);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

const choosePlanButtons = { Freemium: "Get Started Free", Premium: "Choose Premium" } as const;

/** Chooses a plan on /plans (going there unless already there) and waits for the mode selection. */
export async function choosePlan(page: Page, plan: keyof typeof choosePlanButtons): Promise<void> {
  if (new URL(page.url()).pathname !== "/plans") await page.goto("/plans");
  await page
    .getByRole("article", { name: plan })
    .getByRole("button", { name: choosePlanButtons[plan] })
    .click();
  await expect(page).toHaveURL(/\/mode-selection$/);
}

/**
 * Opens a sign-in link as someone clicking it in their inbox would, and presses Continue on the
 * page it lands on (opening a link alone signs no one in).
 */
export async function openSignInLink(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\/continue\?token=/);
  await page.getByRole("button", { name: /^Continue as / }).click();
  await expect(page).not.toHaveURL(/\/login\/continue/);
}

/** Asks for a sign-in link on /login and opens it, as someone copying it from their inbox would. */
export async function signInWithEmailLink(page: Page, email: string): Promise<void> {
  const before = await countSignInLinks(email);
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await openSignInLink(page, await readSignInLink(email, { after: before }));
}

/**
 * Creates an account without a browser: requests a link through the API and signs in with its
 * token, both with our Origin, as the app's own pages send them.
 */
export async function createAccount(
  request: APIRequestContext,
  baseURL: string,
  email: string,
): Promise<void> {
  const before = await countSignInLinks(email);
  const origin = new URL(baseURL).origin;
  const response = await request.post("/api/auth/sign-in/magic-link", {
    data: { email, callbackURL: "/", newUserCallbackURL: "/", errorCallbackURL: "/login" },
    headers: { Origin: origin },
  });
  expect(response.status()).toBe(200);
  const token = new URL(await readSignInLink(email, { after: before })).searchParams.get("token");
  const signedIn = await request.post("/api/auth/sign-in-link", {
    data: { token },
    headers: { Origin: origin },
  });
  expect(signedIn.status()).toBe(200);
}
