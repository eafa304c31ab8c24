import "../../test-support/setup-dom-tests";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadServerPage } from "../../lib/page-navigation";
import { routePaths } from "../../lib/route-paths";
import { jsonResponse, makeUser, signedInAs, stubApi } from "../../test-support/fake-api";
import { renderAppAt } from "../../test-support/render-app";

vi.mock("../../lib/page-navigation", () => ({ loadServerPage: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const premium = makeUser({ subscriptionTier: "premium", annotationQuota: 50, propertyQuota: 5 });

/** Every page a signed-in person works on, with a heading that says the page itself is drawn. */
const signedInPages = [
  [routePaths.dashboard, "AI Assistant"],
  [routePaths.allAnnotations, "All annotations"],
  [routePaths.categories, "Categories"],
  [routePaths.account, "Account"],
  [routePaths.annotationImport, /Import/],
  [routePaths.modeSelection, "Choose Your Workflow"],
] as const;

describe("the signed-in header", () => {
  it.each(signedInPages)(
    "is the same on %s: connection, All annotations, Account, Log out and the theme",
    async (path, heading) => {
      stubApi({
        "GET /api/auth/user": signedInAs(premium),
        "GET /api/google/status": () => jsonResponse(200, { connected: true, canWrite: true }),
      });
      renderAppAt(path);

      expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
      const header = within(screen.getByRole("banner"));
      expect(await header.findByRole("button", { name: "GA4 Connected" })).toBeInTheDocument();
      expect(header.getByRole("link", { name: "All annotations" })).toHaveAttribute(
        "href",
        routePaths.allAnnotations,
      );
      expect(header.getByRole("link", { name: "Account" })).toHaveAttribute(
        "href",
        routePaths.account,
      );
      expect(header.getByRole("button", { name: "Log out" })).toBeInTheDocument();
      expect(header.getByRole("button", { name: "Toggle theme" })).toBeInTheDocument();
      expect(header.queryByRole("link", { name: "Log In" })).not.toBeInTheDocument();
    },
  );

  it("offers to connect Google Analytics where it is not connected, and logs out", async () => {
    stubApi({
      "GET /api/auth/user": signedInAs(premium),
      "GET /api/google/status": () => jsonResponse(200, { connected: false, canWrite: false }),
    });
    const user = userEvent.setup();
    renderAppAt(routePaths.account);

    const header = within(await screen.findByRole("banner"));
    await user.click(await header.findByRole("button", { name: "Connect GA4" }));
    expect(loadServerPage).toHaveBeenCalledWith("/api/google/authorize");
    await user.click(header.getByRole("button", { name: "Log out" }));
    expect(loadServerPage).toHaveBeenCalledWith("/api/logout");
  });

  it("is not offered to a visitor, who gets the way in", async () => {
    stubApi({});
    renderAppAt(routePaths.pricing);

    const header = within(screen.getByRole("banner"));
    expect(await header.findByRole("link", { name: "Log In" })).toBeInTheDocument();
    expect(header.queryByRole("button", { name: /GA4/ })).not.toBeInTheDocument();
    expect(header.queryByRole("button", { name: "Log out" })).not.toBeInTheDocument();
  });
});
