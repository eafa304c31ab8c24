import { mkdir } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { auth } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect, test, type Page } from "@playwright/test";
import { MemoryOAuthClient } from "../test/mcp-oauth-support.js";
import {
  choosePlan,
  signInWithEmailLink,
  signInWithGoogle,
  uniqueEmail,
} from "./support/accounts.js";
import { openPropertyViewConnected, pickFirstGoogleProperty } from "./support/dashboard.js";

/** Where the pictures of the consent page and the connected-apps card go, when asked for. */
const shotsDir = process.env.MCP_SCREENSHOTS_DIR;

async function shoot(page: Page, name: string, locator = page.locator("main")) {
  if (!shotsDir) return;
  await mkdir(shotsDir, { recursive: true });
  for (const scheme of ["light", "dark"] as const) {
    await page.evaluate(
      `window.localStorage.setItem("theme", "${scheme}");
       document.documentElement.classList.toggle("dark", ${scheme === "dark"});`,
    );
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await locator.screenshot({ path: `${shotsDir}/${name}-${width}-${scheme}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The client's redirect address: a page of its own on the loopback, as a desktop client has. */
async function clientCallback(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html" }).end("<p>Back in the app.</p>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/callback`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * An AI client connecting to Tidemark's MCP server the way Claude or Cursor does: the official
 * MCP SDK discovers the authorization server from /mcp's 401, registers itself, and sends the
 * person's browser to authorize with PKCE; the person signs in, sees the consent page and allows
 * it; the client trades the code for tokens and calls a tool. Then the token is refreshed and the
 * app revoked from /account.
 */
test("an MCP client connects with OAuth: discovery, registration, sign-in, consent, tokens, a tool call, refresh and revoke", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const serverUrl = `${baseURL}/mcp`;
  const app = await clientCallback();
  const callback = app.url;
  const oauth = new MemoryOAuthClient(callback, "Journey Assistant");

  // The client's first contact: discovery and registration, ending in the browser.
  expect(await auth(oauth, { serverUrl })).toBe("REDIRECT");
  expect(oauth.client?.client_id).toBeTruthy();
  const authorizationUrl = oauth.authorizationUrl!;
  expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");

  await page.goto(authorizationUrl.toString());
  await expect(page).toHaveURL(/\/oauth\/consent\?uid=/);
  await expect(page.getByRole("heading", { name: "Sign in to connect an app" })).toBeVisible();

  // Signing in happens in another tab; back on this one, the consent appears.
  const email = uniqueEmail("mcp");
  const signIn = await context.newPage();
  await signInWithEmailLink(signIn, email);
  await signIn.close();
  await page.bringToFront();
  await page.evaluate(`window.dispatchEvent(new Event("focus"))`);
  const heading = page.getByRole("heading", {
    name: "Allow Journey Assistant to use your Tidemark account?",
  });
  await expect(heading).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  const may = page.getByRole("list", { name: "What the app may do" });
  await expect(may.getByText("See your GA4 properties and their annotations")).toBeVisible();
  // Writing is offered but left off until the person ticks it.
  const write = may.getByRole("checkbox", { name: /Create, change and delete annotations/ });
  await expect(write).not.toBeChecked();
  await expect(may.getByRole("checkbox", { name: /See your GA4 properties/ })).toBeChecked();
  await shoot(page, "consent");
  await write.check();

  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL(`${callback}**`);
  const code = new URL(page.url()).searchParams.get("code");
  await app.close();
  expect(code).toBeTruthy();

  // The code, with the PKCE verifier the client kept, becomes tokens.
  expect(await auth(oauth, { serverUrl, authorizationCode: code! })).toBe("AUTHORIZED");
  const client = new Client({ name: "journey", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider: oauth }),
  );
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toContain("delete_annotations");
  const properties = await client.callTool({ name: "list_properties", arguments: {} });
  expect(properties.isError).toBeFalsy();
  await client.close();

  // Refresh: a new pair, the old refresh token used up.
  const first = oauth.saved!;
  const refreshed = await page.request.post(`${baseURL}/oauth/token`, {
    form: {
      grant_type: "refresh_token",
      refresh_token: first.refresh_token!,
      client_id: oauth.client!.client_id,
    },
  });
  expect(refreshed.status()).toBe(200);
  const renewed = (await refreshed.json()) as { access_token: string; refresh_token: string };
  expect(renewed.refresh_token).not.toBe(first.refresh_token);
  oauth.saveTokens({ ...first, ...renewed });

  // /account lists the app; Revoke ends its access.
  await page.goto("/account");
  const card = page.locator("[data-slot=card]", {
    has: page.getByRole("heading", { name: "Connected apps" }),
  });
  await expect(card.getByText("Journey Assistant")).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText("annotations:write")).toBeVisible();
  await shoot(page, "connected-apps", card);
  await card.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
  await expect(card.getByText("No apps connected.")).toBeVisible();

  const refused = await page.request.post(`${baseURL}/mcp`, {
    headers: {
      authorization: `Bearer ${renewed.access_token}`,
      accept: "application/json, text/event-stream",
    },
    data: { jsonrpc: "2.0", id: 1, method: "tools/list" },
  });
  expect(refused.status()).toBe(401);
  expect(refused.headers()["www-authenticate"]).toContain("resource_metadata=");
});

/**
 * The consent phishing attack, with two browsers: the attacker starts an authorization in theirs
 * and sends the consent link to a signed-in person, who opens it in their own. It cannot be
 * allowed there, and the attacker's browser never receives a code.
 */
test("a consent link opened in another browser cannot be allowed, and the attacker gets no code", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const serverUrl = `${baseURL}/mcp`;
  const oauth = new MemoryOAuthClient("http://127.0.0.1:9/callback", "Claude");
  expect(await auth(oauth, { serverUrl })).toBe("REDIRECT");

  const attacker = await browser.newContext({ baseURL });
  const attackerPage = await attacker.newPage();
  await attackerPage.goto(oauth.authorizationUrl!.toString());
  await expect(attackerPage).toHaveURL(/\/oauth\/consent\?uid=/);
  const link = attackerPage.url();

  const victim = await browser.newContext({ baseURL });
  const victimPage = await victim.newPage();
  await signInWithEmailLink(victimPage, uniqueEmail("victim"));
  await victimPage.goto(link);
  await expect(
    victimPage.getByRole("heading", { name: "This link cannot be used in this browser" }),
  ).toBeVisible();
  await expect(victimPage.getByRole("button", { name: "Allow" })).toHaveCount(0);

  // The attacker's browser resumes the interaction: it is not finished, so no code comes back.
  const uid = new URL(link).searchParams.get("uid")!;
  const resumed = await attackerPage.request.get(`/oauth/authorize/${uid}`, { maxRedirects: 0 });
  expect(resumed.headers()["location"] ?? "").not.toMatch(/[?&]code=/);
  await Promise.all([attacker.close(), victim.close()]);
});

