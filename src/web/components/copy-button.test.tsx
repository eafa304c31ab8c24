import "../test-support/setup-dom-tests";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CopyButton } from "./copy-button";

describe("CopyButton", () => {
  it("puts the secret on the clipboard and says it did", async () => {
    const user = userEvent.setup();
    render(<CopyButton text="whsec_123" label="Copy secret" />);
    await user.click(screen.getByRole("button", { name: "Copy secret" }));
    expect(await navigator.clipboard.readText()).toBe("whsec_123");
    expect(screen.getByRole("button", { name: "Copied" })).toBeInTheDocument();
  });
});
