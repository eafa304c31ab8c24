import "../../test-support/setup-dom-tests";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadServerPage } from "../../lib/page-navigation";
import { deferred, jsonResponse, errorResponse, stubApi } from "../../test-support/fake-api";
import { renderAppAt } from "../../test-support/render-app";

vi.mock("../../lib/page-navigation", () => ({ loadServerPage: vi.fn() }));

const magicLinkBody = (email: string) => ({
  email,
  callbackURL: "/",
  newUserCallbackURL: "/",
  errorCallbackURL: "/login",
});

beforeEach(() => {
  vi.mocked(loadServerPage).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openPage(path: string) {
  const app = renderAppAt(path);
  const email = await screen.findByLabelText("Email");
  return { app, email, continueButton: screen.getByRole("button", { name: "Continue" }) };
}

describe.each([
  ["/login", "Log in to Tidemark", { name: "Sign up", href: "/signup" }],
  ["/signup", "Create your account", { name: "Log in", href: "/login" }],
])("%s", (path, title, otherPage) => {
  it("offers Google, an email field and links to the other page and the privacy policy", async () => {
    const { email } = await openPage(path);
    const main = screen.getByRole("main");

    expect(screen.getByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(within(main).getByRole("button", { name: "Continue with Google" })).toBeInTheDocument();
    expect(email).toHaveAttribute("type", "email");
    expect(email).toBeRequired();
    expect(within(main).getByRole("link", { name: otherPage.name })).toHaveAttribute(
      "href",
      otherPage.href,
    );
    expect(within(main).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy",
    );
    // The way-in pages do not repeat the header's way in.
    expect(
      within(screen.getByRole("banner")).queryByRole("link", { name: "Log In" }),
    ).not.toBeInTheDocument();
  });

  it("keeps Continue disabled while the field is empty or blank", async () => {
    stubApi({});
    const user = userEvent.setup();
    const { email, continueButton } = await openPage(path);

    expect(continueButton).toBeDisabled();
    await user.type(email, "   ");
    expect(continueButton).toBeDisabled();
    await user.type(email, "a");
    expect(continueButton).toBeEnabled();
  });

  it("does nothing for an address without an at-sign", async () => {
    const { requests } = stubApi({});
    const user = userEvent.setup();
    const { email, continueButton } = await openPage(path);
    const before = requests.length;

    await user.type(email, "ada.example.com");
    await user.click(continueButton);
    await user.type(email, "{Enter}");

    expect(requests.length).toBe(before);
    expect(continueButton).toHaveTextContent("Continue");
    expect(window.localStorage.getItem("authIntent")).toBeNull();
  });

  it("'Continue with Google' stores the intent and loads /api/login", async () => {
    stubApi({});
    const user = userEvent.setup();
    await openPage(path);

    await user.click(screen.getByRole("button", { name: "Continue with Google" }));

    expect(window.localStorage.getItem("authIntent")).toBe(path.slice(1));
    expect(loadServerPage).toHaveBeenCalledWith("/api/login");
  });

  it("shows the server's error when the link cannot be sent, and lets the person try again", async () => {
    stubApi({
      "POST /api/auth/lookup": () => jsonResponse(200, { exists: false }),
      "POST /api/auth/sign-in/magic-link": () =>
        errorResponse(
          429,
          { error: "Too many attempts. Try again in 15 minutes.", code: "rate_limited" },
          {
            "Retry-After": "900",
          },
        ),
    });
    const user = userEvent.setup();
    const { email, continueButton } = await openPage(path);

    await user.type(email, "ada@example.com{Enter}");

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Too many attempts. Try again in 15 minutes.",
    );
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(continueButton).toBeEnabled();
    expect(continueButton).toHaveTextContent("Continue");
  });
});

describe("email sign-in on /login", () => {
  it("sends the link request without a lookup, shows 'Checking...', then 'Check your inbox' naming the address", async () => {
    const sent = deferred<Response>();
    const { requests } = stubApi({ "POST /api/auth/sign-in/magic-link": () => sent.promise });
    const user = userEvent.setup();
    const { email, continueButton } = await openPage("/login");

    await user.type(email, "  Ada@Example.com ");
    await user.click(continueButton);

    expect(continueButton).toBeDisabled();
    expect(continueButton).toHaveTextContent("Checking...");
    expect(window.localStorage.getItem("authIntent")).toBe("login");

    sent.resolve(jsonResponse(200, { status: true }));

    expect(await screen.findByRole("heading", { name: "Check your inbox" })).toHaveFocus();
    expect(screen.getByText("Ada@Example.com")).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveTextContent("expires in 15 minutes");
    const posts = requests.filter((request) => request.method === "POST");
    expect(posts).toEqual([
      {
        method: "POST",
        path: "/api/auth/sign-in/magic-link",
        body: magicLinkBody("Ada@Example.com"),
      },
    ]);
  });

  it("shows Better Auth's message when that is what the server answers", async () => {
    stubApi({
      "POST /api/auth/sign-in/magic-link": () =>
        errorResponse(400, { error: "Invalid callbackURL", code: "sign_in_refused" }),
    });
    const user = userEvent.setup();
    const { email } = await openPage("/login");

    await user.type(email, "ada@example.com{Enter}");

    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid callbackURL");
  });

  it("falls back to a general message when the server gives none", async () => {
    stubApi({ "POST /api/auth/sign-in/magic-link": () => new Response("", { status: 503 }) });
    const user = userEvent.setup();
    const { email } = await openPage("/login");

    await user.type(email, "ada@example.com{Enter}");

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "We couldn't send a sign-in link. Please try again.",
    );
  });

  it("'Use a different email' returns to an empty form", async () => {
    stubApi({ "POST /api/auth/sign-in/magic-link": () => jsonResponse(200, { status: true }) });
    const user = userEvent.setup();
    const { email } = await openPage("/login");
    await user.type(email, "ada@example.com{Enter}");

    await user.click(await screen.findByRole("button", { name: "Use a different email" }));

    expect(screen.getByLabelText("Email")).toHaveValue("");
  });
});

describe("email sign-in on /signup", () => {
  it("offers the login page when the account exists, and goes there on OK without sending a link", async () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    const { requests } = stubApi({
      "POST /api/auth/lookup": () => jsonResponse(200, { exists: true }),
    });
    const user = userEvent.setup();
    const { app, email } = await openPage("/signup");

    await user.type(email, "ada@example.com{Enter}");

    expect(
      await screen.findByRole("heading", { level: 1, name: "Log in to Tidemark" }),
    ).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledWith(
      "An account with ada@example.com already exists. Would you like to log in instead?",
    );
    expect(app.currentUrl()).toBe("/login");
    expect(requests.filter((request) => request.method === "POST")).toEqual([
      { method: "POST", path: "/api/auth/lookup", body: { email: "ada@example.com" } },
    ]);
  });

  it("carries on with signup when the person cancels the prompt", async () => {
    vi.spyOn(window, "confirm").mockReturnValue(false);
    const { requests } = stubApi({
      "POST /api/auth/lookup": () => jsonResponse(200, { exists: true }),
      "POST /api/auth/sign-in/magic-link": () => jsonResponse(200, { status: true }),
    });
    const user = userEvent.setup();
    const { email } = await openPage("/signup");

    await user.type(email, "ada@example.com{Enter}");

    expect(await screen.findByRole("heading", { name: "Check your inbox" })).toBeInTheDocument();
    expect(window.localStorage.getItem("authIntent")).toBe("signup");
    expect(requests.at(-1)).toEqual({
      method: "POST",
      path: "/api/auth/sign-in/magic-link",
      body: magicLinkBody("ada@example.com"),
    });
  });

  it("does not ask when the address is new", async () => {
    const confirm = vi.spyOn(window, "confirm");
    stubApi({
      "POST /api/auth/lookup": () => jsonResponse(200, { exists: false }),
      "POST /api/auth/sign-in/magic-link": () => jsonResponse(200, { status: true }),
    });
    const user = userEvent.setup();
    const { email } = await openPage("/signup");

    await user.type(email, "new@example.com{Enter}");

    expect(await screen.findByRole("heading", { name: "Check your inbox" })).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  it("falls through to sending the link when the lookup fails", async () => {
    const confirm = vi.spyOn(window, "confirm");
    stubApi({
      "POST /api/auth/lookup": () =>
        errorResponse(429, { error: "Too many attempts.", code: "rate_limited" }),
      "POST /api/auth/sign-in/magic-link": () => jsonResponse(200, { status: true }),
    });
    const user = userEvent.setup();
    const { email } = await openPage("/signup");

    await user.type(email, "ada@example.com{Enter}");

    expect(await screen.findByRole("heading", { name: "Check your inbox" })).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });
});

describe("sign-in failures sent back to /login", () => {
  it.each([
    ["INVALID_TOKEN", "That sign-in link has expired or was already used. Request a new one."],
    ["access_denied", "Google sign-in was cancelled."],
    ["state_mismatch", "Sign-in failed. Please try again."],
    ["google_unavailable", "Sign-in failed. Please try again."],
    ["unable_to_get_user_info", "Sign-in failed. Please try again."],
  ])("?error=%s explains itself and leaves the address bar clean", async (code, message) => {
    stubApi({});
    const { app } = await openPage(`/login?error=${code}&error_description=whatever`);

    expect(screen.getByRole("alert")).toHaveTextContent(message);
    await waitFor(() => expect(app.currentUrl()).toBe("/login"));
    expect(screen.getByRole("alert")).toHaveTextContent(message);
  });

  it("reads the most specific of several codes", async () => {
    stubApi({});
    const { app } = await openPage("/login?error=google&error=access_denied");

    expect(screen.getByRole("alert")).toHaveTextContent("Google sign-in was cancelled.");
    await waitFor(() => expect(app.currentUrl()).toBe("/login"));
  });

  it("drops the message when a new attempt starts", async () => {
    stubApi({ "POST /api/auth/sign-in/magic-link": () => jsonResponse(200, { status: true }) });
    const user = userEvent.setup();
    const { email } = await openPage("/login?error=INVALID_TOKEN");

    await user.type(email, "ada@example.com{Enter}");

    expect(await screen.findByRole("heading", { name: "Check your inbox" })).toBeInTheDocument();
    expect(screen.queryByText(/expired or was already used/)).not.toBeInTheDocument();
  });
});
