import { describe, expect, it } from "vitest";
import { signInErrorMessage } from "./sign-in-error-message";

describe("signInErrorMessage", () => {
  it("explains an expired or used link", () => {
    expect(signInErrorMessage("INVALID_TOKEN")).toBe(
      "That sign-in link has expired or was already used. Request a new one.",
    );
  });

  it("says a cancelled Google sign-in was cancelled", () => {
    expect(signInErrorMessage("access_denied")).toBe("Google sign-in was cancelled.");
  });

  it.each([
    "state_mismatch",
    "google",
    "google_unavailable",
    "sign_in_failed",
    "unable_to_get_user_info",
    "x",
  ])("gives %s the general message", (code) => {
    expect(signInErrorMessage(code)).toBe("Sign-in failed. Please try again.");
  });

  it("has nothing to say without a code", () => {
    expect(signInErrorMessage(null)).toBeNull();
    expect(signInErrorMessage("")).toBeNull();
  });
});
