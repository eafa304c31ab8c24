import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  bearer,
  sandboxAdminBetaClient,
  sandboxAdminClient,
  sandboxOAuthClient,
} from "../src/sandbox/testing/official-clients.js";
import { createAnalyticsAdmin } from "../src/server/integrations/google/analytics-admin.js";
import { sandboxGoogleEndpoints } from "../src/server/integrations/google/google-endpoints.js";
import { createGoogleOAuth } from "../src/server/integrations/google/google-oauth.js";

/**
 * The app calls Google through its own lean HTTP client; Google's official clients are the
 * reference for what goes on the wire. Both are pointed at a server that records each request and
 * answers with canned JSON, and must send the same method, path, query and body.
 */
interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

let server: Server;
let url: string;
let recorded: Recorded[] = [];

function bodyOf(request: IncomingMessage, text: string): unknown {
  if (text === "") return null;
  const type = request.headers["content-type"] ?? "";
  if (type.includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  return JSON.parse(text);
}

const annotation = {
  name: "properties/123/reportingDataAnnotations/9",
  title: "Launch",
  color: "BLUE",
  annotationDate: { year: 2026, month: 11, day: 3 },
};

function answer(path: string, query: URLSearchParams): unknown {
  if (path === "/token") {
    return { access_token: "fresh", expires_in: 3600, token_type: "Bearer", scope: "x" };
  }
  if (path === "/revoke") return {};
  if (path.endsWith("/accountSummaries") || path.endsWith("/reportingDataAnnotations")) {
    // Two pages: the first names the second.
    const key = path.endsWith("/accountSummaries")
      ? "accountSummaries"
      : "reportingDataAnnotations";
    return query.get("pageToken")
      ? { [key]: [] }
      : { [key]: key === "accountSummaries" ? [] : [annotation], nextPageToken: "page-2" };
  }
  return annotation;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const parsed = new URL(request.url ?? "/", "http://recorder");
      recorded.push({
        method: request.method ?? "",
        path: parsed.pathname,
        query: Object.fromEntries(parsed.searchParams),
        body: bodyOf(request, Buffer.concat(chunks).toString("utf8")),
      });
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(answer(parsed.pathname, parsed.searchParams)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  recorded = [];
});

/** Runs one call on each client and returns what each sent. */
async function sentBy(ours: () => Promise<unknown>, official: () => Promise<unknown>) {
  recorded = [];
  await ours();
  const fromOurs = recorded;
  recorded = [];
  await official();
  return { ours: fromOurs, official: recorded };
}

const token = "access-token";
const app = () => createAnalyticsAdmin({ rootUrl: `${url}/` });
const alpha = () => sandboxAdminClient(url, bearer(url, token)).properties.reportingDataAnnotations;
const date = { year: 2026, month: 11, day: 3 };

describe("the lean Admin API client says what the official client says", () => {
  it("lists annotations page by page", async () => {
    let listing: Awaited<ReturnType<ReturnType<typeof app>["listAnnotations"]>> | undefined;
    const { ours, official } = await sentBy(
      async () => (listing = await app().listAnnotations(token, "123")),
      async () => {
        const first = await alpha().list({ parent: "properties/123", pageSize: 200 });
        await alpha().list({
          parent: "properties/123",
          pageSize: 200,
          pageToken: first.data.nextPageToken!,
        });
      },
    );
    expect(ours).toHaveLength(2);
    expect(ours).toEqual(official);
    // Two pages were read, so the listing says so: absence across pages proves nothing.
    expect(listing).toMatchObject({ pages: 2, annotations: [annotation] });
  });

  it("lists account summaries page by page", async () => {
    const beta = sandboxAdminBetaClient(url, bearer(url, token)).accountSummaries;
    const { ours, official } = await sentBy(
      () => app().listPropertySummaries(token),
      async () => {
        const first = await beta.list({ pageSize: 200 });
        await beta.list({ pageSize: 200, pageToken: first.data.nextPageToken! });
      },
    );
    expect(ours).toHaveLength(2);
    expect(ours).toEqual(official);
  });

  it("reads one property", async () => {
    const beta = sandboxAdminBetaClient(url, bearer(url, token)).properties;
    const { ours, official } = await sentBy(
      () => app().getProperty(token, "123"),
      () => beta.get({ name: "properties/123" }),
    );
    expect(ours).toHaveLength(1);
    expect(ours).toEqual(official);
  });

  it("searches a property's change history", async () => {
    const official = sandboxAdminClient(url, bearer(url, token)).accounts;
    const query = {
      resourceType: ["KEY_EVENT", "DATA_STREAM"],
      earliestChangeTime: "2026-08-01T00:00:00.000Z",
      pageToken: "page-2",
    };
    const sent = await sentBy(
      () =>
        app().searchChangeHistory(token, {
          accountId: "77",
          propertyId: "123",
          resourceTypes: query.resourceType,
          earliestChangeTime: query.earliestChangeTime,
          pageToken: query.pageToken,
        }),
      () =>
        official.searchChangeHistoryEvents({
          account: "accounts/77",
          requestBody: {
            property: "properties/123",
            resourceType: query.resourceType,
            earliestChangeTime: query.earliestChangeTime,
            pageSize: 200,
            pageToken: query.pageToken,
          },
        }),
    );
    expect(sent.ours).toHaveLength(1);
    expect(sent.ours).toEqual(sent.official);
    expect(sent.ours[0]!.path).toBe("/v1alpha/accounts/77:searchChangeHistoryEvents");
  });

  it("creates an annotation for a date and for a range", async () => {
    for (const target of [
      { annotationDate: date },
      { annotationDateRange: { startDate: date, endDate: { year: 2026, month: 11, day: 10 } } },
    ]) {
      const input = { title: "Launch", description: "Went live", color: "BLUE", ...target };
      const { ours, official } = await sentBy(
        () => app().createAnnotation(token, "123", input),
        () => alpha().create({ parent: "properties/123", requestBody: input }),
      );
      expect(ours).toHaveLength(1);
      expect(ours).toEqual(official);
    }
  });

  it("patches an annotation with its update mask", async () => {
    const changes = { title: "Renamed", annotationDate: date };
    const { ours, official } = await sentBy(
      () => app().updateAnnotation(token, "123", "9", changes),
      () =>
        alpha().patch({
          name: "properties/123/reportingDataAnnotations/9",
          updateMask: "title,annotation_date",
          requestBody: changes,
        }),
    );
    expect(ours).toHaveLength(1);
    expect(ours).toEqual(official);
  });

  it("reads one annotation", async () => {
    const { ours, official } = await sentBy(
      () => app().getAnnotation(token, "123", "9"),
      () => alpha().get({ name: "properties/123/reportingDataAnnotations/9" }),
    );
    expect(ours).toHaveLength(1);
    expect(ours).toEqual(official);
  });

  it("deletes an annotation", async () => {
    const { ours, official } = await sentBy(
      () => app().deleteAnnotation(token, "123", "9"),
      () => alpha().delete({ name: "properties/123/reportingDataAnnotations/9" }),
    );
    expect(ours).toHaveLength(1);
    expect(ours).toEqual(official);
  });
});

describe("the lean OAuth calls say what google-auth-library says", () => {
  const client = { clientId: "client-id", clientSecret: "client-secret" };
  const oauth = () => createGoogleOAuth(sandboxGoogleEndpoints(url, client));
  const official = () => sandboxOAuthClient(url, client);

  it("refreshes a token", async () => {
    const sent = await sentBy(
      () => oauth().refresh("refresh-token"),
      () => {
        const library = official();
        library.setCredentials({ refresh_token: "refresh-token" });
        return library.getAccessToken();
      },
    );
    expect(sent.ours).toHaveLength(1);
    expect(sent.ours).toEqual(sent.official);
  });

  it("revokes a token", async () => {
    const sent = await sentBy(
      () => oauth().revoke("refresh-token"),
      () => official().revokeToken("refresh-token"),
    );
    expect(sent.ours).toHaveLength(1);
    expect(sent.ours[0]).toMatchObject({ method: sent.official[0]!.method, path: "/revoke" });
    // The library sends the token in the query string of its POST; Google accepts it there or in
    // the form body, which is where the app puts it (tokens stay out of logged URLs).
    const tokenOf = (request: Recorded) =>
      request.query.token ?? (request.body as { token?: string } | null)?.token;
    expect(tokenOf(sent.ours[0]!)).toBe(tokenOf(sent.official[0]!));
  });
});
