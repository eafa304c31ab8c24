import { describe, expect, it } from "vitest";
import { isTheme, resolveTheme } from "./theme-preference";

describe("resolveTheme", () => {
  it("prefers the stored choice over the system setting", () => {
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
  });

  it("follows the system dark preference when nothing is stored", () => {
    expect(resolveTheme(null, true)).toBe("dark");
  });

  it("falls back to light", () => {
    expect(resolveTheme(null, false)).toBe("light");
  });
});

describe("isTheme", () => {
  it("accepts only light and dark", () => {
    expect(isTheme("light")).toBe(true);
    expect(isTheme("dark")).toBe(true);
    expect(isTheme("system")).toBe(false);
    expect(isTheme(null)).toBe(false);
  });
});
