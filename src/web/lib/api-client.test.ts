import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, isApiError } from "./api-client";

function respondWith(body: string, init: ResponseInit): ReturnType<typeof vi.fn> {
  const fetchMock = vi.fn(async () => new Response(body, init));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiRequest", () => {
  it("sends the session cookie and reads JSON", async () => {
    const fetchMock = respondWith(JSON.stringify({ connected: true }), { status: 200 });

    await expect(apiRequest("/api/google/status")).resolves.toEqual({ connected: true });

    expect(fetchMock).toHaveBeenCalledWith(
      "/api/google/status",
      expect.objectContaining({ method: "GET", credentials: "include", body: null }),
    );
  });

  it("sends a JSON body with a JSON content type", async () => {
    const fetchMock = respondWith(JSON.stringify({ exists: false }), { status: 200 });

    await apiRequest("/api/auth/lookup", { method: "POST", body: { email: "ada@example.com" } });

    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("include");
    expect(init.body).toBe('{"email":"ada@example.com"}');
    expect(init.headers).toMatchObject({ "Content-Type": "application/json" });
  });

  it("turns a non-2xx response into an ApiError whose message is status, colon, body text", async () => {
    respondWith('{"error":"Property not found"}', { status: 404, statusText: "Not Found" });

    const error: unknown = await apiRequest("/api/annotations/1").catch(
      (caught: unknown) => caught,
    );

    expect(isApiError(error)).toBe(true);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: {"error":"Property not found"}');
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).bodyText).toBe('{"error":"Property not found"}');
  });

  it("falls back to the status text when the error body is empty", async () => {
    respondWith("", { status: 503, statusText: "Service Unavailable" });

    await expect(apiRequest("/api/properties")).rejects.toThrow("503: Service Unavailable");
  });

  it("treats 401 as an error by default", async () => {
    respondWith("Unauthorized", { status: 401, statusText: "Unauthorized" });

    await expect(apiRequest("/api/auth/user")).rejects.toThrow("401: Unauthorized");
  });

  it("returns null on 401 when asked to", async () => {
    respondWith("Unauthorized", { status: 401, statusText: "Unauthorized" });

    await expect(apiRequest("/api/auth/user", { on401: "return-null" })).resolves.toBeNull();
  });

  it("reads every response body to its end, even a 401 it answers with null", async () => {
    const answers: Response[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        const response = new Response('{"error":"Sign in first"}', { status: 401 });
        answers.push(response);
        return response;
      }),
    );

    await expect(apiRequest("/api/auth/user", { on401: "return-null" })).resolves.toBeNull();
    await expect(apiRequest("/api/auth/user")).rejects.toThrow("401");

    expect(answers).toHaveLength(2);
    for (const response of answers) expect(response.bodyUsed).toBe(true);
  });

  it("still throws other failures when 401 yields null", async () => {
    respondWith("boom", { status: 500, statusText: "Internal Server Error" });

    await expect(apiRequest("/api/auth/user", { on401: "return-null" })).rejects.toThrow(
      "500: boom",
    );
  });

  it("returns null for an empty success response", async () => {
    respondWith("", { status: 200 });

    await expect(apiRequest("/api/chat/abc", { method: "DELETE" })).resolves.toBeNull();
  });

  it("hands the JSON to the parse option and returns its result", async () => {
    const parse = (json: unknown): { exists: boolean } => {
      if (
        typeof json === "object" &&
        json !== null &&
        "exists" in json &&
        typeof json.exists === "boolean"
      ) {
        return { exists: json.exists };
      }
      throw new TypeError("Unexpected lookup response");
    };

    respondWith(JSON.stringify({ exists: true, extra: 1 }), { status: 200 });
    await expect(
      apiRequest("/api/auth/lookup", { method: "POST", body: {}, parse }),
    ).resolves.toEqual({
      exists: true,
    });

    respondWith(JSON.stringify({ exists: "yes" }), { status: 200 });
    await expect(
      apiRequest("/api/auth/lookup", { method: "POST", body: {}, parse }),
    ).rejects.toThrow("Unexpected lookup response");
  });
});

describe("ApiError codes", () => {
  it("reads the shared error code from the body", async () => {
    respondWith('{"error":"Daily limit reached. Resets tomorrow.","code":"daily_limit"}', {
      status: 429,
    });

    const error: unknown = await apiRequest("/api/annotations/1").catch(
      (caught: unknown) => caught,
    );

    expect(isApiError(error, "daily_limit")).toBe(true);
    expect(isApiError(error, "google_busy")).toBe(false);
    expect((error as ApiError).code).toBe("daily_limit");
  });

  it.each([
    ["a code outside the vocabulary", '{"error":"x","code":"INVALID_CALLBACKURL"}'],
    ["no code", '{"error":"x"}'],
    ["a body that is not JSON", "<html>bad gateway</html>"],
    ["an empty body", ""],
  ])("has no code for %s", (_, body) => {
    expect(new ApiError(502, "Bad Gateway", body).code).toBeNull();
  });
});
