/** What the connection said when no answer came: for the log, and for knowing nothing was sent. */
export interface GoogleConnectionFailure {
  /** Node's error code (ECONNRESET, EPIPE, ECONNREFUSED…), when there was one. */
  code?: string;
  /** The request went out on a kept-alive connection that an earlier request had used. */
  reusedSocket: boolean;
  /** Provably never reached Google: no connection was ever made (refused, or no such host). */
  notSent: boolean;
  /**
   * We stopped waiting while Google may still be working on the request: a write may take effect
   * after this failure, unlike one whose connection Google closed or reset.
   */
  timedOut?: boolean;
}

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
    readonly connection?: GoogleConnectionFailure,
  ) {
    super(message);
  }

  /** How long Google asked us to wait before trying again (its Retry-After), when it said. */
  retryAfterMs?: number;

  /** Rate limits, server errors and lost connections; never a 4xx about the request itself. */
  get transient(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500 || this.isRateLimit;
  }

  get isRateLimit(): boolean {
    return (
      this.status === 429 ||
      this.reason === "rateLimitExceeded" ||
      this.reason === "RATE_LIMIT_EXCEEDED"
    );
  }

  /** Whether Google may have carried out a write whose answer we never saw. */
  get outcomeUnknown(): boolean {
    if (this.connection?.notSent) return false;
    return this.status === 0 || this.status >= 500;
  }

  /** The facts worth a log line when a write ends unconfirmed; never a token or a body. */
  get logFields() {
    return {
      status: this.status,
      message: this.message,
      googleStatus: this.googleStatus,
      reason: this.reason,
      code: this.connection?.code,
      reusedSocket: this.connection?.reusedSocket,
      notSent: this.connection?.notSent ?? false,
      timedOut: this.connection?.timedOut ?? false,
      outcomeUnknown: this.outcomeUnknown,
    };
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

/** Longest wait a Retry-After is taken at: beyond a day it is not an answer to plan around. */
const longestRetryAfterMs = 24 * 60 * 60 * 1000;

/**
 * A Retry-After header in milliseconds from `now`: whole seconds, or an HTTP date (RFC 9110
 * 10.2.3); anything else, or a date in the past, is no ask to wait.
 */
export function retryAfterMsOf(header: string | undefined, now: number): number | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  if (!Number.isFinite(ms) || ms < 0) return undefined;
  return Math.min(ms, longestRetryAfterMs);
}

/** Reads Google's error answer (google.rpc.Status as JSON); any other body keeps the HTTP status. */
export function googleApiErrorFrom(
  status: number,
  body: unknown,
  retryAfter?: { header: string | undefined; now: number },
): GoogleApiError {
  const details =
    typeof body === "object" && body !== null ? (body as GoogleErrorBody).error : undefined;
  const reason =
    details?.details?.find((detail) => detail.reason)?.reason ??
    details?.errors?.find((e) => e.reason)?.reason;
  const failure = new GoogleApiError(
    status,
    details?.message ?? `Google answered ${status}`,
    details?.status,
    reason,
  );
  const wait = retryAfter && retryAfterMsOf(retryAfter.header, retryAfter.now);
  if (wait !== undefined) failure.retryAfterMs = wait;
  return failure;
}
