import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient, queryKeyToPath } from "./query-client";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("createQueryClient", () => {
  it("uses the spec's defaults: no retries, no refetch on focus, never stale by time", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();

    expect(queries?.retry).toBe(false);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.staleTime).toBe(Infinity);
    expect(mutations?.retry).toBe(false);
  });

  it("fetches a query by GETting the path its key spells, with the session cookie", async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ properties: [] }), { status: 200 }),
    );
    vi.stubGlobal("fetch", fetchMock);

    const data = await createQueryClient().fetchQuery({ queryKey: ["/api/annotations", "123"] });

    expect(data).toEqual({ properties: [] });
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/annotations/123",
      expect.objectContaining({ method: "GET", credentials: "include" }),
    );
  });

  it("does not retry a failed query", async () => {
    const fetchMock = vi.fn(async () => new Response("down", { status: 500 }));
    vi.stubGlobal("fetch", fetchMock);

    await expect(createQueryClient().fetchQuery({ queryKey: ["/api/properties"] })).rejects.toThrow(
      "500: down",
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("queryKeyToPath", () => {
  it("joins key parts with slashes", () => {
    expect(queryKeyToPath(["/api/audits", 42, "suggestions"])).toBe("/api/audits/42/suggestions");
  });

  it("encodes the parts after the route prefix", () => {
    expect(queryKeyToPath(["/api/chat", "a/b?c"])).toBe("/api/chat/a%2Fb%3Fc");
  });

  it("rejects parts that cannot be a path segment", () => {
    expect(() => queryKeyToPath(["/api/annotations", { id: 1 }])).toThrow(TypeError);
  });
});
