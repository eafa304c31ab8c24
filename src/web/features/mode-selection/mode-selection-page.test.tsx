import "../../test-support/setup-dom-tests";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadServerPage } from "../../lib/page-navigation";
import { jsonResponse, makeUser, signedInAs, stubApi } from "../../test-support/fake-api";
import { renderAppAt } from "../../test-support/render-app";

vi.mock("../../lib/page-navigation", () => ({ loadServerPage: vi.fn() }));

beforeEach(() => {
  vi.mocked(loadServerPage).mockClear();
  delete window.dataLayer;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("mode selection", () => {
  it.each([
    ["Agent Mode", "agent_mode_click", "/dashboard?mode=agent"],
    ["Property View", "property_mode_click", "/dashboard?mode=property"],
  ])("%s pushes %s to the data layer and opens %s", async (cardName, event, url) => {
    stubApi({ "GET /api/auth/user": signedInAs(makeUser({ subscriptionTier: "freemium" })) });
    const user = userEvent.setup();
    const app = renderAppAt("/mode-selection");

    const card = await screen.findByRole("article", { name: cardName });
    await user.click(within(card).getByRole("button"));

    expect(window.dataLayer).toEqual([{ event }]);
    expect(app.currentUrl()).toBe(url);
  });

  it("adds to an existing data layer rather than replacing it", async () => {
    window.dataLayer = [{ event: "gtm.js" }];
    stubApi({ "GET /api/auth/user": signedInAs(makeUser({ subscriptionTier: "premium" })) });
    const user = userEvent.setup();
    renderAppAt("/mode-selection");

    await user.click(await screen.findByRole("button", { name: "Open Agent Mode" }));

    expect(window.dataLayer).toEqual([{ event: "gtm.js" }, { event: "agent_mode_click" }]);
  });

  it("says modes can be switched in the header and logs out through /api/logout", async () => {
    window.localStorage.setItem("selectedPlan", "premium");
    window.localStorage.setItem("authIntent", "login");
    stubApi({ "GET /api/auth/user": signedInAs(makeUser({ subscriptionTier: "freemium" })) });
    const user = userEvent.setup();
    renderAppAt("/mode-selection");

    expect(
      await screen.findByRole("heading", { level: 1, name: "Choose Your Workflow" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        /switch between Agent Mode and Property View at any time from the dashboard header/,
      ),
    ).toBeVisible();
    // Log out is in the header, as on every signed-in page.
    await user.click(
      await within(screen.getByRole("banner")).findByRole("button", { name: "Log out" }),
    );

    expect(loadServerPage).toHaveBeenCalledWith("/api/logout");
    expect(window.localStorage.getItem("selectedPlan")).toBeNull();
    expect(window.localStorage.getItem("authIntent")).toBeNull();
  });

  it("sends a visitor to /login and someone without a plan to /plans", async () => {
    stubApi({});
    const visitor = renderAppAt("/mode-selection");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Log in to Tidemark" }),
    ).toBeInTheDocument();
    expect(visitor.currentUrl()).toBe("/login");
    visitor.unmount();

    stubApi({ "GET /api/auth/user": signedInAs(makeUser()) });
    const planless = renderAppAt("/mode-selection");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Choose Your Plan" }),
    ).toBeInTheDocument();
    expect(planless.currentUrl()).toBe("/plans");
  });
  it("offers to connect Google Analytics to someone who has not, and leaves for Google's consent", async () => {
    stubApi({
      "GET /api/auth/user": signedInAs(makeUser({ subscriptionTier: "freemium" })),
      "GET /api/google/status": () => jsonResponse(200, { connected: false, canWrite: false }),
    });
    const user = userEvent.setup();
    renderAppAt("/mode-selection");

    const step = await screen.findByRole("region", {
      name: "First, connect Google Analytics",
    });
    // Connecting is the one primary action; the modes are still there, drawn as the next step.
    expect(screen.getAllByRole("button", { name: /Connect Google Analytics/ })).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Open Agent Mode" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Open Property View" })).toBeEnabled();
    expect(
      step.compareDocumentPosition(screen.getByRole("button", { name: "Open Agent Mode" })),
    ).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    await user.click(within(step).getByRole("button", { name: "Connect Google Analytics" }));

    expect(loadServerPage).toHaveBeenCalledWith("/api/google/authorize");
  });

  it("offers no connect button once Google Analytics is connected", async () => {
    stubApi({
      "GET /api/auth/user": signedInAs(makeUser({ subscriptionTier: "freemium" })),
      "GET /api/google/status": () => jsonResponse(200, { connected: true, canWrite: true }),
    });
    renderAppAt("/mode-selection");

    expect(await screen.findByRole("button", { name: "Log out" })).toBeInTheDocument();
    // Let the status answer before asserting that nothing appeared.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(
      screen.queryByRole("button", { name: "Connect Google Analytics" }),
    ).not.toBeInTheDocument();
  });
});
