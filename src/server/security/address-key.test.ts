import { describe, expect, it } from "vitest";
import { createAddressKey, normaliseAddress } from "./address-key.js";

const secret = "a-session-secret-that-is-long-enough-0123456789";

describe("the address key", () => {
  const keyOf = createAddressKey(secret);

  it("is the same for an address however it is cased or padded", () => {
    expect(keyOf(" Ada.Lovelace@Example.COM ")).toBe(keyOf("ada.lovelace@example.com"));
    expect(normaliseAddress("  Ada@Example.com\t")).toBe("ada@example.com");
  });

  it("tells apart addresses that differ by a dot or a +tag, which may be other people", () => {
    const keys = new Set(
      ["ada@example.com", "a.da@example.com", "ada+work@example.com", "ada@example.org"].map(keyOf),
    );
    expect(keys.size).toBe(4);
  });

  it("holds nothing of the address and depends on the secret", () => {
    const key = keyOf("ada@example.com");
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key).not.toContain("ada");
    expect(createAddressKey(`${secret}-other`)("ada@example.com")).not.toBe(key);
  });
});
