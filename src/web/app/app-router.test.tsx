import "../test-support/setup-dom-tests";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AppProviders } from "./app-providers";
import { AppRouter } from "./app-router";

function renderAt(path: string) {
  const { hook } = memoryLocation({ path });
  return render(
    <AppProviders>
      <Router hook={hook}>
        <AppRouter />
      </Router>
    </AppProviders>,
  );
}

describe("landing page", () => {
  it("offers log in and sign up from the header", () => {
    renderAt("/");
    const header = screen.getByRole("banner");

    expect(within(header).getByText("Tidemark")).toBeInTheDocument();
    expect(within(header).getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/login");
    expect(within(header).getByRole("link", { name: "Get Started for Free" })).toHaveAttribute("href", "/signup");
    expect(within(header).getByRole("button", { name: "Toggle theme" })).toBeInTheDocument();
  });

  it("shows both plan cards with the spec's labels", () => {
    renderAt("/");

    const freemium = screen.getByRole("article", { name: "Freemium" });
    expect(within(freemium).getByText("1 locked property")).toBeInTheDocument();
    expect(within(freemium).getByText("5 annotations per day")).toBeInTheDocument();

    const premium = screen.getByRole("article", { name: "Premium" });
    expect(within(premium).getByText("Most Popular")).toBeInTheDocument();
    expect(within(premium).getAllByText("Coming Soon").length).toBeGreaterThan(0);
    expect(within(premium).getByText("Up to 5 properties")).toBeInTheDocument();
    expect(within(premium).getByText("50 annotations per day")).toBeInTheDocument();
    expect(within(premium).getByRole("button", { name: "Coming Soon" })).toBeDisabled();
  });

  it("scrolls to the pricing section and moves focus there on View Pricing", async () => {
    // jsdom does not implement scrolling; record the request instead.
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const user = userEvent.setup();
    renderAt("/");

    await user.click(screen.getByRole("button", { name: "View Pricing" }));

    const pricing = screen.getByRole("region", { name: "Start free, grow into Premium" });
    expect(pricing).toHaveAttribute("id", "pricing");
    expect(pricing).toHaveFocus();
    expect(scrollIntoView).toHaveBeenCalledWith(expect.objectContaining({ block: "start" }));
  });

  it("links the footer to the legal pages", () => {
    renderAt("/");
    const footer = screen.getByRole("contentinfo");

    expect(within(footer).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    expect(within(footer).getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
  });
});

describe("legal pages", () => {
  it("renders the privacy policy with its date and retention promises", async () => {
    renderAt("/privacy");

    expect(await screen.findByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInTheDocument();
    const main = screen.getByRole("main");
    expect(main).toHaveTextContent("Last updated October 1, 2025");
    expect(main).toHaveTextContent("It expires 7 days after you sign in");
    expect(main).toHaveTextContent("If you do not sign in for 2 years");
    expect(main).toHaveTextContent("within 30 days of your request");
    expect(main).toHaveTextContent("encrypted at rest");
    expect(screen.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  });

  it("renders the terms with the liability cap and the UTC reset", async () => {
    renderAt("/terms");

    expect(await screen.findByRole("heading", { level: 1, name: "Terms of Service" })).toBeInTheDocument();
    const main = screen.getByRole("main");
    expect(main).toHaveTextContent("Last updated October 1, 2025");
    expect(main).toHaveTextContent("in the 12 months before the event giving rise to the claim, or (b) US $100");
    expect(main).toHaveTextContent("Daily annotation counts reset at midnight UTC");
  });
});

describe("sign-in pages", () => {
  it.each([
    ["/login", "Log in to Tidemark"],
    ["/signup", "Create your account"],
  ])("%s says sign-in is not open yet and offers no form", async (path, title) => {
    renderAt(path);

    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText("Sign-in is coming soon")).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(within(screen.getByRole("banner")).queryByRole("link", { name: "Log In" })).not.toBeInTheDocument();
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  });
});

describe("unknown paths", () => {
  it.each(["/does-not-exist", "/plans", "/dashboard", "/categories", "/audit", "/mode-selection"])(
    "%s shows the 404 page",
    async (path) => {
      renderAt(path);

      expect(await screen.findByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeInTheDocument();
      expect(within(screen.getByRole("main")).getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
    },
  );
});
