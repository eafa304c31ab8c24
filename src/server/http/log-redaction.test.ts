import { describe, expect, it } from "vitest";
import { isSecretQueryName, loggableUrl } from "./log-redaction.js";
import type { RouteEntry } from "./route-table.js";

const route = (url: string, secretParams: string[] = []): RouteEntry => ({
  method: "GET",
  url,
  changesState: false,
  access: "public",
  declared: true,
  verifiedBySignature: false,
  secretParams,
});

describe("the query string", () => {
  it("hides one-time secrets and keeps the rest", () => {
    expect(loggableUrl({ url: "/api/google/callback?state=abc&code=4%2F0Ab&scope=x" })).toBe(
      "/api/google/callback?state=[redacted]&code=[redacted]&scope=x",
    );
    expect(loggableUrl({ url: "/api/auth/magic-link/verify?token=SECRET&callbackURL=%2F" })).toBe(
      "/api/auth/magic-link/verify?token=[redacted]&callbackURL=%2F",
    );
    expect(loggableUrl({ url: "/login/continue?token=SECRET" })).toBe(
      "/login/continue?token=[redacted]",
    );
    expect(loggableUrl({ url: "/api/annotations/123" })).toBe("/api/annotations/123");
  });

  it("knows a secret by its name however it is written", () => {
    for (const name of [
      "code",
      "STATE",
      "code_verifier",
      "token",
      "id_token_hint",
      "access_token",
      "refresh_token",
      "client_secret",
      "password",
      "api_key",
    ])
      expect(isSecretQueryName(name), name).toBe(true);
    for (const name of ["uid", "code_challenge", "scope", "metric", "status", "country", "q"])
      expect(isSecretQueryName(name), name).toBe(false);
    // A name sent percent-encoded is the same name.
    expect(loggableUrl({ url: "/x?%74oken=SECRET&a=1" })).toBe("/x?%74oken=[redacted]&a=1");
    expect(loggableUrl({ url: "/x?token&code=" })).toBe("/x?token&code=[redacted]");
  });
});

describe("the path", () => {
  it("hides the parameters the matched route declares secret, and only those", () => {
    expect(
      loggableUrl({
        url: "/api/feeds/tfd_SECRET.csv?x=1",
        routeOptions: { url: "/api/feeds/:file", config: { secretParams: ["file"] } },
      }),
    ).toBe("/api/feeds/[redacted]?x=1");
    expect(
      loggableUrl({
        url: "/api/properties/123/hooks/SECRET",
        routeOptions: {
          url: "/api/properties/:propertyId/hooks/:id",
          config: { secretParams: ["id"] },
        },
      }),
    ).toBe("/api/properties/123/hooks/[redacted]");
    expect(
      loggableUrl({
        url: "/api/properties/123/hooks",
        routeOptions: { url: "/api/properties/:propertyId/hooks", config: {} },
      }),
    ).toBe("/api/properties/123/hooks");
  });

  it("hides a secret route's parameters when the request missed the route (another method, a trailing slash)", () => {
    const server = {
      routeTable: [route("/api/feeds/:file", ["file"]), route("/api/annotations/:id")],
    };
    expect(loggableUrl({ url: "/api/feeds/tfd_SECRET.csv/", server })).toBe(
      "/api/feeds/[redacted]",
    );
    expect(loggableUrl({ url: "/api/feeds/tfd_SECRET.csv", routeOptions: {}, server })).toBe(
      "/api/feeds/[redacted]",
    );
    expect(loggableUrl({ url: "/api/unknown/thing?code=1", server })).toBe(
      "/api/unknown/thing?code=[redacted]",
    );
  });
});
