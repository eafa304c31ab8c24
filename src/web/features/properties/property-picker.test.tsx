import "../../test-support/setup-dom-tests";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storageKeys } from "../../lib/storage-keys";
import { jsonResponse, makeUser, signedInAs, stubApi } from "../../test-support/fake-api";
import { renderAppAt } from "../../test-support/render-app";
import {
  deletePropertyConfirmationText,
  lockConfirmationText,
  propertyEmptyMessages,
} from "./property-messages";

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
    expect(lockConfirmationText("Shop")).toBe(
      "On the free plan you work with one property. Lock Tidemark to Shop?",
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

    expect(await screen.findByText("Manage annotations for property 111")).toBeInTheDocument();
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({
      propertyId: "111",
    });
    expect(window.localStorage.getItem(storageKeys.selectedPropertyId)).toBe("111");

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
    window.localStorage.setItem(storageKeys.selectedPropertyId, "333");
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

    expect(await screen.findByText("Manage annotations for property 333")).toBeInTheDocument();
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
    expect(screen.getByText("Enter a property ID to get started")).toBeInTheDocument();
    expect(window.localStorage.getItem(storageKeys.selectedPropertyId)).toBeNull();
    await user.click(screen.getByRole("combobox", { name: "Property" }));
    expect(await screen.findByText(propertyEmptyMessages.none)).toBeInTheDocument();
  });
});
