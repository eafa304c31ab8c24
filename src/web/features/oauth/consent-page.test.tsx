import "../../test-support/setup-dom-tests";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ConsentDetails } from "../../../shared/contracts/oauth";
import * as navigation from "../../lib/page-navigation";
import {
  errorResponse,
  jsonResponse,
  makeUser,
  signedInAs,
  stubApi,
} from "../../test-support/fake-api";
import { renderAppAt } from "../../test-support/render-app";

const details: ConsentDetails = {
  uid: "abc123",
  client: { id: "client-1", name: "Claude", uri: null, redirectHost: "claude.ai" },
  scopes: ["annotations:read", "annotations:write"],
  resource: "http://localhost/mcp",
  account: { id: "user-1", email: "ada@example.com" },
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("/oauth/consent", () => {
  it("names the app, the account and what it may do; Allow sends the browser back to it", async () => {
    const leave = vi.spyOn(navigation, "loadServerPage").mockImplementation(() => {});
    const { requests } = stubApi({
      "GET /api/auth/user": signedInAs(makeUser()),
      "GET /oauth/consent/details": () => jsonResponse(200, details),
      "POST /oauth/consent/decision": () =>
        jsonResponse(200, { redirectTo: "https://claude.ai/cb?code=x" }),
    });
    renderAppAt("/oauth/consent?uid=abc123");

    expect(
      await screen.findByRole("heading", { name: "Allow Claude to use your Tidemark account?" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/returns to claude\.ai/)).toBeInTheDocument();
    const may = screen.getByRole("list", { name: "What the app may do" });
    expect(within(may).getAllByRole("listitem")).toHaveLength(2);
    expect(within(may).getByText(/See your GA4 properties/)).toBeInTheDocument();
    expect(screen.getByText("ada@example.com")).toBeInTheDocument();
    // Reading is ticked; writing waits for the person.
    expect(within(may).getByRole("checkbox", { name: /See your GA4 properties/ })).toBeChecked();
    expect(
      within(may).getByRole("checkbox", { name: /Create, change and delete annotations/ }),
    ).not.toBeChecked();

    await userEvent.click(screen.getByRole("button", { name: "Allow" }));
    expect(await screen.findByText("Taking you back to Claude…")).toBeInTheDocument();
    expect(leave).toHaveBeenCalledWith("https://claude.ai/cb?code=x");
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({
      uid: "abc123",
      decision: "allow",
      accountId: "user-1",
      scopes: ["annotations:read"],
    });
  });

  it("sends write access only when the person ticks it, and never nothing at all", async () => {
    vi.spyOn(navigation, "loadServerPage").mockImplementation(() => {});
    const { requests } = stubApi({
      "GET /api/auth/user": signedInAs(makeUser()),
      "GET /oauth/consent/details": () => jsonResponse(200, details),
      "POST /oauth/consent/decision": () =>
        jsonResponse(200, { redirectTo: "https://claude.ai/cb" }),
    });
    renderAppAt("/oauth/consent?uid=abc123");
    const read = await screen.findByRole("checkbox", { name: /See your GA4 properties/ });
    await userEvent.click(read);
    expect(screen.getByRole("button", { name: "Allow" })).toBeDisabled();
    await userEvent.click(
      screen.getByRole("checkbox", { name: /Create, change and delete annotations/ }),
    );
    await userEvent.click(read);
    await userEvent.click(screen.getByRole("button", { name: "Allow" }));
    await screen.findByText("Taking you back to Claude…");
    expect(requests.find((r) => r.method === "POST")?.body).toMatchObject({
      scopes: ["annotations:write", "annotations:read"],
    });
  });

  it("says a link opened in another browser cannot be allowed here", async () => {
    stubApi({
      "GET /api/auth/user": signedInAs(makeUser()),
      "GET /oauth/consent/details": () =>
        errorResponse(403, {
          error: "This link to connect an app was opened in a different browser.",
          code: "consent_elsewhere",
        }),
    });
    renderAppAt("/oauth/consent?uid=abc123");
    expect(
      await screen.findByRole("heading", { name: "This link cannot be used in this browser" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Allow" })).not.toBeInTheDocument();
  });

  it("asks a signed-out visitor to sign in, without sending them away", async () => {
    stubApi({});
    renderAppAt("/oauth/consent?uid=abc123");
    expect(
      await screen.findByRole("heading", { name: "Sign in to connect an app" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Sign in/ })).toHaveAttribute("target", "_blank");
  });

  it("says when the request has expired", async () => {
    stubApi({
      "GET /api/auth/user": signedInAs(makeUser()),
      "GET /oauth/consent/details": () =>
        errorResponse(400, {
          error: "This request to connect an app has expired.",
          code: "invalid_request",
        }),
    });
    renderAppAt("/oauth/consent?uid=gone");
    expect(
      await screen.findByRole("heading", { name: "This request has expired" }),
    ).toBeInTheDocument();
    expect(screen.getByText("This request to connect an app has expired.")).toBeInTheDocument();
  });
});
