import "../../test-support/setup-dom-tests";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadServerPage } from "../../lib/page-navigation";
import { rememberSelectedProperty } from "../../session/selected-property";
import { jsonResponse, makeUser, signedInAs, stubApi } from "../../test-support/fake-api";
import { renderAppAt } from "../../test-support/render-app";
import { dashboardPanelId, parseDashboardMode } from "./dashboard-mode";

vi.mock("../../lib/page-navigation", () => ({ loadServerPage: vi.fn() }));

beforeEach(() => {
  vi.mocked(loadServerPage).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const freemiumUser = makeUser({ subscriptionTier: "freemium", dailyAnnotationCount: 2 });

describe("parseDashboardMode", () => {
  it("reads ?mode= and defaults to agent", () => {
    expect(parseDashboardMode("mode=property")).toBe("property");
    expect(parseDashboardMode("mode=agent")).toBe("agent");
    expect(parseDashboardMode("")).toBe("agent");
    expect(parseDashboardMode("mode=table")).toBe("agent");
  });
});

describe("/dashboard", () => {
  it("sends a signed-out visitor to /login", async () => {
    stubApi({});
    const app = renderAppAt("/dashboard?mode=property");

    expect(
      await screen.findByRole("heading", { level: 1, name: "Log in to Tidemark" }),
    ).toBeInTheDocument();
    expect(app.currentUrl()).toBe("/login");
  });

  it("shows the product header with the mode tabs, theme toggle and logout", async () => {
    stubApi({ "GET /api/auth/user": signedInAs(freemiumUser) });
    renderAppAt("/dashboard");

    const header = within(await screen.findByRole("banner"));
    expect(header.getByRole("link", { name: "Tidemark" })).toHaveAttribute("href", "/");
    expect(header.getByRole("tab", { name: "Agent Mode" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(header.getByRole("tab", { name: "Property View" })).toHaveAttribute(
      "aria-selected",
      "false",
    );
    expect(header.getByRole("button", { name: "Toggle theme" })).toBeInTheDocument();
    expect(header.queryByRole("link", { name: "Log In" })).not.toBeInTheDocument();
    // Each mode's code loads when the mode is first shown.
    expect(
      await screen.findByRole("heading", { level: 1, name: "AI Assistant" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("tabpanel", { name: "Agent Mode" })).toBeInTheDocument();

    await userEvent.setup().click(header.getByRole("button", { name: "Log out" }));
    expect(loadServerPage).toHaveBeenCalledWith("/api/logout");
  });

  it("switches mode through the address, by click and by arrow key", async () => {
    stubApi({ "GET /api/auth/user": signedInAs(freemiumUser) });
    const user = userEvent.setup();
    const app = renderAppAt("/dashboard?mode=property");

    expect(
      await screen.findByRole("heading", { level: 1, name: "Annotations" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Property View" })).toHaveAttribute(
      "aria-selected",
      "true",
    );

    await user.click(screen.getByRole("tab", { name: "Agent Mode" }));
    expect(app.currentUrl()).toBe("/dashboard?mode=agent");
    // Each mode's code loads when the mode is first shown.
    expect(
      await screen.findByRole("heading", { level: 1, name: "AI Assistant" }),
    ).toBeInTheDocument();

    await user.keyboard("{ArrowRight}");
    expect(app.currentUrl()).toBe("/dashboard?mode=property");
    expect(screen.getByRole("tab", { name: "Property View" })).toHaveFocus();
  });

  it("shows the subscription card with today's count and the free plan's limits", async () => {
    stubApi({ "GET /api/auth/user": signedInAs(freemiumUser) });
    renderAppAt("/dashboard");

    const plan = await screen.findByRole("complementary", { name: "Your plan" });
    expect(plan).toHaveTextContent("Freemium");
    expect(plan).toHaveTextContent("Daily Annotations");
    expect(plan).toHaveTextContent("2 / 5");
    expect(plan).toHaveTextContent("3 annotations remaining today");
    expect(within(plan).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "2");

    await userEvent.setup().click(within(plan).getByRole("button", { name: "Upgrade" }));
    // Its code comes with the click (or the pointer on its way there), not the first screen.
    const dialog = await screen.findByRole("dialog", { name: "Upgrade to Premium" });
    // Premium is not for sale: the dialog says so and offers to tell the person when it opens.
    expect(dialog).toHaveAccessibleDescription("Premium isn't for sale yet.");
    expect(within(dialog).getByRole("button", { name: "Notify me" })).toBeEnabled();
    expect(within(dialog).queryByRole("button", { name: /Coming Soon|Buy/ })).toBeNull();
  });

  it("says when the spent quota resets", async () => {
    stubApi({
      "GET /api/auth/user": signedInAs(
        makeUser({ subscriptionTier: "freemium", dailyAnnotationCount: 5 }),
      ),
    });
    renderAppAt("/dashboard");

    const plan = await screen.findByRole("complementary", { name: "Your plan" });
    expect(plan).toHaveTextContent(
      /Daily limit reached: all 5 of today's annotations are added\. Resets at midnight UTC — in \d+ (h|min)\./,
    );
  });

  it("without a Google connection shows one empty state with one call to action", async () => {
    stubApi({
      "GET /api/auth/user": signedInAs(freemiumUser),
      "GET /api/google/status": () => jsonResponse(200, { connected: false, canWrite: false }),
      "GET /api/properties": () => jsonResponse(200, { properties: [] }),
    });
    renderAppAt("/dashboard?mode=property");
    const empty = await screen.findByRole("region", { name: "Connect Google Analytics" });
    expect(within(empty).getAllByRole("button")).toHaveLength(1);
    await userEvent
      .setup()
      .click(within(empty).getByRole("button", { name: "Connect Google Analytics" }));
    expect(loadServerPage).toHaveBeenCalledWith(expect.stringMatching(/^\/api\/google\/authorize/));
    // Nothing that can only fail: no New Annotation, no table, no 'Enter a property ID'.
    expect(screen.queryByRole("button", { name: "New Annotation" })).not.toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.queryByText(/Enter a property ID/)).not.toBeInTheDocument();
  });

  it.each(["agent", "property"])(
    "in %s mode, connected without a property, offers to choose one and opens the picker",
    async (mode) => {
      stubApi({
        "GET /api/auth/user": signedInAs(freemiumUser),
        "GET /api/google/status": () => jsonResponse(200, { connected: true, canWrite: true }),
        "GET /api/properties": () => jsonResponse(200, { properties: [] }),
        "GET /api/ga4/properties": () =>
          jsonResponse(200, {
            properties: [
              { propertyId: "111", displayName: "Shop", accountName: "Acme", canEdit: true },
            ],
          }),
      });
      renderAppAt(`/dashboard?mode=${mode}`);
      const empty = await screen.findByRole("region", { name: "Choose a property" });
      expect(screen.queryByRole("button", { name: "New Annotation" })).not.toBeInTheDocument();
      expect(screen.queryByRole("list", { name: "Suggested prompts" })).not.toBeInTheDocument();
      await userEvent
        .setup()
        .click(within(empty).getByRole("button", { name: "Choose a property" }));
      const panel = await screen.findByRole("dialog", { name: "Choose a property" });
      expect(await within(panel).findByRole("button", { name: /Shop/ })).toBeInTheDocument();
      expect(within(panel).getByRole("searchbox")).toHaveFocus();
    },
  );

  it("opens the picker by itself on the way back from Google's consent", async () => {
    stubApi({
      "GET /api/auth/user": signedInAs(freemiumUser),
      "GET /api/google/status": () => jsonResponse(200, { connected: true, canWrite: true }),
      "GET /api/properties": () => jsonResponse(200, { properties: [] }),
      "GET /api/ga4/properties": () => jsonResponse(200, { properties: [] }),
    });
    const app = renderAppAt("/dashboard?mode=property&oauth=success");
    expect(await screen.findByRole("dialog", { name: "Choose a property" })).toBeInTheDocument();
    expect(app.currentUrl()).toBe("/dashboard?mode=property");
  });

  it("disables every create entry point at the daily limit, with the reason and the reset", async () => {
    rememberSelectedProperty(freemiumUser.id, "111");
    const spent = makeUser({ subscriptionTier: "freemium", dailyAnnotationCount: 5 });
    stubApi({
      "GET /api/auth/user": signedInAs(spent),
      "GET /api/google/status": () => jsonResponse(200, { connected: true, canWrite: true }),
      "GET /api/properties": () =>
        jsonResponse(200, {
          properties: [
            {
              id: "s1",
              propertyId: "111",
              name: "Shop",
              locked: true,
              createdAt: "2026-11-23T00:00:00Z",
            },
          ],
        }),
      "GET /api/ga4/properties": () => jsonResponse(200, { properties: [] }),
      "GET /api/annotations/111": () => jsonResponse(200, { reportingDataAnnotations: [] }),
      "GET /api/properties/111/suggestions": () =>
        jsonResponse(200, {
          suggestions: [
            {
              id: "g1",
              propertyId: "111",
              source: "holidays",
              annotationDate: { year: 2026, month: 12, day: 25 },
              title: "Christmas Day",
              description: "",
              color: "BLUE",
              categoryPreset: "seasonal",
              categoryId: null,
              status: "open",
              annotationId: null,
              decidedHow: null,
              decidedAt: null,
              createdAt: "2026-11-26T00:00:00Z",
            },
          ],
          openCount: 1,
          sources: [],
        }),
    });
    const reason =
      /^Daily limit reached: all 5 of today's annotations are added\. Resets at midnight UTC — in \d+ (h|min)\.$/;
    const app = renderAppAt("/dashboard?mode=property");
    const create = await screen.findByRole("button", { name: "New Annotation" });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription(reason);

    // The inbox's Accept writes an annotation too.
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: /^Inbox/ }));
    const suggestions = await screen.findByRole("list", { name: "Suggestions" });
    const accept = within(suggestions).getByRole("button", { name: "Accept" });
    expect(accept).toBeDisabled();
    expect(accept).toHaveAccessibleDescription(reason);

    await user.click(screen.getByRole("tab", { name: "Agent Mode" }));
    expect(app.currentUrl()).toBe("/dashboard?mode=agent");
    const prompts = await screen.findByRole("list", { name: "Suggested prompts" });
    const prompt = within(prompts).getByRole("button", { name: "Create an annotation" });
    expect(prompt).toHaveAttribute("aria-disabled", "true");
    expect(prompt).toHaveAccessibleDescription(reason);
  });

  it("gives Property View's table the page's width: the plan is a bar in the panel, beside the conversation in Agent Mode", async () => {
    rememberSelectedProperty(freemiumUser.id, "111");
    stubApi({
      "GET /api/auth/user": signedInAs(freemiumUser),
      "GET /api/google/status": () => jsonResponse(200, { connected: true, canWrite: true }),
      "GET /api/properties": () => jsonResponse(200, { properties: [] }),
      "GET /api/ga4/properties": () => jsonResponse(200, { properties: [] }),
      "GET /api/annotations/111": () => jsonResponse(200, { reportingDataAnnotations: [] }),
    });
    const app = renderAppAt("/dashboard?mode=property");
    const modePanel = () => document.getElementById(dashboardPanelId)!;
    await screen.findByRole("heading", { level: 1, name: "Annotations" });
    const panel = modePanel();
    const plan = await within(panel).findByRole("complementary", { name: "Your plan" });
    expect(plan).toHaveTextContent("2 / 5");
    // The panel is the page's only column: no sidebar beside it.
    expect(panel.parentElement!.className).not.toMatch(/grid-cols-/);
    expect(panel.parentElement!.children).toHaveLength(1);

    await userEvent.setup().click(screen.getByRole("tab", { name: "Agent Mode" }));
    expect(app.currentUrl()).toBe("/dashboard?mode=agent");
    await screen.findByRole("heading", { level: 1, name: "AI Assistant" });
    const agentPanel = modePanel();
    const beside = screen.getByRole("complementary", { name: "Your plan" });
    expect(agentPanel).not.toContainElement(beside);
    expect(agentPanel.parentElement!.className).toMatch(/lg:grid-cols-/);
  });

  it("names when the spent quota resets on the selected property's clock", async () => {
    rememberSelectedProperty(freemiumUser.id, "111");
    stubApi({
      "GET /api/auth/user": signedInAs(
        makeUser({ subscriptionTier: "freemium", dailyAnnotationCount: 5 }),
      ),
      "GET /api/google/status": () => jsonResponse(200, { connected: true, canWrite: true }),
      "GET /api/properties": () =>
        jsonResponse(200, {
          properties: [
            {
              id: "s1",
              propertyId: "111",
              name: "Shop",
              locked: true,
              timeZone: "America/New_York",
              createdAt: "2026-11-23T00:00:00Z",
            },
          ],
        }),
      "GET /api/ga4/properties": () => jsonResponse(200, { properties: [] }),
      "GET /api/annotations/111": () => jsonResponse(200, { reportingDataAnnotations: [] }),
    });
    renderAppAt("/dashboard?mode=property");
    const plan = await screen.findByRole("complementary", { name: "Your plan" });
    const reason =
      /^Daily limit reached: all 5 of today's annotations are added\. Resets at \d{4}-\d{2}-\d{2} 19:00 (EST|EDT) \(midnight UTC\) — in \d+ (h|min)\.$/;
    await within(plan).findByText(reason);
    expect(within(plan).getByRole("button", { name: "Upgrade" })).toBeEnabled();
    // Said once: New Annotation names the plan's sentence as its reason rather than repeating it.
    const create = await screen.findByRole("button", { name: "New Annotation" });
    expect(create).toHaveAccessibleDescription(reason);
    expect(screen.getAllByText(reason)).toHaveLength(1);
  });

  it("links the footer to the legal pages", async () => {
    stubApi({ "GET /api/auth/user": signedInAs(freemiumUser) });
    renderAppAt("/dashboard");

    const footer = within(await screen.findByRole("contentinfo"));
    expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy",
    );
    expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
      "href",
      "/terms",
    );
  });
});
