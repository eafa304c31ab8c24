import { describe, expect, it } from "vitest";
import { hasPropertyName, propertyLabel } from "./property-label.js";

describe("propertyLabel", () => {
  it("names a property by its display name", () => {
    expect(propertyLabel("307927948", "Shop AU")).toBe("Shop AU");
    expect(propertyLabel("307927948", "  Shop AU ")).toBe("Shop AU");
    expect(hasPropertyName("Shop AU")).toBe(true);
  });

  it("falls back to the number while the name is unknown or empty", () => {
    expect(propertyLabel("307927948", undefined)).toBe("property 307927948");
    expect(propertyLabel("307927948", null)).toBe("property 307927948");
    expect(propertyLabel("307927948", " ")).toBe("property 307927948");
    expect(hasPropertyName(" ")).toBe(false);
    expect(hasPropertyName(undefined)).toBe(false);
  });
});
