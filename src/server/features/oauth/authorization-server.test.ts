import { describe, expect, it } from "vitest";
import { mayFetchClientDocument } from "./authorization-server.js";

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
