import { invalidArgument } from "../http/google-api-error.js";
import { queryInt32, type JsonObject } from "../http/proto-json.js";

/** page_size semantics shared by the Admin API list methods: default 50, max 200 (coerced), never negative. */
export function pageSizeOf(query: URLSearchParams): number {
  const size = queryInt32(query, "pageSize", "page_size") ?? 0;
  if (size < 0) throw invalidArgument("page_size", "page_size must not be negative.");
  return size === 0 ? 50 : Math.min(size, 200);
}

export function encodePageToken(payload: JsonObject): string {
  return Buffer.from(JSON.stringify(payload)).toString("base64url");
}

export function decodePageToken(token: string): JsonObject {
  try {
    const payload = JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as unknown;
    if (payload && typeof payload === "object" && !Array.isArray(payload))
      return payload as JsonObject;
  } catch {
    // fall through
  }
  throw invalidArgument("page_token", "Invalid page token.");
}
