import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox, parseEncryptionKey } from "./secret-box.js";

describe("secret box", () => {
  const box = createSecretBox(randomBytes(32));

  it("opens what it sealed, and never seals the same way twice", () => {
    const sealed = box.seal("ya29.refresh-token");
    expect(sealed).not.toContain("ya29");
    expect(box.open(sealed)).toBe("ya29.refresh-token");
    expect(box.seal("ya29.refresh-token")).not.toBe(sealed);
  });

  it("refuses a tampered value and another key's value", () => {
    const sealed = box.seal("secret");
    const parts = sealed.split(".");
    const flipped = Buffer.from(parts[3]!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      box.open([...parts.slice(0, 3), flipped.toString("base64url")].join(".")),
    ).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
    expect(() => box.open("plain text")).toThrow();
  });

  it("accepts only 32-byte keys", () => {
    expect(parseEncryptionKey(randomBytes(32).toString("base64"))).toHaveLength(32);
    expect(() => parseEncryptionKey("c2hvcnQ=")).toThrow(/32 bytes/);
  });
});
