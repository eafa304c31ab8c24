import { describe, expect, it } from "vitest";
import { dataRetention } from "../../../shared/data-retention.js";
import type { AccountTombstone, User } from "../../db/schema/index.js";
import { carriedLimitsOf, tombstoneOf } from "./account-tombstones.js";

const day = 24 * 60 * 60 * 1000;
const now = new Date("2026-11-26T15:30:00Z");
const today = new Date("2026-11-26T00:00:00Z");
const yesterday = new Date("2026-11-25T00:00:00Z");
const tomorrow = new Date("2026-11-27T00:00:00Z");

function user(fields: Partial<User>): User {
  return {
    email: "ada@example.com",
    dailyAnnotationCount: 0,
    dailyCountResetAt: null,
    dailyAssistantMessageCount: 0,
    assistantCountDay: null,
    lockedPropertyId: null,
    ...fields,
  } as User;
}

describe("the tombstone of a deleted account", () => {
  it("is not written when nothing of today's use or a lock needs keeping", () => {
    expect(tombstoneOf(user({}), "hash", now)).toBeNull();
    // Yesterday's counts have already expired.
    const stale = user({
      dailyAnnotationCount: 5,
      dailyCountResetAt: yesterday,
      dailyAssistantMessageCount: 30,
      assistantCountDay: yesterday,
    });
    expect(tombstoneOf(stale, "hash", now)).toBeNull();
  });

  it("keeps today's counts until the UTC day ends", () => {
    const used = user({
      dailyAnnotationCount: 4,
      dailyCountResetAt: today,
      dailyAssistantMessageCount: 2,
      assistantCountDay: today,
    });
    expect(tombstoneOf(used, "hash", now)).toEqual({
      addressHash: "hash",
      annotationCount: 4,
      annotationCountDay: today,
      assistantMessageCount: 2,
      assistantCountDay: today,
      lockedPropertyId: null,
      lockKeptUntil: null,
      expiresAt: tomorrow,
    });
  });

  it(`keeps the property lock ${dataRetention.deletedAccountLockDays} days, past the counts`, () => {
    const locked = user({
      lockedPropertyId: "123456",
      dailyAnnotationCount: 1,
      dailyCountResetAt: today,
    });
    const until = new Date(now.getTime() + dataRetention.deletedAccountLockDays * day);
    expect(tombstoneOf(locked, "hash", now)).toMatchObject({
      annotationCount: 1,
      assistantMessageCount: 0,
      assistantCountDay: null,
      lockedPropertyId: "123456",
      lockKeptUntil: until,
      expiresAt: until,
    });
  });
});

describe("what a new account starts with", () => {
  const tombstone: AccountTombstone = {
    addressHash: "hash",
    annotationCount: 5,
    annotationCountDay: today,
    assistantMessageCount: 3,
    assistantCountDay: today,
    lockedPropertyId: "123456",
    lockKeptUntil: new Date(now.getTime() + 10 * day),
    expiresAt: new Date(now.getTime() + 10 * day),
    createdAt: now,
  };

  it("is the day's counts and the lock on the same day", () => {
    expect(carriedLimitsOf(tombstone, now)).toEqual({
      dailyAnnotationCount: 5,
      dailyCountResetAt: today,
      dailyAssistantMessageCount: 3,
      assistantCountDay: today,
      lockedPropertyId: "123456",
    });
  });

  it("is only the lock on a later day, and nothing once the lock's period is over", () => {
    expect(carriedLimitsOf(tombstone, new Date(now.getTime() + day))).toEqual({
      lockedPropertyId: "123456",
    });
    expect(carriedLimitsOf(tombstone, new Date(now.getTime() + 10 * day))).toEqual({});
  });
});
