import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  cookieValue,
  createSessionTokenReader,
  readSignedSessionToken,
} from "./signed-session-cookie.js";

const secret = "a-test-secret-that-is-long-enough-0123456789";
const name = "tidemark.session_token";
const signed = (token: string, key = secret) =>
  encodeURIComponent(`${token}.${createHmac("sha256", key).update(token).digest("base64")}`);

describe("readSignedSessionToken", () => {
  it("returns the token of a correctly signed cookie", () => {
    expect(readSignedSessionToken(`${name}=${signed("abc123")}`, name, secret)).toBe("abc123");
  });

  it("finds the cookie among others and takes the first of a name", () => {
    const header = `theme=dark; ${name}=${signed("first")}; other=1; ${name}=${signed("second")}`;
    expect(readSignedSessionToken(header, name, secret)).toBe("first");
  });

  it("accepts a quoted value and a token that itself contains dots", () => {
    expect(readSignedSessionToken(`${name}="${signed("a.b.c")}"`, name, secret)).toBe("a.b.c");
  });

  it.each([
    ["no cookie header", undefined],
    ["another cookie only", "theme=dark"],
    ["a similar name", `x${name}=${signed("abc")}`],
    ["no signature", `${name}=abc123`],
    ["a signature from another secret", `${name}=${signed("abc123", "another-secret")}`],
    ["a changed token", `${name}=${signed("abc123").replace("abc123", "abc124")}`],
    ["a short signature", `${name}=${encodeURIComponent("abc.c2lnbmF0dXJl")}`],
    ["broken percent-encoding", `${name}=%E0%A4%A`],
  ])("returns null for %s", (_case, header) => {
    expect(readSignedSessionToken(header, name, secret)).toBeNull();
  });
});

describe("cookieValue", () => {
  it("ignores pairs without a value separator and trims spaces", () => {
    expect(cookieValue("junk;  a = 1 ;b=2", "a")).toBe("1");
    expect(cookieValue("junk; b=2", "a")).toBeNull();
  });
});

describe("createSessionTokenReader", () => {
  it("reads the same tokens as readSignedSessionToken, remembered or not", () => {
    const read = createSessionTokenReader({ cookieName: name, secret, remember: 2 });
    const headers = ["first", "second", "third", "first"].map(
      (token) => `a=1; ${name}=${signed(token)}`,
    );
    expect(headers.map(read)).toEqual(["first", "second", "third", "first"]);
    expect(headers.map(read)).toEqual(["first", "second", "third", "first"]);
  });

  it("never remembers a cookie whose signature is wrong", () => {
    const read = createSessionTokenReader({ cookieName: name, secret });
    const forged = `${name}=${signed("abc", "another-secret")}`;
    expect(read(forged)).toBeNull();
    expect(read(forged)).toBeNull();
    expect(read(undefined)).toBeNull();
  });
});
