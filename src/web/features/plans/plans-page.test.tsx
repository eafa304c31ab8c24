import "../../test-support/setup-dom-tests";
import { planWords, premiumAvailability } from "../../../shared/plans";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "../../components/ui/use-toast";
import { loadServerPage } from "../../lib/page-navigation";
import {
  deferred,
  jsonResponse,
  makeUser,
  errorResponse,
  signedInAs,
  stubApi,
} from "../../test-support/fake-api";
import { findToast, renderAppAt } from "../../test-support/render-app";

vi.mock("../../lib/page-navigation", () => ({ loadServerPage: vi.fn() }));

beforeEach(() => {
  vi.mocked(loadServerPage).mockClear();
});

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function openPlans() {
  const app = renderAppAt("/plans");
  await screen.findByRole("heading", { level: 1, name: "Choose Your Plan" });
  return {
    app,
    freemium: screen.getByRole("article", { name: "Freemium" }),
    premium: screen.getByRole("article", { name: "Premium" }),
  };
}

describe("/plans cards", () => {
  it("lists what Freemium includes and leaves out, at $0 with 'Get Started Free'", async () => {
    stubApi({});
    const { freemium } = await openPlans();

    expect(freemium).toHaveTextContent("$0");
    for (const included of planWords("freemium").included) {
      expect(within(freemium).getByText(included)).toBeInTheDocument();
    }
    for (const excluded of planWords("freemium").notIncluded) {
      expect(within(freemium).getByText(excluded)).toBeInTheDocument();
    }
    expect(within(freemium).getByRole("button", { name: "Get Started Free" })).toBeEnabled();
  });

  it("lists what Premium adds, the audit as a private beta", async () => {
    stubApi({});
    const { premium } = await openPlans();

    for (const included of [
      "Up to 5 GA4 properties",
      "50 annotations per day",
      "Edit and delete annotations",
      "AI audit of your annotations (private beta)",
      // Fair use, stated with the number the server enforces by default.
      "AI assistant: fair use, up to 500 messages a day",
    ]) {
      expect(within(premium).getByText(included)).toBeInTheDocument();
    }
  });

  it("says Premium is not for sale to a signed-in non-tester, and records 'Notify me'", async () => {
    let wantsPremiumNotice = false;
    const { requests } = stubApi({
      "GET /api/auth/user": signedInAs(() => makeUser({ wantsPremiumNotice })),
      "POST /api/users/premium-interest": () => {
        wantsPremiumNotice = true;
        return jsonResponse(200, { user: makeUser({ wantsPremiumNotice }) });
      },
    });
    const { premium } = await openPlans();

    expect(premium).toHaveTextContent("Not for sale yet");
    expect(within(premium).queryByText("Tester Access")).not.toBeInTheDocument();
    expect(
      within(premium).queryByRole("button", { name: /Choose Premium|Coming Soon/ }),
    ).toBeNull();
    await userEvent.setup().click(within(premium).getByRole("button", { name: "Notify me" }));
    expect(await within(premium).findByRole("status")).toHaveTextContent(
      premiumAvailability.notified,
    );
    expect(requests.filter((request) => request.method === "POST")).toEqual([
      expect.objectContaining({ path: "/api/users/premium-interest" }),
    ]);
  });

  it("asks a visitor to sign up to be told when Premium opens", async () => {
    stubApi({});
    const { premium } = await openPlans();

    expect(within(premium).getByRole("link", { name: "Sign up to be notified" })).toHaveAttribute(
      "href",
      "/signup",
    );
  });

  it("gives a tester a 'Tester Access' badge, $0 and a selectable Premium", async () => {
    stubApi({ "GET /api/auth/user": signedInAs(makeUser({ canSelectPremium: true })) });
    const { premium } = await openPlans();

    expect(within(premium).getByText("Tester Access")).toBeInTheDocument();
    expect(premium).toHaveTextContent("$0");
    expect(within(premium).queryByText("Coming Soon")).not.toBeInTheDocument();
    expect(within(premium).getByRole("button", { name: "Choose Premium" })).toBeEnabled();
  });

  it("lets a signed-in person see who they are and log out", async () => {
    stubApi({ "GET /api/auth/user": signedInAs(makeUser()) });
    const user = userEvent.setup();
    await openPlans();

    expect(screen.getByRole("main")).toHaveTextContent("Signed in as ada@example.com");
    expect(screen.getByText("ada@example.com").parentElement).toHaveTextContent(
      /^Signed in as ada@example\.com\.$/,
    );
    // Log out is in the header, as on every signed-in page.
    await user.click(
      await within(screen.getByRole("banner")).findByRole("button", { name: "Log out" }),
    );
    expect(loadServerPage).toHaveBeenCalledWith("/api/logout");
  });

  it("has a way back home", async () => {
    stubApi({});
    await openPlans();

    expect(
      within(screen.getByRole("main")).getByRole("link", { name: "Back to home" }),
    ).toHaveAttribute("href", "/");
  });
});

