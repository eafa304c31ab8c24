import { GoogleApiError } from "./google-api-error.js";

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Injected in tests so that backoff costs no real time. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** Interactive requests: a person is waiting, so give up after a few seconds in all. */
export const interactiveRetryPolicy: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 2_000,
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a Google call, retrying transient failures (429, 5xx, rate-limit 403s, lost connections)
 * with exponential backoff and full jitter. Anything else fails at once. `beforeRetry` may end
 * the loop early with a value, which is how a create checks whether its lost attempt landed.
 */
export async function withGoogleRetry<T>(
  call: () => Promise<T>,
  policy: RetryPolicy,
  beforeRetry?: (failure: GoogleApiError) => Promise<{ done: true; value: T } | { done: false }>,
): Promise<T> {
  const sleep = policy.sleep ?? defaultSleep;
  const random = policy.random ?? Math.random;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (caught) {
      // Only Google's failures may be transient; a bug of ours must surface at once.
      if (!(caught instanceof GoogleApiError) || !caught.transient || attempt >= policy.attempts)
        throw caught;
      const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
      const asked = caught.retryAfterMs;
      // Google said when to come back: sooner would be refused again; later than this policy ever
      // waits, and the caller hears it now (with the wait) rather than after retries Google refuses.
      if (asked !== undefined && asked > policy.maxDelayMs) throw caught;
      await sleep(Math.max(Math.round(random() * ceiling), asked ?? 0));
      if (beforeRetry) {
        const check = await beforeRetry(caught);
        if (check.done) return check.value;
      }
    }
  }
}
