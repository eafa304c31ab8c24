/**
 * A failed Google call, reduced to what the app decides on: the HTTP status, Google's status name
 * and ErrorInfo reason, and whether trying again may help.
 */
export class GoogleApiError extends Error {
  override name = "GoogleApiError";

  constructor(
    /** HTTP status; 0 when no answer arrived (connection refused, reset, timed out). */
    readonly status: number,
    message: string,
    readonly googleStatus?: string,
    readonly reason?: string,
  ) {
    super(message);
  }

  /** Rate limits, server errors and lost connections; never a 4xx about the request itself. */
  get transient(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500 || this.isRateLimit;
  }

  get isRateLimit(): boolean {
    return this.status === 429 || this.reason === "rateLimitExceeded" || this.reason === "RATE_LIMIT_EXCEEDED";
  }

  /** Whether Google may have carried out a write whose answer we never saw. */
  get outcomeUnknown(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

interface GoogleErrorBody {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: { reason?: string }[];
    errors?: { reason?: string }[];
  };
}

/** Turns whatever the client library threw into a GoogleApiError. */
export function toGoogleApiError(caught: unknown): GoogleApiError {
  if (caught instanceof GoogleApiError) return caught;
  const error = caught as { status?: number; response?: { status?: number; data?: unknown }; message?: string };
  const status = error.response?.status ?? error.status ?? 0;
  const body = (typeof error.response?.data === "object" ? error.response.data : undefined) as GoogleErrorBody | undefined;
  const details = body?.error;
  const reason = details?.details?.find((detail) => detail.reason)?.reason ?? details?.errors?.find((e) => e.reason)?.reason;
  return new GoogleApiError(status, details?.message ?? error.message ?? "Google request failed", details?.status, reason);
}
