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
    // The page's own Google section offers it, beside the header's.
    expect(
      await within(screen.getByRole("main")).findByRole("button", { name: "Connect GA4" }),
    ).toBeInTheDocument();
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

describe("/account: what AI apps may do", () => {
  const approval = {
    id: "6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
    appName: "Claude",
    propertyId: "123456789",
    summary: "Delete “Winter sale” (2026-12-01)?",
    annotations: [
      { annotationId: "a1", title: "Winter sale", date: "2026-12-01", endDate: "2026-12-03" },
    ],
    createdAt: "2026-12-06T08:00:00.000Z",
    expiresAt: "2026-12-07T08:00:00.000Z",
  };
  const app = {
    clientId: "client-1",
    name: "Claude",
    scopes: ["annotations:read", "annotations:write"],
    deletesWithoutAsking: false,
    connectedAt: "2026-12-01T10:00:00.000Z",
    lastUsedAt: null,
  };

  it("shows a deletion an app asked for, with what goes, and approves it", async () => {
    let waiting = [approval];
    const { requests } = stubApi(
      routes({
        "GET /api/account/app-approvals": () => jsonResponse(200, { approvals: waiting }),
        [`POST /api/account/app-approvals/${approval.id}/approve`]: () => {
          waiting = [];
          return jsonResponse(200, { status: "done", summary: "Deleted 1 annotation." });
        },
      }),
    );
    renderAppAt("/account");
    const notice = await screen.findByRole("region", { name: "Waiting for your approval" });
    expect(within(notice).getByText("Claude asks to delete 1 annotation")).toBeInTheDocument();
    expect(within(notice).getByText("Winter sale")).toBeInTheDocument();
    expect(within(notice).getByText("2026-12-01 – 2026-12-03")).toBeInTheDocument();
    await userEvent.click(within(notice).getByRole("button", { name: "Approve deletion" }));
    expect(await findToast()).toHaveTextContent("Deleted");
    expect(requests.some((r) => r.path.endsWith("/approve") && r.method === "POST")).toBe(true);
    await waitFor(() =>
      expect(
        screen.queryByRole("region", { name: "Waiting for your approval" }),
      ).not.toBeInTheDocument(),
    );
  });

  it("declines a deletion without deleting anything", async () => {
    const { requests } = stubApi(
      routes({
        "GET /api/account/app-approvals": () => jsonResponse(200, { approvals: [approval] }),
        [`POST /api/account/app-approvals/${approval.id}/decline`]: () =>
          jsonResponse(200, { status: "declined", summary: "Declined. Nothing was deleted." }),
      }),
    );
    renderAppAt("/account");
    const notice = await screen.findByRole("region", { name: "Waiting for your approval" });
    await userEvent.click(within(notice).getByRole("button", { name: "Decline" }));
    expect(await findToast()).toHaveTextContent("Declined");
    expect(requests.some((r) => r.path.endsWith("/approve"))).toBe(false);
  });

  it("narrows a connected app to reading and lets it delete without asking", async () => {
    const { requests } = stubApi(
      routes({
        "GET /api/account/connected-apps": () => jsonResponse(200, { apps: [app] }),
        "POST /api/account/connected-apps/read-only": () => jsonResponse(200, { restricted: true }),
        "POST /api/account/connected-apps/deletions": () =>
          jsonResponse(200, { deletesWithoutAsking: true }),
      }),
    );
    renderAppAt("/account");
    expect(await screen.findByText("Can read and change")).toBeInTheDocument();
    const toggle = screen.getByRole("checkbox", { name: /Let it delete without asking me/ });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(await findToast()).toHaveTextContent("Deletes without asking");
    expect(requests.find((r) => r.path.endsWith("/deletions"))?.body).toEqual({
      clientId: "client-1",
      withoutAsking: true,
    });
    await userEvent.click(screen.getByRole("button", { name: "Make read-only" }));
    expect(await findToast()).toHaveTextContent("Now read-only");
    expect(requests.find((r) => r.path.endsWith("/read-only"))?.body).toEqual({
      clientId: "client-1",
      access: "read-only",
    });
  });
});
