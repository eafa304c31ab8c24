import { isErrorCode, type ErrorCode } from "../../shared/contracts/errors";

/**
 * The one way the web app talks to the API. Every call carries the session cookie, sends and
 * reads JSON, and turns any non-2xx response into an ApiError.
 */

/** A non-2xx response. The message format `${status}: ${body or statusText}` is what toasts show. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly statusText: string;
  /** The raw response body; servers put their own error text here. */
  readonly bodyText: string;

  /** What went wrong, from the shared vocabulary; null when the body names no known code. */
  readonly code: ErrorCode | null;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.status = status;
    this.statusText = statusText;
    this.bodyText = bodyText;
    this.code = errorCodeOf(bodyText);
  }
}

function errorCodeOf(bodyText: string): ErrorCode | null {
  try {
    const body: unknown = JSON.parse(bodyText);
    const code = typeof body === "object" && body !== null && "code" in body ? body.code : null;
    return isErrorCode(code) ? code : null;
  } catch {
    return null;
  }
}

/** Whether `error` is an API refusal, optionally one with the given code. */
export function isApiError(error: unknown, code?: ErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * What to do with 401 Unauthorized. "throw" (the default) treats it like any other failure;
 * "return-null" suits "who is signed in?" calls, where signed out is an answer, not an error.
 */
export type UnauthorizedBehavior = "throw" | "return-null";

export interface ApiRequestOptions<T> {
  method?: HttpMethod;
  /** Sent as JSON. Leave undefined for requests without a body. */
  body?: unknown;
  /**
   * Checks the response's shape (e.g. a shared zod schema's `parse`). Without it the result is
   * whatever the server sent, typed as `T` on the caller's word, so prefer passing one.
   */
  parse?: (json: unknown) => T;
  signal?: AbortSignal;
}

export function apiRequest<T = unknown>(
  path: string,
  options: ApiRequestOptions<T> & { on401: "return-null" },
): Promise<T | null>;
export function apiRequest<T = unknown>(
  path: string,
  options?: ApiRequestOptions<T> & { on401?: "throw" },
): Promise<T>;
export async function apiRequest<T>(
  path: string,
  options: ApiRequestOptions<T> & { on401?: UnauthorizedBehavior } = {},
): Promise<T | null> {
  const { method = "GET", body, parse, signal, on401 = "throw" } = options;
  const hasBody = body !== undefined;

  const headers: Record<string, string> = { Accept: "application/json" };
  if (hasBody) headers["Content-Type"] = "application/json";

  const response = await fetch(path, {
    method,
    credentials: "include",
    headers,
    body: hasBody ? JSON.stringify(body) : null,
    signal: signal ?? null,
  });

  // Every body is read to its end, even one we ignore: an unread body keeps its connection
  // busy, and the page never reaches network idle (browser tools and crawlers wait on that).
  const text = await response.text();
  if (response.status === 401 && on401 === "return-null") return null;

  if (!response.ok) throw new ApiError(response.status, response.statusText, text);

  // 204 No Content and empty 200s are legitimate answers to DELETE and friends.
  const json: unknown = text === "" ? null : JSON.parse(text);
  return parse ? parse(json) : (json as T);
}
