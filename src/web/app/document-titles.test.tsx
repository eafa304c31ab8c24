import "../test-support/setup-dom-tests";
import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, makeUser, signedInAs, stubApi } from "../test-support/fake-api";
import { renderAppAt } from "../test-support/render-app";
import { rememberSelectedProperty } from "../session/selected-property";
import { pageRoutes } from "./page-routes";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Each address and the document title it must have: one per page, each its own. */
const signedOut: [string, string][] = [
  ["/", "Tidemark: annotate Google Analytics 4 by chat or by table"],
  ["/login", "Log in · Tidemark"],
  ["/login/continue", "Sign in · Tidemark"],
  ["/signup", "Create your account · Tidemark"],
  ["/plans", "Choose Your Plan · Tidemark"],
  ["/pricing", "Pricing · Tidemark"],
  ["/privacy", "Privacy Policy · Tidemark"],
  ["/terms", "Terms of Service · Tidemark"],
  ["/docs/api", "AI assistants and the API · Tidemark"],
  ["/oauth/consent", "Connect an app · Tidemark"],
  ["/no-such-page", "Page not found · Tidemark"],
];
const signedIn: [string, string][] = [
  ["/mode-selection", "Choose Your Workflow · Tidemark"],
  ["/categories", "Categories · Tidemark"],
  ["/annotations", "All annotations · Tidemark"],
  ["/annotations/import", "Import annotations · Tidemark"],
  ["/audit", "AI Audit · Tidemark"],
  ["/account", "Account · Tidemark"],
  ["/dashboard?mode=property", "Property View · wingtiptoys.com · Tidemark"],
  ["/dashboard?mode=agent", "Agent Mode · wingtiptoys.com · Tidemark"],
];

const user = makeUser({ subscriptionTier: "premium", annotationQuota: 50, isAuditBetaUser: true });

function signedInApi() {
  stubApi({
    "GET /api/auth/user": signedInAs(user),
    "GET /api/google/status": () => jsonResponse(200, { connected: true, canWrite: true }),
    "GET /api/ga4/properties": () => jsonResponse(200, { properties: [] }),
    "GET /api/properties": () =>
      jsonResponse(200, {
        properties: [
          {
            id: "p1",
            propertyId: "123",
            name: "wingtiptoys.com",
            locked: false,
            createdAt: "2026-11-01T00:00:00Z",
          },
        ],
      }),
    "GET /api/annotations/123": () => jsonResponse(200, { reportingDataAnnotations: [] }),
    "GET /api/categories": () => jsonResponse(200, { categories: [], annotationCounts: {} }),
    "GET /api/annotations": () =>
      jsonResponse(200, {
        rows: [],
        total: 0,
        offset: 0,
        limit: 50,
        properties: [],
        categories: [],
      }),
    "GET /api/audits/history": () => jsonResponse(200, { sessions: [] }),
    "GET /api/annotation-imports": () => jsonResponse(200, { imports: [] }),
  });
}

describe("document titles", () => {
  it("cover every page", () => {
    const covered = [...signedOut, ...signedIn].map(([path]) => path.split("?")[0]);
    for (const route of pageRoutes) expect(covered, route.path).toContain(route.path);
  });

  it.each(signedOut)("%s is titled '%s' for a visitor", async (path, title) => {
    stubApi({});
    renderAppAt(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it.each(signedIn)("%s is titled '%s' when signed in", async (path, title) => {
    rememberSelectedProperty(user.id, "123");
    signedInApi();
    renderAppAt(path);
    await waitFor(() => expect(document.title).toBe(title), { timeout: 5_000 });
  });
});
