import { isApiError } from "./api-client";

/**
 * The server's own words for a failed request, for toasts and form errors. Our API answers
 * `{ error }`; Better Auth's endpoints answer `{ message, code }`. Returns null when the body
 * carries neither (network failure, HTML error page, empty body), so callers use their fallback.
 */
export function serverErrorMessage(error: unknown): string | null {
  if (!isApiError(error) || error.bodyText === "") return null;
  let body: unknown;
  try {
    body = JSON.parse(error.bodyText);
  } catch {
    return null;
  }
  if (typeof body !== "object" || body === null) return null;
  for (const field of ["error", "message"] as const) {
    const value = (body as Record<string, unknown>)[field];
    if (typeof value === "string" && value.trim() !== "") return value;
  }
  return null;
}
