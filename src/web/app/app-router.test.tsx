import "../test-support/setup-dom-tests";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { legalLastUpdated } from "../features/legal/legal-facts";
import { stubApi } from "../test-support/fake-api";
import { renderAppAt } from "../test-support/render-app";

// Every test here is a signed-out visitor: the fake API answers GET /api/auth/user with 204.
beforeEach(() => {
  stubApi({});
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  return renderAppAt(path);
}

describe("landing page", () => {
  it("offers log in and sign up from the header", async () => {
    renderAt("/");
    const header = screen.getByRole("banner");

    expect(within(header).getByText("Tidemark")).toBeInTheDocument();
    expect(await within(header).findByRole("link", { name: "Log In" })).toHaveAttribute(
      "href",
      "/login",
    );
    expect(within(header).getByRole("link", { name: "Get Started for Free" })).toHaveAttribute(
      "href",
      "/signup",
    );
    expect(within(header).getByRole("button", { name: "Toggle theme" })).toBeInTheDocument();
  });

  it("shows both plan cards with the spec's labels", async () => {
    renderAt("/");

    const freemium = await screen.findByRole("article", { name: "Freemium" });
    expect(
      within(freemium).getByText("1 GA4 property, changeable once every 30 days"),
    ).toBeInTheDocument();
    expect(within(freemium).getByText("5 annotations per day")).toBeInTheDocument();

    const premium = screen.getByRole("article", { name: "Premium" });
    // Premium cannot be bought yet: no 'Most Popular', and no button that pretends otherwise.
    expect(within(premium).queryByText("Most Popular")).not.toBeInTheDocument();
    expect(within(premium).getAllByText("Coming Soon").length).toBeGreaterThan(0);
    expect(within(premium).getByText("Up to 5 GA4 properties")).toBeInTheDocument();
    expect(within(premium).getByText("50 annotations per day")).toBeInTheDocument();
    expect(within(premium).getByRole("link", { name: "Sign up to be notified" })).toHaveAttribute(
      "href",
      "/signup",
    );
  });

  it("scrolls to the pricing section and moves focus there on View Pricing", async () => {
    // jsdom does not implement scrolling; record the request instead.
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const user = userEvent.setup();
    renderAt("/");

    await user.click(await screen.findByRole("button", { name: "View Pricing" }));

    const pricing = screen.getByRole("region", { name: "Start free, grow into Premium" });
    expect(pricing).toHaveAttribute("id", "pricing");
    expect(pricing).toHaveFocus();
    expect(scrollIntoView).toHaveBeenCalledWith(expect.objectContaining({ block: "start" }));
  });

  it("links the footer to the legal pages", () => {
    renderAt("/");
    const footer = screen.getByRole("contentinfo");

    expect(within(footer).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy",
    );
    expect(within(footer).getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
      "href",
      "/terms",
    );
  });
});

describe("legal pages", () => {
  it("renders the privacy policy with its date and retention promises", async () => {
    renderAt("/privacy");

    expect(
      await screen.findByRole("heading", { level: 1, name: "Privacy Policy" }),
    ).toBeInTheDocument();
    const main = screen.getByRole("main");
    expect(main).toHaveTextContent(`Last updated ${legalLastUpdated.isoDate}`);
    expect(main).toHaveTextContent("It expires 7 days after you last used Tidemark");
    expect(main).toHaveTextContent(
      "If you have not used Tidemark for 2 years, a daily job deletes your account",
    );
    expect(main).toHaveTextContent("within 30 days of your request");
    expect(main).toHaveTextContent("encrypted at rest");
    expect(screen.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  });

  it("renders the terms with the liability cap and the UTC reset", async () => {
    renderAt("/terms");

    expect(
      await screen.findByRole("heading", { level: 1, name: "Terms of Service" }),
    ).toBeInTheDocument();
    const main = screen.getByRole("main");
    expect(main).toHaveTextContent(`Last updated ${legalLastUpdated.isoDate}`);
    expect(main).toHaveTextContent(
      "in the 12 months before the event giving rise to the claim, or (b) US $100",
    );
    expect(main).toHaveTextContent("Daily annotation counts reset at midnight UTC");
  });
});

describe("unknown paths", () => {
  it.each(["/does-not-exist", "/categories/extra"])("%s shows the 404 page", async (path) => {
    renderAt(path);

    expect(
      await screen.findByRole("heading", { level: 1, name: "404 Page Not Found" }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole("main")).getByRole("link", { name: "Back to home" }),
    ).toHaveAttribute("href", "/");
  });
});

describe("signed-in pages", () => {
  it.each(["/categories", "/audit"])("%s sends a signed-out visitor to /login", async (path) => {
    const view = renderAt(path);

    expect(await screen.findByRole("button", { name: "Continue with Google" })).toBeInTheDocument();
    expect(view.currentUrl()).toBe("/login");
  });
});
