import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/test-database.js";
import { isAppError } from "../app-error.js";
import { busySignInMessage } from "../features/auth/auth-routes.js";
import { createRateLimiter, type RateLimitRule } from "./rate-limiter.js";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const minute = 60_000;

async function refusalOf(attempt: Promise<void>) {
  const error = await attempt.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!isAppError(error, "rate_limited")) throw new Error(`expected a refusal, got ${error}`);
  return { message: error.message, retryAfterSeconds: error.retryAfterSeconds };
}

describe("a refused hit", () => {
  it("says how long to wait, in the rule's own words when it has them", async () => {
    let clock = Date.UTC(2026, 10, 27, 12, 0, 0);
    const limiter = createRateLimiter(database.db, () => clock);
    const ceiling: RateLimitRule = {
      name: "test-ceiling",
      max: 2,
      windowMs: 60 * minute,
      refusal: busySignInMessage,
    };
    await limiter.hit(ceiling, "all");
    await limiter.hit(ceiling, "all");
    expect(await refusalOf(limiter.hit(ceiling, "all"))).toEqual({
      message: "Too many sign-in requests right now. Please try again in about 60 minutes.",
      retryAfterSeconds: 3600,
    });

    clock += 56 * minute;
    expect(await refusalOf(limiter.hit(ceiling, "all"))).toEqual({
      message: "Too many sign-in requests right now. Please try again in a few minutes.",
      retryAfterSeconds: 240,
    });

    // A new window, a new allowance.
    clock += 4 * minute;
    await expect(limiter.hit(ceiling, "all")).resolves.toBeUndefined();

    const plain: RateLimitRule = { name: "test-plain", max: 1, windowMs: minute };
    await limiter.hit(plain, "203.0.113.9");
    expect(await refusalOf(limiter.hit(plain, "203.0.113.9"))).toEqual({
      message: "Too many attempts. Please wait a moment and try again.",
      retryAfterSeconds: 60,
    });
  });
});

describe("the ceiling's sentence", () => {
  it.each([
    [1, "in a few minutes"],
    [300, "in a few minutes"],
    [301, "in about 6 minutes"],
    [3600, "in about 60 minutes"],
  ])("after %i seconds: %s", (seconds, when) => {
    expect(busySignInMessage(seconds)).toBe(
      `Too many sign-in requests right now. Please try again ${when}.`,
    );
  });
});