/**
 * A deletion an AI app asks for, with a client that cannot ask its person: it waits on the
 * dashboard with what would go, and happens only when the person approves it there.
 */
test("a deletion an AI app asks for waits for the person's approval on the dashboard", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  // On the journeys' tester allow-list (playwright.config.ts) and used by no other journey.
  const email = "mcp.tester@example.com";
  await signInWithGoogle(page, email);
  await choosePlan(page, "Premium");
  await openPropertyViewConnected(page, email);
  await pickFirstGoogleProperty(page);

  const app = await clientCallback();
  const oauth = new MemoryOAuthClient(app.url, "Tidy Assistant");
  const serverUrl = `${baseURL}/mcp`;
  expect(await auth(oauth, { serverUrl })).toBe("REDIRECT");
  await page.goto(oauth.authorizationUrl!.toString());
  const may = page.getByRole("list", { name: "What the app may do" });
  await may.getByRole("checkbox", { name: /Create, change and delete annotations/ }).check();
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL(`${app.url}**`);
  const code = new URL(page.url()).searchParams.get("code");
  await app.close();
  expect(await auth(oauth, { serverUrl, authorizationCode: code! })).toBe("AUTHORIZED");

  const client = new Client({ name: "journey", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider: oauth }),
  );
  const listed = await client.callTool({ name: "list_properties", arguments: {} });
  const propertyId = (
    listed.structuredContent as { properties: { propertyId: string; canEdit: boolean | null }[] }
  ).properties.find((property) => property.canEdit !== false)!.propertyId;
  // Yesterday in UTC has happened on every property's calendar; today may not have.
  const day = new Date(Date.now() - 86_400_000);
  const created = await client.callTool({
    name: "create_annotation",
    arguments: {
      propertyId,
      title: "Asked to go",
      annotationDate: {
        year: day.getUTCFullYear(),
        month: day.getUTCMonth() + 1,
        day: day.getUTCDate(),
      },
    },
  });
  expect(created.isError, JSON.stringify(created)).toBeFalsy();
  const annotationId = (created.structuredContent as { annotationId: string }).annotationId;
  const asked = await client.callTool({
    name: "delete_annotations",
    arguments: { propertyId, annotationIds: [annotationId] },
  });
  expect((asked.structuredContent as { status: string }).status).toBe("waiting_for_approval");
  await client.close();

  await page.goto("/dashboard?mode=property");
  const notice = page.getByRole("region", { name: "Waiting for your approval" });
  await expect(notice.getByText("Tidy Assistant asks to delete 1 annotation")).toBeVisible({
    timeout: 30_000,
  });
  await expect(notice.getByText("Asked to go")).toBeVisible();
  await shoot(page, "approval", notice);
  // The server drew the card; a click lands once the app has taken it over (its code loads after
  // the page), so it is tried again until the card is answered.
  await expect(async () => {
    const approve = notice.getByRole("button", { name: "Approve deletion" });
    if (await approve.isVisible()) await approve.click({ timeout: 2_000 });
    await expect(notice).toHaveCount(0, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  const after = await page.request.get(`/api/annotations/${propertyId}`);
  const titles = (
    (await after.json()) as { reportingDataAnnotations: { annotationId: string }[] }
  ).reportingDataAnnotations.map((annotation) => annotation.annotationId);
  expect(titles).not.toContain(annotationId);
});
