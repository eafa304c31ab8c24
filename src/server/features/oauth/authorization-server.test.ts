import { describe, expect, it } from "vitest";
import { mayFetchClientDocument, redirectUriProblem } from "./authorization-server.js";

describe("Client ID Metadata Documents", () => {
  it("are fetched only from public HTTPS names", () => {
    expect(mayFetchClientDocument("https://app.example.com/oauth/client.json")).toBe(true);
    for (const refused of [
      "http://app.example.com/client.json",
      "https://127.0.0.1/client.json",
      "https://[::1]/client.json",
      "https://10.0.0.5/client.json",
      "https://localhost/client.json",
      "https://metadata.internal/client.json",
      "https://printer.local/client.json",
      "https://intranet/client.json",
      "not a url",
    ])
      expect(mayFetchClientDocument(refused), refused).toBe(false);
  });
});

describe("redirect URIs", () => {
  it("are https, loopback http on any port, or a desktop app's own scheme", () => {
    for (const fine of [
      "https://claude.ai/api/mcp/auth_callback",
      "http://127.0.0.1:33418/callback",
      "http://localhost/cb",
      "http://[::1]:8080/cb",
      "cursor://anysphere.cursor-mcp/oauth/callback",
      "com.example.app:/oauth2redirect",
    ])
      expect(redirectUriProblem(fine), fine).toBeNull();
    for (const refused of [
      "http://evil.example/cb",
      "http://10.0.0.5/cb",
      "javascript:alert(1)",
      "data:text/html,x",
      "file:///etc/passwd",
      "https://app.example/cb#x",
      "not a uri",
      42,
    ])
      expect(redirectUriProblem(refused), String(refused)).not.toBeNull();
  });
});
