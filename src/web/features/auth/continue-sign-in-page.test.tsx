import "../../test-support/setup-dom-tests";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { replaceWithServerPage } from "../../lib/page-navigation";
import {
  deferred,
  errorResponse,
  jsonResponse,
  makeUser,
  stubApi,
} from "../../test-support/fake-api";
import { renderAppAt } from "../../test-support/render-app";

vi.mock("../../lib/page-navigation", () => ({
  loadServerPage: vi.fn(),
  replaceWithServerPage: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(replaceWithServerPage).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const token = "AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEf";
const at = `/login/continue?token=${token}`;
const previewPath = `GET /api/auth/sign-in-link`;

const alice = makeUser({ email: "alice@example.com", subscriptionTier: "freemium" });

describe("/login/continue", () => {
  it("says whose account the link opens and signs in only on Continue, with the token in the body", async () => {
    const { requests } = stubApi({
      [previewPath]: () => jsonResponse(200, { email: "mia@example.com", signedIn: null }),
      "POST /api/auth/sign-in-link": () => jsonResponse(200, { redirectTo: "/" }),
    });
    const user = userEvent.setup();
    renderAppAt(at);

    expect(
      await screen.findByRole("heading", { level: 1, name: "Sign in to Tidemark" }),
    ).toBeInTheDocument();
    const go = await screen.findByRole("button", { name: "Continue as mia@example.com" });
    expect(screen.getByRole("main")).toHaveTextContent(
      "This link signs you in to the Tidemark account for mia@example.com.",
    );
    // Looking is all that happened so far.
    expect(requests.filter((request) => request.method === "POST")).toEqual([]);
    const looked = vi.mocked(fetch).mock.calls.map(([input]) => String(input));
    expect(looked).toContain(`/api/auth/sign-in-link?token=${token}`);

    await user.click(go);

    await waitFor(() => expect(replaceWithServerPage).toHaveBeenCalledWith("/"));
    const posted = requests.filter((request) => request.method === "POST");
    expect(posted).toEqual([
      { method: "POST", path: "/api/auth/sign-in-link", body: { token, switchAccount: false } },
    ]);
  });

  it("says 'Create your account' for a link that makes a new account, in the tab's title too", async () => {
    stubApi({
      [previewPath]: () =>
        jsonResponse(200, { email: "new@example.com", newAccount: true, signedIn: null }),
    });
    renderAppAt(at);

    expect(
      await screen.findByRole("heading", { level: 1, name: "Create your account" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveTextContent(
      "This link creates your Tidemark account for new@example.com.",
    );
    expect(screen.getByRole("main")).not.toHaveTextContent(/sign in/i);
    await waitFor(() => expect(document.title).toBe("Create your account · Tidemark"));
  });

  it("signs in once however often Continue is pressed, saying so while it works", async () => {
    const answer = deferred<Response>();
    const { requests } = stubApi({
      [previewPath]: () => jsonResponse(200, { email: "mia@example.com", signedIn: null }),
      "POST /api/auth/sign-in-link": () => answer.promise,
    });
    const user = userEvent.setup();
    renderAppAt(at);
    const go = await screen.findByRole("button", { name: "Continue as mia@example.com" });

    await user.click(go);
    await user.click(go);

    expect(await screen.findByRole("button", { name: "Signing in..." })).toBeDisabled();
    answer.resolve(jsonResponse(200, { redirectTo: "/" }));
    await waitFor(() => expect(replaceWithServerPage).toHaveBeenCalledTimes(1));
    expect(requests.filter((request) => request.method === "POST")).toHaveLength(1);
  });

  it("asks someone signed in to another account, and staying keeps them where they were", async () => {
    const { requests } = stubApi({
      "GET /api/auth/user": () => jsonResponse(200, alice),
      [previewPath]: () =>
        jsonResponse(200, {
          email: "mia@example.com",
          signedIn: { email: "alice@example.com", sameAccount: false },
        }),
    });
    const user = userEvent.setup();
    const app = renderAppAt(at);

    expect(
      await screen.findByRole("heading", { level: 1, name: "Switch accounts?" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveTextContent(
      "You are signed in as alice@example.com. Continue as mia@example.com instead?",
    );
    expect(screen.getByRole("button", { name: "Continue as mia@example.com" })).toBeEnabled();

    await user.click(screen.getByRole("button", { name: "Stay signed in as alice@example.com" }));

    await waitFor(() => expect(app.currentUrl()).toBe("/"));
    expect(requests.filter((request) => request.method === "POST")).toEqual([]);
  });

  it("tells two accounts that start alike apart by their full addresses", async () => {
    stubApi({
      "GET /api/auth/user": () =>
        jsonResponse(
          200,
          makeUser({ email: "victoria@example.com", subscriptionTier: "freemium" }),
        ),
      [previewPath]: () =>
        jsonResponse(200, {
          email: "vincent@example.com",
          signedIn: { email: "victoria@example.com", sameAccount: false },
        }),
    });
    renderAppAt(at);

    expect(
      await screen.findByRole("button", { name: "Continue as vincent@example.com" }),
    ).toBeEnabled();
    expect(screen.getByRole("main")).toHaveTextContent(
      "You are signed in as victoria@example.com. Continue as vincent@example.com instead?",
    );
    expect(
      screen.getByRole("button", { name: "Stay signed in as victoria@example.com" }),
    ).toBeEnabled();
  });

  it("switches only when the person chooses to", async () => {
    const { requests } = stubApi({
      "GET /api/auth/user": () => jsonResponse(200, alice),
      [previewPath]: () =>
        jsonResponse(200, {
          email: "mia@example.com",
          signedIn: { email: "alice@example.com", sameAccount: false },
        }),
      "POST /api/auth/sign-in-link": () => jsonResponse(200, { redirectTo: "/" }),
    });
    const user = userEvent.setup();
    renderAppAt(at);

    await user.click(await screen.findByRole("button", { name: "Continue as mia@example.com" }));

    await waitFor(() => expect(replaceWithServerPage).toHaveBeenCalledWith("/"));
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({
      token,
      switchAccount: true,
    });
  });

  it("goes straight on for the person the link is for", async () => {
    const { requests } = stubApi({
      "GET /api/auth/user": () => jsonResponse(200, alice),
      [previewPath]: () =>
        jsonResponse(200, {
          email: "alice@example.com",
          signedIn: { email: "alice@example.com", sameAccount: true },
        }),
    });
    const app = renderAppAt(at);

    await waitFor(() => expect(app.currentUrl()).not.toMatch(/^\/login\/continue/));
    expect(requests.filter((request) => request.method === "POST")).toEqual([]);
  });

  it("explains a used or expired link and offers a new one, without a Continue button", async () => {
    stubApi({
      [previewPath]: () =>
        errorResponse(410, {
          error: "This sign-in link has expired. Links work for 15 minutes; request a new one.",
          code: "sign_in_link_invalid",
        }),
    });
    renderAppAt(at);

    expect(
      await screen.findByRole("heading", { level: 1, name: "This sign-in link can't be used" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(
      "This sign-in link has expired. Links work for 15 minutes; request a new one.",
    );
    expect(screen.getByRole("link", { name: "Request a new link" })).toHaveAttribute(
      "href",
      "/login",
    );
    expect(screen.queryByRole("button", { name: /^Continue as/ })).not.toBeInTheDocument();
  });

  it("explains a link used up in another tab between looking and pressing Continue", async () => {
    stubApi({
      [previewPath]: () => jsonResponse(200, { email: "mia@example.com", signedIn: null }),
      "POST /api/auth/sign-in-link": () =>
        errorResponse(410, {
          error: "This sign-in link was already used or is not valid. Request a new one.",
          code: "sign_in_link_invalid",
        }),
    });
    const user = userEvent.setup();
    renderAppAt(at);

    await user.click(await screen.findByRole("button", { name: "Continue as mia@example.com" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This sign-in link was already used or is not valid. Request a new one.",
    );
    expect(screen.getByRole("link", { name: "Request a new link" })).toBeInTheDocument();
    expect(replaceWithServerPage).not.toHaveBeenCalled();
  });

  it("offers to try again when the link could not be checked", async () => {
    let calls = 0;
    stubApi({
      [previewPath]: () =>
        ++calls === 1
          ? new Response("", { status: 503 })
          : jsonResponse(200, { email: "mia@example.com", signedIn: null }),
    });
    const user = userEvent.setup();
    renderAppAt(at);

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "We couldn't check this sign-in link. Please try again.",
    );
    await user.click(screen.getByRole("button", { name: "Try again" }));

    expect(
      await screen.findByRole("button", { name: "Continue as mia@example.com" }),
    ).toBeInTheDocument();
  });

  it("says so when the address has no token", async () => {
    const { requests } = stubApi({});
    renderAppAt("/login/continue");

    expect(
      await screen.findByRole("heading", { level: 1, name: "This sign-in link is incomplete" }),
    ).toBeInTheDocument();
    expect(requests.some((request) => request.path.startsWith("/api/auth/sign-in-link"))).toBe(
      false,
    );
  });
});
