import { describe, expect, it } from "vitest";
import { redactUrl } from "./logger.js";

describe("redactUrl", () => {
  it("hides one-time secrets in query strings and keeps the rest", () => {
    expect(redactUrl("/api/google/callback?state=abc&code=4%2F0Ab&scope=x")).toBe(
      "/api/google/callback?state=[redacted]&code=[redacted]&scope=x",
    );
    expect(redactUrl("/api/auth/magic-link/verify?token=SECRET&callbackURL=%2F")).toBe(
      "/api/auth/magic-link/verify?token=[redacted]&callbackURL=%2F",
    );
    expect(redactUrl("/api/annotations/123")).toBe("/api/annotations/123");
  });
});