describe("choosing a plan", () => {
  it("as a visitor stores the plan and starts sign-in", async () => {
    const { requests } = stubApi({});
    const user = userEvent.setup();
    const { freemium } = await openPlans();

    await user.click(within(freemium).getByRole("button", { name: "Get Started Free" }));

    expect(window.localStorage.getItem("selectedPlan")).toBe("freemium");
    expect(loadServerPage).toHaveBeenCalledWith("/api/login");
    expect(requests.some((request) => request.method === "PATCH")).toBe(false);
  });

  it("signed in: PATCHes, refreshes the user, clears the stored plan, toasts, and opens mode selection 500 ms later", async () => {
    window.localStorage.setItem("selectedPlan", "premium");
    let tier: "premium" | null = null;
    const patched = deferred<Response>();
    const { requests } = stubApi({
      "GET /api/auth/user": signedInAs(() =>
        makeUser({ subscriptionTier: tier, canSelectPremium: true }),
      ),
      "PATCH /api/users/subscription": () => {
        tier = "premium";
        return patched.promise;
      },
    });
    const user = userEvent.setup();
    const { app, freemium, premium } = await openPlans();

    await user.click(within(premium).getByRole("button", { name: "Choose Premium" }));

    // Busy while applying; further clicks on either card are ignored.
    const busyButton = within(premium).getByRole("button", { name: "Applying plan..." });
    expect(premium).toHaveAttribute("aria-busy", "true");
    await user.click(busyButton);
    await user.click(within(freemium).getByRole("button", { name: "Get Started Free" }));
    expect(requests.filter((request) => request.method === "PATCH")).toEqual([
      { method: "PATCH", path: "/api/users/subscription", body: { tier: "premium" } },
    ]);

    const userChecksBefore = requests.filter((request) => request.path === "/api/auth/user").length;
    // From here the clock is fake, so the 500 ms wait can be measured: advancing it also settles
    // the request, the user refresh and the toast, which all run on promises and zero-delay timers.
    // The toast outlet's code arrives lazily; have it here before the clock stops.
    await import("../../components/ui/toaster");
    vi.useFakeTimers();
    patched.resolve(
      jsonResponse(200, {
        user: makeUser({ subscriptionTier: "premium", canSelectPremium: true }),
      }),
    );
    await act(() => vi.advanceTimersByTimeAsync(10));

    const toast = within(screen.getByRole("region", { name: /Notifications/ })).getByRole(
      "listitem",
    );
    expect(toast).toHaveTextContent("Plan selected");
    expect(toast).toHaveTextContent("Your subscription plan has been updated.");
    expect(window.localStorage.getItem("selectedPlan")).toBeNull();
    expect(requests.filter((request) => request.path === "/api/auth/user").length).toBeGreaterThan(
      userChecksBefore,
    );
    expect(app.currentUrl()).toBe("/plans");

    await act(() => vi.advanceTimersByTimeAsync(480));
    expect(app.currentUrl()).toBe("/plans");
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(app.currentUrl()).toBe("/mode-selection");
    vi.useRealTimers();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Choose Your Workflow" }),
    ).toBeInTheDocument();
  });

  it("signed in: a refusal shows 'Error' with the server's message and lets the person choose again", async () => {
    stubApi({
      "GET /api/auth/user": signedInAs(makeUser({ canSelectPremium: true })),
      "PATCH /api/users/subscription": () =>
        errorResponse(403, {
          error: "Premium is open to invited testers only.",
          code: "premium_not_available",
        }),
    });
    const user = userEvent.setup();
    const { app, premium } = await openPlans();

    await user.click(within(premium).getByRole("button", { name: "Choose Premium" }));

    const toast = await findToast();
    expect(toast).toHaveTextContent("Error");
    expect(toast).toHaveTextContent("Premium is open to invited testers only.");
    await waitFor(() =>
      expect(within(premium).getByRole("button", { name: "Choose Premium" })).toBeEnabled(),
    );
    expect(within(premium).getByRole("button", { name: "Choose Premium" })).not.toHaveAttribute(
      "aria-disabled",
    );
    expect(app.currentUrl()).toBe("/plans");
  });

  it("signed in: falls back to 'Failed to update subscription plan'", async () => {
    stubApi({
      "GET /api/auth/user": signedInAs(makeUser()),
      "PATCH /api/users/subscription": () => new Response("", { status: 500 }),
    });
    const user = userEvent.setup();
    const { freemium } = await openPlans();

    await user.click(within(freemium).getByRole("button", { name: "Get Started Free" }));

    const toast = await findToast();
    expect(toast).toHaveTextContent("Error");
    expect(toast).toHaveTextContent("Failed to update subscription plan");
  });
});
