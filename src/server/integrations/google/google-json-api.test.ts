import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GoogleApiError } from "./google-api-error.js";
import { createGoogleJsonApi } from "./google-json-api.js";

interface Seen {
  method?: string;
  url?: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let rootUrl: string;
let answer: (response: http.ServerResponse) => void;
let seen: Seen;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      seen = { method: request.method, url: request.url, headers: request.headers, body };
      answer(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  rootUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const json = (status: number, body: unknown) => (response: http.ServerResponse) => {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
};

describe("createGoogleJsonApi", () => {
  const send = () => createGoogleJsonApi({ rootUrl, timeoutMs: 500 });

  it("sends the method, path, query, bearer token and JSON body, and returns the parsed answer", async () => {
    answer = json(200, { name: "properties/1/reportingDataAnnotations/7", title: "Launch" });
    const result = await send()({
      method: "PATCH",
      path: "v1alpha/properties/1/reportingDataAnnotations/7",
      query: { updateMask: "title,annotation_date", pageToken: undefined },
      accessToken: "ya29.token",
      body: { title: "Launch" },
    });
    expect(result).toEqual({ name: "properties/1/reportingDataAnnotations/7", title: "Launch" });
    expect(seen.method).toBe("PATCH");
    expect(seen.url).toBe(
      "/v1alpha/properties/1/reportingDataAnnotations/7?updateMask=title%2Cannotation_date",
    );
    expect(seen.headers.authorization).toBe("Bearer ya29.token");
    expect(seen.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(seen.body)).toEqual({ title: "Launch" });
  });

  it("reads an empty success body as {}", async () => {
    answer = (response) => response.writeHead(200).end();
    await expect(
      send()({ method: "DELETE", path: "v1alpha/x", accessToken: "t" }),
    ).resolves.toEqual({});
  });

  it("turns Google's error answer into a GoogleApiError with status, status name and reason", async () => {
    answer = json(429, {
      error: {
        code: 429,
        message: "Quota exceeded",
        status: "RESOURCE_EXHAUSTED",
        details: [
          { "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "RATE_LIMIT_EXCEEDED" },
        ],
      },
    });
    const failure = await send()({ method: "GET", path: "v1alpha/x", accessToken: "t" }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(GoogleApiError);
    expect(failure).toMatchObject({
      status: 429,
      message: "Quota exceeded",
      googleStatus: "RESOURCE_EXHAUSTED",
      reason: "RATE_LIMIT_EXCEEDED",
    });
    expect((failure as GoogleApiError).transient).toBe(true);
  });

  it("keeps the status of an error answer that is not Google's JSON", async () => {
    answer = (response) =>
      response.writeHead(502, { "content-type": "text/html" }).end("<html>Bad gateway</html>");
    await expect(
      send()({ method: "GET", path: "v1alpha/x", accessToken: "t" }),
    ).rejects.toMatchObject({ status: 502, transient: true });
  });

  it("refuses a success answer that is not JSON, as an unknown outcome", async () => {
    answer = (response) => response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    await expect(
      send()({ method: "POST", path: "v1alpha/x", accessToken: "t", body: {} }),
    ).rejects.toMatchObject({
      status: 502,
      outcomeUnknown: true,
    });
  });

  it("gives up on an answer that never comes, as a lost connection", async () => {
    answer = () => {};
    await expect(
      send()({ method: "GET", path: "v1alpha/x", accessToken: "t" }),
    ).rejects.toMatchObject({ status: 0, transient: true });
  });

  it("reports a host that cannot be reached as a lost connection", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = createGoogleJsonApi({
      rootUrl: `http://127.0.0.1:${port}/`,
      timeoutMs: 500,
    });
    await expect(
      unreachable({ method: "GET", path: "v1beta/accountSummaries", accessToken: "t" }),
    ).rejects.toMatchObject({ status: 0 });
  });
});
