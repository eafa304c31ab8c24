import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxGoogleEndpoints } from "./google-endpoints.js";
import { createGoogleOAuth } from "./google-oauth.js";

/** Google's revoke answers, read the way the revoke job decides whether to ask again. */
let server: http.Server;
let baseUrl: string;
let answer: (response: http.ServerResponse) => void;
let seenBody = "";

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      seenBody = body;
      answer(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const json = (status: number, body: unknown) => (response: http.ServerResponse) => {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
};

const revoke = () =>
  createGoogleOAuth(sandboxGoogleEndpoints(baseUrl, { clientId: "c", clientSecret: "s" })).revoke(
    "1//refresh-token",
  );

describe("revoking at Google", () => {
  it("is revoked on a 200, with the token in the form body", async () => {
    answer = json(200, {});
    expect(await revoke()).toBe("revoked");
    expect(new URLSearchParams(seenBody).get("token")).toBe("1//refresh-token");
  });

  it("is already over on a 400 invalid_token: the token is expired or revoked", async () => {
    answer = json(400, { error: "invalid_token", error_description: "Token expired or revoked" });
    expect(await revoke()).toBe("already_invalid");
  });

  it("is refused for good on any other 4xx, which asking again will not change", async () => {
    answer = json(400, { error: "invalid_request", error_description: "Bad Request" });
    expect(await revoke()).toBe("refused");
    answer = (response) => response.writeHead(404).end("<html>not here</html>");
    expect(await revoke()).toBe("refused");
  });

  it("is unanswered on a 429, a 5xx whatever its body, or a dropped connection", async () => {
    answer = json(503, { error: "temporarily_unavailable" });
    expect(await revoke()).toBe("unanswered");
    answer = json(429, { error: "rate_limit_exceeded" });
    expect(await revoke()).toBe("unanswered");
    answer = (response) => response.socket?.destroy();
    expect(await revoke()).toBe("unanswered");
    answer = (response) => response.writeHead(500).end("oops");
    expect(await revoke()).toBe("unanswered");
  });
});
