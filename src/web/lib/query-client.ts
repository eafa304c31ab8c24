import { QueryClient, type QueryFunction, type QueryKey } from "@tanstack/react-query";
import { apiRequest, type UnauthorizedBehavior } from "./api-client";

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: {
      /**
       * The API address this query GETs. A query that says so can be answered by the server
       * while it draws a signed-in page, so the page arrives with its data (server-render.tsx).
       */
      path?: string;
    };
  }
}

/**
 * Builds the request path from a query key by joining its parts with slashes:
 * ["/api/annotations", "123"] → "/api/annotations/123". Parts after the first are ids that come
 * from users or URLs, so they are encoded; the first part is the literal route prefix.
 */
export function queryKeyToPath(queryKey: QueryKey): string {
  const parts = queryKey.map((part, index) => {
    if (typeof part !== "string" && typeof part !== "number") {
      throw new TypeError(
        `Query key part ${index} must be a string or number to become a URL path.`,
      );
    }
    return index === 0 ? String(part) : encodeURIComponent(String(part));
  });
  return parts.join("/");
}

/** A GET query function for keys shaped like paths; pass "return-null" where 401 means "signed out". */
export function createPathQueryFn({
  on401,
}: {
  on401: UnauthorizedBehavior;
}): QueryFunction<unknown> {
  return ({ queryKey, signal }) =>
    on401 === "return-null"
      ? apiRequest(queryKeyToPath(queryKey), { signal, on401 })
      : apiRequest(queryKeyToPath(queryKey), { signal });
}

/**
 * The app's query defaults: data stays fresh until something invalidates it, nothing
 * refetches on focus or on a timer, and failures surface at once instead of being retried.
 * Individual queries opt in to polling (the audit does) rather than out of it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: createPathQueryFn({ on401: "throw" }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
