import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, request as httpsRequest, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppHarness, type AppHarness } from "./app-harness.js";

/**
 * Who may register, and where codes may be sent: dynamic registration (RFC 7591) and Client ID
 * Metadata Documents obey one redirect rule, with errors in the RFC's shape. The metadata
 * document is served over HTTPS on this machine, with a certificate made for the test.
 */
let harness: AppHarness;
let documents: Server;
let documentBase = "";
let ca = "";
const served = new Map<string, Record<string, unknown>>();
let certDir = "";

/** A fetch over node:https that trusts the test's own certificate, for the provider to use. */
const trustingFetch: typeof fetch = (input, init) =>
  new Promise((resolve, reject) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
    const outgoing = httpsRequest(url, { method: init?.method ?? "GET", headers, ca }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        const responseHeaders = new Headers();
        for (const [key, value] of Object.entries(answer.headers))
          if (typeof value === "string") responseHeaders.set(key, value);
        resolve(
          new Response(Buffer.concat(chunks), {
            status: answer.statusCode ?? 500,
            headers: responseHeaders,
          }),
        );
      });
    });
    outgoing.on("error", reject);
    outgoing.end();
  });

beforeAll(async () => {
  certDir = mkdtempSync(path.join(tmpdir(), "tidemark-cimd-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      path.join(certDir, "key.pem"),
      "-out",
      path.join(certDir, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
  ca = readFileSync(path.join(certDir, "cert.pem"), "utf8");
  documents = createServer(
    { key: readFileSync(path.join(certDir, "key.pem")), cert: ca },
    (request, response) => {
      const document = served.get(request.url ?? "");
      if (!document) return response.writeHead(404).end();
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(document));
    },
  );
  await new Promise<void>((resolve) => documents.listen(0, "127.0.0.1", resolve));
  documentBase = `https://127.0.0.1:${(documents.address() as AddressInfo).port}`;
  harness = await startAppHarness({ deps: { loopbackClientDocuments: { fetch: trustingFetch } } });
});
afterAll(async () => {
  await harness?.close();
  await new Promise((resolve) => documents?.close(resolve));
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

function register(metadata: Record<string, unknown>) {
  return harness.app.inject({
    method: "POST",
    url: "/oauth/register",
    headers: { "content-type": "application/json" },
    payload: { token_endpoint_auth_method: "none", ...metadata },
  });
}

function authorizeUrl(clientId: string, redirectUri: string) {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "annotations:read",
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "s",
  });
  return `/oauth/authorize?${query}`;
}

describe("dynamic registration", () => {
  it("takes https, loopback http on any port, and a desktop app's own scheme", async () => {
    for (const uris of [
      ["https://claude.ai/api/mcp/auth_callback"],
      ["http://127.0.0.1:33418/callback"],
      ["http://localhost:8787/callback"],
      ["http://[::1]:9000/cb"],
      // Cursor's real registration: three addresses in one request.
      [
        "cursor://anysphere.cursor-mcp/oauth/callback",
        "https://www.cursor.com/agents/mcp/oauth/callback",
        "http://localhost:8787/callback",
      ],
    ]) {
      const response = await register({ client_name: "Fine", redirect_uris: uris });
      expect(response.statusCode, `${uris.join(" ")}: ${response.body}`).toBe(201);
    }
  });

  it("refuses plain http on a public host, script schemes and fragments, in the RFC's shape", async () => {
    for (const uri of [
      "http://evil.example/callback",
      "http://192.0.2.10/cb",
      "javascript:alert(1)",
      "data:text/html,hi",
      "file:///etc/passwd",
      "https://app.example/cb#fragment",
    ]) {
      const response = await register({ client_name: "Bad", redirect_uris: [uri] });
      expect(response.statusCode, uri).toBe(400);
      const body = response.json<{ error: string; error_description: string }>();
      expect(["invalid_redirect_uri", "invalid_client_metadata"], uri).toContain(body.error);
      expect(body.error_description.length).toBeGreaterThan(10);
      // Said for registration, not the provider's sentence about authorizing.
      expect(body.error_description, uri).not.toMatch(/did not match any of the client/);
    }
    const fragment = await register({
      client_name: "Bad",
      redirect_uris: ["https://app.example/cb#fragment"],
    });
    expect(fragment.json().error_description).toBe("A redirect URI must not contain a fragment.");
    // A client that calls itself a web app gets the same rule.
    const web = await register({
      application_type: "web",
      redirect_uris: ["http://evil.example/callback"],
    });
    expect(web.statusCode).toBe(400);
    expect(web.json().error).toBe("invalid_redirect_uri");
  });

  it("matches a registered loopback redirect on any port when authorizing", async () => {
    const registered = await register({ redirect_uris: ["http://127.0.0.1:1234/callback"] });
    const clientId = registered.json<{ client_id: string }>().client_id;
    const started = await harness.app.inject({
      method: "GET",
      url: authorizeUrl(clientId, "http://127.0.0.1:55555/callback"),
    });
    expect(started.statusCode, started.body).toBe(303);
    expect(started.headers.location).toMatch(/^\/oauth\/consent\?uid=/);
  });
});

describe("Client ID Metadata Documents", () => {
  it("a document served on loopback starts an authorization, beside dynamic registration", async () => {
    const clientId = `${documentBase}/good.json`;
    served.set("/good.json", {
      client_id: clientId,
      client_name: "Document Client",
      redirect_uris: ["http://127.0.0.1:4000/callback"],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    });
    const started = await harness.app.inject({
      method: "GET",
      url: authorizeUrl(clientId, "http://127.0.0.1:4000/callback"),
    });
    expect(started.statusCode, started.body).toBe(303);
    expect(started.headers.location).toMatch(/^\/oauth\/consent\?uid=/);
    // The same document's client is refused an address it did not list.
    const elsewhere = await harness.app.inject({
      method: "GET",
      url: authorizeUrl(clientId, "https://attacker.example/callback"),
    });
    expect(elsewhere.statusCode).toBe(400);
  });

  it("a document naming a public http redirect is refused with the same rule", async () => {
    const clientId = `${documentBase}/bad.json`;
    served.set("/bad.json", {
      client_id: clientId,
      client_name: "Leaky Client",
      redirect_uris: ["http://evil.example/callback"],
      token_endpoint_auth_method: "none",
    });
    const started = await harness.app.inject({
      method: "GET",
      url: authorizeUrl(clientId, "http://evil.example/callback"),
    });
    expect(started.statusCode).toBe(400);
    expect(started.headers.location).toBeUndefined();
    expect(started.body).toContain("This connection could not be set up");
  });
});
