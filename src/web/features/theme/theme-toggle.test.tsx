import "../../test-support/setup-dom-tests";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { storageKeys } from "../../lib/storage-keys";
import { ThemeToggle } from "./theme-toggle";

describe("ThemeToggle", () => {
  it("switches between light and dark and remembers the choice", async () => {
    const user = userEvent.setup();
    render(<ThemeToggle />);
    const toggle = screen.getByRole("button", { name: "Toggle theme" });

    await user.click(toggle);
    expect(document.documentElement).toHaveClass("dark");
    expect(window.localStorage.getItem(storageKeys.theme)).toBe("dark");
    expect(toggle).toHaveAttribute("title", "Switch to light theme");

    await user.click(toggle);
    expect(document.documentElement).not.toHaveClass("dark");
    expect(window.localStorage.getItem(storageKeys.theme)).toBe("light");
  });

  it("starts from the theme already on the page", () => {
    document.documentElement.classList.add("dark");

    render(<ThemeToggle />);

    expect(screen.getByRole("button", { name: "Toggle theme" })).toHaveAttribute(
      "title",
      "Switch to light theme",
    );
  });
});
