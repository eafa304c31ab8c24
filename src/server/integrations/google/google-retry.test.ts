import { describe, expect, it } from "vitest";
import { GoogleApiError, googleApiErrorFrom, retryAfterMsOf } from "./google-api-error.js";
import { withGoogleRetry, type RetryPolicy } from "./google-retry.js";

const waits: number[] = [];
const policy: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 100,
  maxDelayMs: 250,
  sleep: async (ms) => void waits.push(ms),
  random: () => 1,
};

/** A call that fails with the given errors in turn, then answers "ok". */
function failing(...errors: unknown[]) {
  let calls = 0;
  const call = async () => {
    calls += 1;
    if (errors.length > 0) throw errors.shift();
    return "ok";
  };
  return { call, calls: () => calls };
}

describe("withGoogleRetry", () => {
  it("retries transient failures with capped exponential backoff", async () => {
    waits.length = 0;
    const google = failing(
      new GoogleApiError(503, "unavailable"),
      new GoogleApiError(429, "busy"),
      new GoogleApiError(0, "reset"),
    );
    await expect(withGoogleRetry(google.call, policy)).resolves.toBe("ok");
    expect(google.calls()).toBe(4);
    expect(waits).toEqual([100, 200, 250]);
  });

  it("gives up after the last attempt with Google's failure", async () => {
    const google = failing(...Array.from({ length: 4 }, () => new GoogleApiError(500, "broken")));
    await expect(withGoogleRetry(google.call, policy)).rejects.toMatchObject({ status: 500 });
    expect(google.calls()).toBe(4);
  });

  it("never repeats a request Google refused for itself", async () => {
    const google = failing(new GoogleApiError(404, "gone"));
    await expect(withGoogleRetry(google.call, policy)).rejects.toMatchObject({ status: 404 });
    expect(google.calls()).toBe(1);
  });

  it("lets an error of our own through at once", async () => {
    const google = failing(new TypeError("a bug"));
    await expect(withGoogleRetry(google.call, policy)).rejects.toBeInstanceOf(TypeError);
    expect(google.calls()).toBe(1);
  });

  it("stops early when the check before a retry finds the work done", async () => {
    const google = failing(new GoogleApiError(502, "lost answer"));
    const result = withGoogleRetry(google.call, policy, async (failure) => ({
      done: true,
      value: `found after ${failure.status}`,
    }));
    await expect(result).resolves.toBe("found after 502");
    expect(google.calls()).toBe(1);
  });

  it("waits as long as Google's Retry-After asks, and stops at once when that is longer than it ever waits", async () => {
    waits.length = 0;
    const soon = new GoogleApiError(429, "busy");
    soon.retryAfterMs = 200;
    const google = failing(soon);
    await expect(withGoogleRetry(google.call, { ...policy, random: () => 0 })).resolves.toBe("ok");
    expect(waits).toEqual([200]);
    const later = new GoogleApiError(429, "busy");
    later.retryAfterMs = 30_000;
    const refused = failing(later);
    await expect(withGoogleRetry(refused.call, policy)).rejects.toBe(later);
    expect(refused.calls()).toBe(1);
  });

  it("reads Retry-After as seconds or an HTTP date, and nothing else", () => {
    const now = Date.parse("2026-12-06T12:00:00Z");
    expect(retryAfterMsOf("120", now)).toBe(120_000);
    expect(retryAfterMsOf("Sun, 06 Dec 2026 12:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterMsOf("Sun, 06 Dec 2026 11:00:00 GMT", now)).toBeUndefined();
    expect(retryAfterMsOf("soon", now)).toBeUndefined();
    expect(retryAfterMsOf("-5", now)).toBeUndefined();
    expect(retryAfterMsOf("999999999999", now)).toBe(24 * 60 * 60 * 1000);
    expect(retryAfterMsOf("0", now)).toBe(0);
    expect(retryAfterMsOf(undefined, now)).toBeUndefined();
    expect(googleApiErrorFrom(429, {}, { header: "7", now }).retryAfterMs).toBe(7000);
  });
});
