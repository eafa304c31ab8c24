import { describe, expect, it } from "vitest";
import { newRequestId } from "./request-id";

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("newRequestId", () => {
  it("is a fresh version 4 UUID every time", () => {
    const ids = new Set(Array.from({ length: 50 }, () => newRequestId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(uuidV4);
  });

  it("makes the same format where randomUUID is missing (plain http pages)", () => {
    const own = Object.getOwnPropertyDescriptor(crypto, "randomUUID");
    Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 50 }, () => newRequestId()));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(uuidV4);
    } finally {
      if (own) Object.defineProperty(crypto, "randomUUID", own);
      else Reflect.deleteProperty(crypto, "randomUUID");
    }
    expect(typeof crypto.randomUUID).toBe("function");
  });
});
