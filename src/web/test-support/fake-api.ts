import { vi } from "vitest";
import type { CurrentUser } from "../../shared/contracts/auth";
import type { ErrorBody } from "../../shared/contracts/errors";

/** One request the app made through fetch, with its JSON body parsed. */
export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

export type FakeRoute = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

/** A refusal in the API's own shape, so a fake can only use codes the server sends. */
export function errorResponse(
  status: number,
  body: ErrorBody,
  headers: Record<string, string> = {},
): Response {
  return jsonResponse(status, body, headers);
}

/** A promise the test settles by hand, for asserting what shows while a request is in flight. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/**
 * Replaces fetch with a table of "METHOD /path" → handler. Unlisted requests fail the test loudly
 * (a 599 the app would show), and GET /api/auth/user answers as for a visitor (204, no body)
 * unless the table says otherwise.
 * Remember to call vi.unstubAllGlobals() after each test.
 */
export function stubApi(routes: Record<string, FakeRoute>): { requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const table: Record<string, FakeRoute> = {
    "GET /api/auth/user": () => new Response(null, { status: 204 }),
    ...routes,
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const request: RecordedRequest = {
        method: init?.method ?? "GET",
        path: url.pathname,
        body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
      };
      requests.push(request);
      const route = table[`${request.method} ${request.path}`];
      if (!route)
        return new Response(`No fake for ${request.method} ${request.path}`, { status: 599 });
      return route(request);
    }),
  );
  return { requests };
}

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: "0b6f8a52-1111-4d5e-9c1a-3f7e2b9d0a11",
    email: "ada@example.com",
    firstName: "Ada",
    lastName: "Lovelace",
    profileImageUrl: null,
    subscriptionTier: null,
    annotationQuota: 5,
    propertyQuota: 1,
    dailyAnnotationCount: 0,
    lockedPropertyId: null,
    propertyChangeAllowedFrom: null,
    wantsPremiumNotice: false,
    canSelectPremium: false,
    isAuditBetaUser: false,
    ...overrides,
  };
}

/** GET /api/auth/user answering with this person (or a function of the request count). */
export function signedInAs(user: CurrentUser | (() => CurrentUser)): FakeRoute {
  return () => jsonResponse(200, typeof user === "function" ? user() : user);
}
