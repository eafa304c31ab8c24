import "../../test-support/setup-dom-tests";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { dataRetention } from "../../../shared/data-retention";
import { legalContactEmail } from "./legal-facts";
import { PrivacyPolicy } from "./privacy-policy";

describe("the privacy policy", () => {
  it("says when the last use is recorded the way the server records it", () => {
    const location = memoryLocation({ path: "/privacy" });
    const { container } = render(
      <Router hook={location.hook}>
        <PrivacyPolicy />
      </Router>,
    );
    // session-user.ts records a signed-in visit once 24 hours have passed, not once a calendar day.
    expect(container).toHaveTextContent(
      "We record when you last used it: at each sign-in and, while you stay signed in, at your " +
        "first visit once 24 hours have passed since the time we last recorded.",
    );
    expect(container).not.toHaveTextContent("each day while signed in");
  });

  it("says what outlives a deleted account, why, and for as long as the server keeps it", () => {
    const location = memoryLocation({ path: "/privacy" });
    const { container } = render(
      <Router hook={location.hook}>
        <PrivacyPolicy />
      </Router>,
    );
    // account-tombstones.ts keeps the counts until the UTC day ends, and the lock as long as this.
    expect(container).toHaveTextContent("What we keep after you delete your account.");
    expect(container).toHaveTextContent(
      "kept until the day ends (midnight UTC), and the ID of the Google Analytics property your " +
        `free plan was locked to, kept for ${dataRetention.deletedAccountLockDays} days.`,
    );
    expect(container).toHaveTextContent(
      "It holds no email address, name, property name or anything you wrote.",
    );
    expect(container).toHaveTextContent(
      `we keep asking, for up to ${dataRetention.revokeTokenKeptDays} days, keeping only the ` +
        "token needed to ask and which Google account it belongs to, encrypted",
    );
  });
});

describe("the privacy policy's cookies", () => {
  it("names every cookie Tidemark sets, with its lifetime, and the configured contact", () => {
    const location = memoryLocation({ path: "/privacy" });
    const { container } = render(
      <Router hook={location.hook}>
        <PrivacyPolicy />
      </Router>,
    );
    const text = container.textContent ?? "";
    expect(text).toContain(
      "tidemark.session_token (named __Host-tidemark.session_token on our servers)",
    );
    expect(text).toContain(`It expires ${dataRetention.sessionLifetimeDays} days after you`);
    expect(text).toContain("tidemark.state, set only while you sign in with Google");
    expect(text).toContain("(at the latest 5 minutes)");
    expect(text).toContain("tidemark.google_oauth, the same for connecting Google Analytics");
    expect(text).toContain("(at the latest 10 minutes)");
    expect(text).toContain("tidemark_property, the GA4 property you last selected");
    expect(text).toContain("It is kept for 400 days");
    expect(text).not.toMatch(/TODO/);
    expect(container.querySelector(`a[href="mailto:${legalContactEmail}"]`)).not.toBeNull();
  });
});
