import "../../test-support/setup-dom-tests";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../server-render";
import { stubMatchMedia } from "../../test-support/setup-dom-tests";

// The landing page as a visitor gets it: the HTML scripts/prerender.mjs draws, and its own script
// (no React in the browser), which must make the drawn page's interactive parts work by itself.
async function openDrawnLandingPage(): Promise<void> {
  const html = await renderPage("/");
  document.body.innerHTML = `<div id="root">${html.replace(/^<title>.*?<\/title>/, "")}</div>`;
  vi.resetModules();
  await import("./landing-page-script");
}

beforeEach(() => {
  stubMatchMedia(() => false);
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

describe("the landing page's own script", () => {
  it("switches and stores the theme from the drawn toggle, naming the next one", async () => {
    await openDrawnLandingPage();
    const toggle = screen.getByRole("button", { name: "Toggle theme" });
    expect(toggle).toHaveAttribute("title", "Switch to dark theme");

    await userEvent.setup().click(toggle);
    expect(document.documentElement).toHaveClass("dark");
    expect(window.localStorage.getItem("theme")).toBe("dark");
    expect(toggle).toHaveAttribute("title", "Switch to light theme");

    await userEvent.setup().click(toggle);
    expect(document.documentElement).not.toHaveClass("dark");
    expect(window.localStorage.getItem("theme")).toBe("light");
  });

  it("follows a stored choice over the system's dark preference", async () => {
    stubMatchMedia((query) => query.includes("dark"));
    window.localStorage.setItem("theme", "light");
    await openDrawnLandingPage();
    expect(document.documentElement).not.toHaveClass("dark");
    expect(screen.getByRole("button", { name: "Toggle theme" })).toHaveAttribute(
      "title",
      "Switch to dark theme",
    );
  });

  it("brings the pricing section into view with View Pricing and moves focus there", async () => {
    await openDrawnLandingPage();
    const pricing = screen.getByRole("region", { name: "Start free, grow into Premium" });
    const scrolled = vi.fn();
    pricing.scrollIntoView = scrolled;

    await userEvent.setup().click(screen.getByRole("button", { name: "View Pricing" }));
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(pricing).toHaveFocus();
  });

  it("fills in the demo's days from the visitor's today, in place of the blank room", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 11, 6, 9, 30));
    await openDrawnLandingPage();
    expect(document.body).toHaveTextContent(
      "Done. I created CAMPAIGN · Paid Social · Winter Sale Launch · AU · Prod on 2026-12-05.",
    );
    expect(document.body).not.toHaveTextContent("0000-00-00");
    expect(document.querySelector("[data-days-ago].invisible")).toBeNull();
  });

  it("repeats a click made before it ran", async () => {
    const held: { kind: string; target: EventTarget }[] = [];
    const html = await renderPage("/");
    document.body.innerHTML = `<div id="root">${html.replace(/^<title>.*?<\/title>/, "")}</div>`;
    held.push({ kind: "click", target: screen.getByRole("button", { name: "Toggle theme" }) });
    window.takeHeldActions = () => held.splice(0);
    vi.resetModules();
    await import("./landing-page-script");
    expect(document.documentElement).toHaveClass("dark");
    delete window.takeHeldActions;
  });
});
