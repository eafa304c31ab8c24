import "../../test-support/setup-dom-tests";
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "../../components/ui/use-toast";
import {
  deferred,
  jsonResponse,
  makeUser,
  errorResponse,
  signedInAs,
  stubApi,
} from "../../test-support/fake-api";
import { findToast, renderAppAt } from "../../test-support/render-app";

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

const freemiumUser = makeUser({ subscriptionTier: "freemium" });

describe("home routing", () => {
  it("shows 'Setting up your account...' while it asks who is signed in", async () => {
    const answer = deferred<Response>();
    stubApi({ "GET /api/auth/user": () => answer.promise });
    renderAppAt("/");

    expect(screen.getByRole("status")).toHaveTextContent("Setting up your account...");

    answer.resolve(errorResponse(401, { error: "Not signed in", code: "unauthenticated" }));
    expect(await screen.findByRole("button", { name: "View Pricing" })).toBeInTheDocument();
  });

  it("shows the landing page to a signed-out visitor", async () => {
    stubApi({});
    renderAppAt("/");

    expect(
      await screen.findByRole("heading", { level: 1, name: /Every spike in your analytics/ }),
    ).toBeVisible();
  });

  it("sends someone without a plan to /plans and handles their authIntent", async () => {
    window.localStorage.setItem("authIntent", "signup");
    stubApi({ "GET /api/auth/user": signedInAs(makeUser()) });
    const app = renderAppAt("/");

    expect(
      await screen.findByRole("heading", { level: 1, name: "Choose Your Plan" }),
    ).toBeInTheDocument();
    expect(app.currentUrl()).toBe("/plans");
    expect(window.localStorage.getItem("authIntent")).toBeNull();
  });

  it("shows mode selection at / to someone with a plan", async () => {
    stubApi({ "GET /api/auth/user": signedInAs(freemiumUser) });
    const app = renderAppAt("/");

    expect(
      await screen.findByRole("heading", { level: 1, name: "Choose Your Workflow" }),
    ).toBeInTheDocument();
    expect(app.currentUrl()).toBe("/");
  });

  it.each(["login", "signup"])(
    "opens the dashboard in Property View after a %s and clears authIntent",
    async (intent) => {
      window.localStorage.setItem("authIntent", intent);
      stubApi({ "GET /api/auth/user": signedInAs(freemiumUser) });
      const app = renderAppAt("/");

      expect(
        await screen.findByRole("tab", { name: "Property View", selected: true }),
      ).toBeInTheDocument();
      expect(app.currentUrl()).toBe("/dashboard?mode=property");
      expect(window.localStorage.getItem("authIntent")).toBeNull();
    },
  );
});

describe("automatic plan application", () => {
  it("applies the stored plan once, clears it, reloads the user and shows mode selection at /", async () => {
    window.localStorage.setItem("selectedPlan", "freemium");
    window.localStorage.setItem("authIntent", "login");
    let tier: "freemium" | null = null;
    const patched = deferred<Response>();
    const { requests } = stubApi({
      "GET /api/auth/user": signedInAs(() => makeUser({ subscriptionTier: tier })),
      "PATCH /api/users/subscription": () => {
        tier = "freemium";
        return patched.promise;
      },
    });
    const app = renderAppAt("/");

    await waitFor(() => expect(requests.some((request) => request.method === "PATCH")).toBe(true));
    expect(screen.getByRole("status")).toHaveTextContent("Setting up your account...");

    patched.resolve(jsonResponse(200, { user: makeUser({ subscriptionTier: "freemium" }) }));

    expect(
      await screen.findByRole("heading", { level: 1, name: "Choose Your Workflow" }),
    ).toBeInTheDocument();
    expect(app.currentUrl()).toBe("/");
    expect(window.localStorage.getItem("selectedPlan")).toBeNull();
    // The intent was handled by the plan step, so it does not also open the dashboard.
    expect(window.localStorage.getItem("authIntent")).toBeNull();
    const patches = requests.filter((request) => request.method === "PATCH");
    expect(patches).toEqual([
      { method: "PATCH", path: "/api/users/subscription", body: { tier: "freemium" } },
    ]);
    // Reloaded after the change: at least one user check follows the PATCH (the mode selection
    // then also asks for the Google status).
    const afterPatch = requests.slice(requests.findIndex((request) => request.method === "PATCH"));
    expect(afterPatch).toContainEqual(
      expect.objectContaining({ method: "GET", path: "/api/auth/user" }),
    );
  });

  it("on failure clears the stored plan, shows the server's message and goes to /plans", async () => {
    window.localStorage.setItem("selectedPlan", "premium");
    stubApi({
      "GET /api/auth/user": signedInAs(makeUser()),
      "PATCH /api/users/subscription": () =>
        errorResponse(403, {
          error: "Premium is not open to this account yet.",
          code: "premium_not_available",
        }),
    });
    const app = renderAppAt("/");

    expect(
      await screen.findByRole("heading", { level: 1, name: "Choose Your Plan" }),
    ).toBeInTheDocument();
    expect(app.currentUrl()).toBe("/plans");
    expect(window.localStorage.getItem("selectedPlan")).toBeNull();
    const toast = await findToast();
    expect(toast).toHaveTextContent("Error");
    expect(toast).toHaveTextContent("Premium is not open to this account yet.");
  });

  it("falls back to 'Failed to apply selected plan' when the server gives no message", async () => {
    window.localStorage.setItem("selectedPlan", "freemium");
    stubApi({
      "GET /api/auth/user": signedInAs(makeUser()),
      "PATCH /api/users/subscription": () => new Response("", { status: 502 }),
    });
    renderAppAt("/");

    const toast = await findToast();
    expect(toast).toHaveTextContent("Error");
    expect(toast).toHaveTextContent("Failed to apply selected plan");
  });

  it("sends one request even though StrictMode runs the effect twice", async () => {
    window.localStorage.setItem("selectedPlan", "freemium");
    let tier: "freemium" | null = null;
    const { requests } = stubApi({
      "GET /api/auth/user": signedInAs(() => makeUser({ subscriptionTier: tier })),
      "PATCH /api/users/subscription": () => {
        tier = "freemium";
        return jsonResponse(200, { user: makeUser({ subscriptionTier: "freemium" }) });
      },
    });
    renderAppAt("/", { strict: true });

    expect(
      await screen.findByRole("heading", { level: 1, name: "Choose Your Workflow" }),
    ).toBeInTheDocument();
    expect(requests.filter((request) => request.method === "PATCH")).toHaveLength(1);
  });

  it("ignores a stored value that is not a plan", async () => {
    window.localStorage.setItem("selectedPlan", "enterprise");
    const { requests } = stubApi({ "GET /api/auth/user": signedInAs(makeUser()) });
    const app = renderAppAt("/");

    expect(
      await screen.findByRole("heading", { level: 1, name: "Choose Your Plan" }),
    ).toBeInTheDocument();
    expect(app.currentUrl()).toBe("/plans");
    expect(requests.some((request) => request.method === "PATCH")).toBe(false);
  });
});
