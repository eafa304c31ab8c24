import "../../test-support/setup-dom-tests";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  errorResponse,
  jsonResponse,
  makeUser,
  signedInAs,
  stubApi,
  type RecordedRequest,
} from "../../test-support/fake-api";
import { renderAppAt } from "../../test-support/render-app";
import {
  changeConfirmationText,
  deletePropertyConfirmationText,
  lockConfirmationText,
  lockedOptionReason,
  propertyEmptyMessages,
} from "./property-messages";
import { lastSelectedPropertyId, rememberSelectedProperty } from "../../session/selected-property";

const analytics = [
  { propertyId: "111", displayName: "Shop", accountName: "Acme", canEdit: true },
  { propertyId: "222", displayName: "Blog", accountName: "Other", canEdit: false },
];

beforeEach(() => window.localStorage.clear());
afterEach(() => window.localStorage.clear());

describe("the property picker", () => {
  it("asks a free-plan user to confirm before locking the first property, then saves and selects it", async () => {
    let saved: unknown[] = [];
    const { requests } = stubApi({
      "GET /api/auth/user": signedInAs(makeUser({ subscriptionTier: "freemium" })),
      "GET /api/google/status": () => jsonResponse(200, { connected: true, canWrite: true }),
      "GET /api/ga4/properties": () => jsonResponse(200, { properties: analytics }),
      "GET /api/properties": () => jsonResponse(200, { properties: saved }),
      "POST /api/properties": () => {
        saved = [
          {
            id: "s1",
            propertyId: "111",
            name: "Shop",
            locked: true,
            createdAt: "2026-11-23T00:00:00Z",
          },
        ];
        return jsonResponse(201, { property: saved[0] });
      },
      "GET /api/annotations/111": () => jsonResponse(200, { reportingDataAnnotations: [] }),
    });
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");

    expect(await screen.findByRole("button", { name: "GA4 Connected" })).toBeInTheDocument();
    await user.click(screen.getByRole("combobox", { name: "Property" }));
    const panel = within(await screen.findByRole("dialog", { name: "Choose a property" }));
    expect(await panel.findByText("Read-only")).toBeInTheDocument();

    await user.click(panel.getByRole("button", { name: /Shop/ }));
    const confirm = screen.getByRole("dialog", { name: "Lock property" });
    expect(confirm).toHaveTextContent(lockConfirmationText("Shop"));
    // The lock says it is not for ever, and how to change it.
    expect(lockConfirmationText("Shop")).toBe(
      "On the free plan you work with one property. Lock Tidemark to Shop? You can change it later in this picker, once every 30 days.",
    );

    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(requests.some((request) => request.method === "POST")).toBe(false);

    await user.click(screen.getByRole("combobox", { name: "Property" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Choose a property" })).getByRole("button", {
        name: /Shop/,
      }),
    );
    await user.click(
      within(screen.getByRole("dialog", { name: "Lock property" })).getByRole("button", {
        name: "Lock property",
      }),
    );

    expect(await screen.findByText("Manage annotations for Shop")).toBeInTheDocument();
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({
      propertyId: "111",
    });
    expect(lastSelectedPropertyId(document.cookie, makeUser().id)).toBe("111");

    await user.click(screen.getByRole("combobox", { name: "Property" }));
    const after = within(screen.getByRole("dialog", { name: "Choose a property" }));
    expect(
      await after.findByRole("button", { name: /Shop is locked on the free plan/ }),
    ).toBeDisabled();
  });

  it("shows the empty messages", async () => {
    stubApi({
      "GET /api/auth/user": signedInAs(makeUser({ subscriptionTier: "premium" })),
      "GET /api/google/status": () => jsonResponse(200, { connected: false, canWrite: false }),
      "GET /api/properties": () => jsonResponse(200, { properties: [] }),
    });
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");
    expect(
      await within(await screen.findByRole("banner")).findByRole("button", { name: "Connect GA4" }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("combobox", { name: "Property" }));
    expect(await screen.findByText(propertyEmptyMessages.notConnected)).toBeInTheDocument();
  });

  it("restores the stored property and deletes a saved one after confirmation", async () => {
    rememberSelectedProperty(makeUser().id, "333");
    let saved = [
      {
        id: "s3",
        propertyId: "333",
        name: "News",
        locked: false,
        createdAt: "2026-11-23T00:00:00Z",
      },
    ];
    stubApi({
      "GET /api/auth/user": signedInAs(
        makeUser({ subscriptionTier: "premium", annotationQuota: 50 }),
      ),
      "GET /api/google/status": () => jsonResponse(200, { connected: true, canWrite: true }),
      "GET /api/ga4/properties": () => jsonResponse(200, { properties: [] }),
      "GET /api/properties": () => jsonResponse(200, { properties: saved }),
      "DELETE /api/properties/s3": () => {
        saved = [];
        return jsonResponse(200, { deleted: true });
      },
      "GET /api/annotations/333": () => jsonResponse(200, { reportingDataAnnotations: [] }),
    });
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");

    expect(await screen.findByText("Manage annotations for News")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: "Property" })).toHaveTextContent("News (333)"),
    );
    await user.click(screen.getByRole("combobox", { name: "Property" }));
    await user.click(screen.getByRole("button", { name: "Delete News" }));
    const confirm = screen.getByRole("dialog", { name: "Delete Property" });
    expect(confirm).toHaveTextContent(deletePropertyConfirmationText("News"));
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));

    expect(
      await screen.findByText("The property has been removed from your saved list."),
    ).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Choose a property" })).toBeInTheDocument();
    expect(lastSelectedPropertyId(document.cookie, makeUser().id)).toBe("");
    await user.click(screen.getByRole("combobox", { name: "Property" }));
    expect(await screen.findByText(propertyEmptyMessages.none)).toBeInTheDocument();
  });
  describe("typed entry", () => {
    const shop = {
      id: "s1",
      propertyId: "111",
      name: "Shop",
      locked: false,
      createdAt: "2026-11-23T00:00:00Z",
    };
    const premium = makeUser({
      subscriptionTier: "premium",
      annotationQuota: 50,
      propertyQuota: 5,
    });

    function stubPremium(
      onSave: (request: RecordedRequest) => Response = (request) => {
        const { propertyId } = request.body as { propertyId: string };
        return jsonResponse(201, {
          property: {
            id: `s${propertyId}`,
            propertyId,
            name: analytics.find((entry) => entry.propertyId === propertyId)?.displayName ?? "",
            locked: false,
            createdAt: "2026-11-23T00:00:00Z",
          },
        });
      },
    ) {
      return stubApi({
        "GET /api/auth/user": signedInAs(premium),
        "GET /api/google/status": () => jsonResponse(200, { connected: true, canWrite: true }),
        "GET /api/ga4/properties": () =>
          jsonResponse(200, {
            properties: [
              ...analytics,
              { propertyId: "5111", displayName: "Docs", accountName: "Acme", canEdit: true },
            ],
          }),
        "GET /api/properties": () => jsonResponse(200, { properties: [shop] }),
        "POST /api/properties": onSave,
        "GET /api/annotations/111": () => jsonResponse(200, { reportingDataAnnotations: [] }),
        "GET /api/annotations/222": () => jsonResponse(200, { reportingDataAnnotations: [] }),
        "GET /api/annotations/5111": () => jsonResponse(200, { reportingDataAnnotations: [] }),
      });
    }

    async function openPicker(user: ReturnType<typeof userEvent.setup>) {
      expect(await screen.findByRole("button", { name: "GA4 Connected" })).toBeInTheDocument();
      await user.click(screen.getByRole("combobox", { name: "Property" }));
      const panel = within(await screen.findByRole("dialog", { name: "Choose a property" }));
      await panel.findByRole("button", { name: /Docs/ });
      return panel;
    }

    function optionNames(panel: ReturnType<typeof within>): string[] {
      return panel
        .queryAllByRole("button")
        .filter((button: HTMLElement) => button.hasAttribute("data-property-option"))
        .map((button: HTMLElement) => button.textContent ?? "");
    }

    it("narrows saved and Google properties by name, id or account as the person types", async () => {
      stubPremium();
      const user = userEvent.setup();
      renderAppAt("/dashboard?mode=property");
      const panel = await openPicker(user);
      const search = panel.getByRole("searchbox", { name: "Find a property by name or ID" });
      expect(search).toHaveFocus();
      expect(optionNames(panel)).toEqual([
        "Shop111",
        "Blog222 · OtherRead-only",
        "Docs5111 · Acme",
      ]);

      await user.type(search, "bLo");
      expect(optionNames(panel)).toEqual(["Blog222 · OtherRead-only"]);

      await user.clear(search);
      await user.type(search, "11");
      // Digits may be an id Google did not list, so adding it is offered after the matches.
      expect(optionNames(panel)).toEqual(["Shop111", "Docs5111 · Acme", "Add property 11"]);
      expect(panel.queryByRole("region", { name: "Saved properties" })).toBeInTheDocument();

      await user.clear(search);
      await user.type(search, "acme");
      expect(optionNames(panel)).toEqual(["Docs5111 · Acme"]);
      expect(panel.queryByRole("region", { name: "Saved properties" })).not.toBeInTheDocument();

      await user.clear(search);
      await user.type(search, "nowhere");
      expect(optionNames(panel)).toEqual([]);
      expect(panel.getByText("No properties match “nowhere”")).toBeInTheDocument();
    });

    it("takes a listed property typed in full with Enter: a saved one is selected, a Google one saved", async () => {
      const { requests } = stubPremium();
      const user = userEvent.setup();
      renderAppAt("/dashboard?mode=property");

      let panel = await openPicker(user);
      // "111" also matches Docs (5111); Enter takes the property whose id it is.
      await user.type(panel.getByRole("searchbox"), "111{Enter}");
      expect(await screen.findByText("Manage annotations for Shop")).toBeInTheDocument();
      expect(screen.queryByRole("dialog", { name: "Choose a property" })).not.toBeInTheDocument();
      expect(requests.some((request) => request.method === "POST")).toBe(false);

      panel = await openPicker(user);
      await user.type(panel.getByRole("searchbox"), " properties/222 {Enter}");
      // Not among the saved properties the stub lists: its number stands in for its name.
      expect(await screen.findByText("Manage annotations for property 222")).toBeInTheDocument();
      expect(requests.find((request) => request.method === "POST")?.body).toEqual({
        propertyId: "222",
      });
      expect(
        await screen.findByText("Blog has been added to your saved properties."),
      ).toBeVisible();
    });

    it("offers to add a property id Google did not list, and says so when Google refuses it", async () => {
      const { requests } = stubPremium(() =>
        errorResponse(422, {
          error: "Your Google account cannot reach that property in Google Analytics.",
          code: "property_unreachable",
        }),
      );
      const user = userEvent.setup();
      renderAppAt("/dashboard?mode=property");
      const panel = await openPicker(user);

      await user.type(panel.getByRole("searchbox"), "properties/999");
      expect(optionNames(panel)).toEqual(["Add property 999"]);
      expect(panel.queryByText(/No properties match/)).not.toBeInTheDocument();
      await user.click(panel.getByRole("button", { name: "Add property 999" }));

      expect(requests.find((request) => request.method === "POST")?.body).toEqual({
        propertyId: "999",
      });
      expect(
        await screen.findByText(
          "Your Google account cannot reach that property in Google Analytics.",
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole("region", { name: "Choose a property" })).toBeInTheDocument();
    });

    it("walks the options with the arrow keys and takes the only match with Enter", async () => {
      stubPremium();
      const user = userEvent.setup();
      renderAppAt("/dashboard?mode=property");
      const panel = await openPicker(user);

      await user.keyboard("{ArrowDown}");
      expect(panel.getByRole("button", { name: /^Shop/ })).toHaveFocus();
      await user.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}");
      expect(panel.getByRole("button", { name: /Docs/ })).toHaveFocus();
      await user.keyboard("{ArrowUp}{ArrowUp}{ArrowUp}");
      expect(panel.getByRole("searchbox")).toHaveFocus();

      await user.type(panel.getByRole("searchbox"), "doc{Enter}");
      // Not among the saved properties the stub lists: its number stands in for its name.
      expect(await screen.findByText("Manage annotations for property 5111")).toBeInTheDocument();
    });
  });

  it("asks a free-plan user to lock a property typed in by its id", async () => {
    stubApi({
      "GET /api/auth/user": signedInAs(makeUser({ subscriptionTier: "freemium" })),
      "GET /api/google/status": () => jsonResponse(200, { connected: false, canWrite: false }),
      "GET /api/properties": () => jsonResponse(200, { properties: [] }),
    });
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");
    await within(await screen.findByRole("banner")).findByRole("button", { name: "Connect GA4" });
    await user.click(screen.getByRole("combobox", { name: "Property" }));
    await user.type(
      await screen.findByRole("searchbox", { name: "Find a property by name or ID" }),
      "properties/4242{Enter}",
    );

    expect(screen.getByRole("dialog", { name: "Lock property" })).toHaveTextContent(
      lockConfirmationText("property 4242"),
    );
  });

  describe("changing the free plan's one property", () => {
    const shop = {
      id: "s1",
      propertyId: "111",
      name: "Shop",
      locked: true,
      createdAt: "2026-11-23T00:00:00Z",
    };
    const docs = { propertyId: "5111", displayName: "Docs", accountName: "Acme", canEdit: true };

    function stubFree(propertyChangeAllowedFrom: string | null) {
      rememberSelectedProperty(makeUser().id, "111");
      let saved = [shop];
      return stubApi({
        "GET /api/auth/user": signedInAs(
          makeUser({
            subscriptionTier: "freemium",
            lockedPropertyId: saved[0]!.propertyId,
            propertyChangeAllowedFrom,
          }),
        ),
        "GET /api/google/status": () => jsonResponse(200, { connected: true, canWrite: true }),
        "GET /api/ga4/properties": () => jsonResponse(200, { properties: [...analytics, docs] }),
        "GET /api/properties": () => jsonResponse(200, { properties: saved }),
        "PUT /api/properties/locked": () => {
          saved = [{ ...shop, id: "s2", propertyId: "5111", name: "Docs" }];
          return jsonResponse(200, { property: saved[0] });
        },
        "GET /api/annotations/111": () => jsonResponse(200, { reportingDataAnnotations: [] }),
        "GET /api/annotations/5111": () => jsonResponse(200, { reportingDataAnnotations: [] }),
      });
    }

    it("shows the lock and the reason on every other property, and switches after a confirmation", async () => {
      const { requests } = stubFree(null);
      const user = userEvent.setup();
      renderAppAt("/dashboard?mode=property");
      expect(await screen.findByText("Manage annotations for Shop")).toBeInTheDocument();
      await user.click(screen.getByRole("combobox", { name: "Property" }));
      const panel = within(await screen.findByRole("dialog", { name: "Choose a property" }));
      const option = await panel.findByRole("button", { name: /Docs/ });
      expect(option).toHaveTextContent(lockedOptionReason(null));
      expect(option).toBeEnabled();

      await user.click(option);
      const confirm = screen.getByRole("dialog", { name: "Change property" });
      expect(confirm).toHaveTextContent(/^Change property/);
      expect(confirm).toHaveTextContent(
        /Switch Tidemark from Shop to Docs\? Shop leaves your saved properties .* once every 30 days, so the next change will be possible on \d{4}-\d{2}-\d{2}\./,
      );
      await user.click(within(confirm).getByRole("button", { name: "Change property" }));

      expect(await screen.findByText("Manage annotations for Docs")).toBeInTheDocument();
      expect(requests.find((request) => request.method === "PUT")).toEqual(
        expect.objectContaining({ path: "/api/properties/locked", body: { propertyId: "5111" } }),
      );
      expect(lastSelectedPropertyId(document.cookie, makeUser().id)).toBe("5111");
      expect(changeConfirmationText("A", "B", new Date("2026-12-27T10:00:00Z"))).toContain(
        "possible on 2026-12-27.",
      );
    });

    it("says when the property can be changed again, and offers no switch before then", async () => {
      const { requests } = stubFree("2026-12-27T10:00:00.000Z");
      const user = userEvent.setup();
      renderAppAt("/dashboard?mode=property");
      expect(await screen.findByText("Manage annotations for Shop")).toBeInTheDocument();
      await user.click(screen.getByRole("combobox", { name: "Property" }));
      const panel = within(await screen.findByRole("dialog", { name: "Choose a property" }));
      const option = await panel.findByRole("button", { name: /Docs/ });
      expect(option).toBeDisabled();
      expect(option).toHaveTextContent(
        "Free plan: one property. You can change it again on 2026-12-27.",
      );
      expect(requests.some((request) => request.method === "PUT")).toBe(false);
    });
  });
});
