import "../../test-support/setup-dom-tests";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
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
});
