import "../../test-support/setup-dom-tests";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { confirmEmailMismatchMessage } from "../../../shared/contracts/account";
import {
  errorResponse,
  jsonResponse,
  makeUser,
  signedInAs,
  stubApi,
  type FakeRoute,
} from "../../test-support/fake-api";
import { findToast, renderAppAt } from "../../test-support/render-app";

const premium = makeUser({ subscriptionTier: "premium", annotationQuota: 50, propertyQuota: 5 });
const free = makeUser({ subscriptionTier: "freemium", firstName: null, lastName: null });

function routes(extra: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    "GET /api/auth/user": signedInAs(premium),
    "GET /api/google/status": () => jsonResponse(200, { connected: true, canWrite: true }),
    ...extra,
  };
}

let clicked: HTMLAnchorElement[];
beforeEach(() => {
  clicked = [];
  // jsdom has no object URLs; the download only needs one to hand to the link.
  URL.createObjectURL = () => "blob:export";
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(this);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("/account", () => {
  it("shows the email, the plan from the plan table and the Google connection", async () => {
    stubApi(routes());
    renderAppAt("/account");

    expect(await screen.findByRole("heading", { level: 1, name: "Account" })).toBeInTheDocument();
    expect(screen.getByText("ada@example.com")).toBeInTheDocument();
    expect(screen.getByText("Ada Lovelace")).toBeInTheDocument();
    const plan = screen.getByRole("heading", { name: "Plan" }).closest("[data-slot=card]")!;
    expect(plan).toHaveTextContent("Premium");
    expect(plan).toHaveTextContent("50 annotations per day");
    expect(plan).toHaveTextContent("Up to 5 GA4 properties");
    expect(await screen.findByText("Connected")).toBeInTheDocument();
    // The header's way here says where the person is.
    expect(screen.getByRole("link", { name: "Account" })).toHaveAttribute("aria-current", "page");
  });

  it("offers to connect Google Analytics when it is not connected, and shows the free plan", async () => {
    stubApi(
      routes({
        "GET /api/auth/user": signedInAs(free),
        "GET /api/google/status": () => jsonResponse(200, { connected: false, canWrite: false }),
      }),
    );
    renderAppAt("/account");
    expect(await screen.findByRole("button", { name: "Connect GA4" })).toBeInTheDocument();
    expect(screen.getByText("5 annotations per day")).toBeInTheDocument();
    expect(screen.getByText("1 GA4 property, changeable once every 30 days")).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Not included" })).toHaveTextContent(
      "Edit and delete annotations",
    );
    expect(screen.getByRole("button", { name: "Notify me" })).toBeInTheDocument();
  });

  it("sends signed-out visitors to /login", async () => {
    stubApi({});
    const view = renderAppAt("/account");
    await waitFor(() => expect(view.currentUrl()).toBe("/login"));
  });

  it("downloads the export as a dated JSON file", async () => {
    const { requests } = stubApi(
      routes({
        "POST /api/account/export": () =>
          jsonResponse(200, {
            format: "tidemark-account-export",
            exportedAt: "2026-11-23T10:00:00Z",
          }),
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/account");
    await user.click(await screen.findByRole("button", { name: "Export my data" }));

    expect(await findToast()).toHaveTextContent("Export downloaded");
    expect(requests.filter((r) => r.path === "/api/account/export")).toHaveLength(1);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe("tidemark-export-2026-11-23.json");
    expect(clicked[0]!.href).toBe("blob:export");
  });

  it("says so when the export fails", async () => {
    stubApi(
      routes({
        "POST /api/account/export": () =>
          errorResponse(429, {
            error: "Too many attempts. Please wait a moment and try again.",
            code: "rate_limited",
          }),
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/account");
    await user.click(await screen.findByRole("button", { name: "Export my data" }));
    const toast = await findToast();
    expect(toast).toHaveTextContent("Export failed");
    expect(toast).toHaveTextContent("Too many attempts");
    expect(clicked).toHaveLength(0);
  });
});

describe("deleting the account", () => {
  it("enables the delete button only once the account's address is typed", async () => {
    stubApi(routes());
    const user = userEvent.setup();
    renderAppAt("/account");
    await user.click(await screen.findByRole("button", { name: "Delete my account" }));

    const dialog = screen.getByRole("dialog", { name: "Delete your account?" });
    const field = within(dialog).getByLabelText(/to confirm/);
    expect(field).toHaveFocus();
    const confirm = within(dialog).getByRole("button", { name: "Delete my account" });
    expect(confirm).toBeDisabled();
    await user.type(field, "ada@example.co");
    expect(confirm).toBeDisabled();
    await user.type(field, "M");
    expect(confirm).toBeEnabled();

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog and stays on the page", async () => {
    stubApi(
      routes({
        "POST /api/account/delete": () =>
          errorResponse(400, {
            error: confirmEmailMismatchMessage,
            code: "confirm_email_mismatch",
          }),
      }),
    );
    const user = userEvent.setup();
    const view = renderAppAt("/account");
    await user.click(await screen.findByRole("button", { name: "Delete my account" }));
    const dialog = screen.getByRole("dialog");
    await user.type(within(dialog).getByLabelText(/to confirm/), "ada@example.com{Enter}");

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(confirmEmailMismatchMessage);
    expect(view.currentUrl()).toBe("/account");
  });

  it("deletes, then lands on the landing page signed out with a toast", async () => {
    let deleted = false;
    const { requests } = stubApi(
      routes({
        "GET /api/auth/user": () =>
          deleted ? new Response(null, { status: 204 }) : jsonResponse(200, premium),
        "POST /api/account/delete": () => {
          deleted = true;
          return jsonResponse(200, { deleted: true });
        },
      }),
    );
    const user = userEvent.setup();
    const view = renderAppAt("/account");
    await user.click(await screen.findByRole("button", { name: "Delete my account" }));
    const dialog = screen.getByRole("dialog");
    await user.type(within(dialog).getByLabelText(/to confirm/), " ADA@example.com ");
    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));

    expect(await findToast()).toHaveTextContent("Your account has been deleted");
    await waitFor(() => expect(view.currentUrl()).toBe("/"));
    expect(requests.find((r) => r.path === "/api/account/delete")?.body).toEqual({
      confirmEmail: "ADA@example.com",
    });
    expect(await screen.findByRole("link", { name: /log in/i })).toBeInTheDocument();
  });
});
