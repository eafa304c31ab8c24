import { describe, expect, it } from "vitest";
import { matchesPropertySearch, typedPropertyId } from "./property-search";

describe("typedPropertyId", () => {
  it.each([
    ["123456789", "123456789"],
    ["  123456789 ", "123456789"],
    ["properties/123456789", "123456789"],
    ["Properties/42", "42"],
  ])("reads %j as property %s", (text, id) => {
    expect(typedPropertyId(text)).toBe(id);
  });

  it.each([
    "",
    "shop",
    "123 456",
    "properties/",
    "properties/abc",
    "G-12345",
    "-1",
    "1".repeat(21),
  ])("reads %j as no property id", (text) => {
    expect(typedPropertyId(text)).toBeNull();
  });
});

describe("matchesPropertySearch", () => {
  const shop = ["Shop - GA4", "491764404", "Acme"];

  it("matches a part of the name, id or account, whatever the case", () => {
    expect(matchesPropertySearch("shop", shop)).toBe(true);
    expect(matchesPropertySearch("GA4", shop)).toBe(true);
    expect(matchesPropertySearch("1764", shop)).toBe(true);
    expect(matchesPropertySearch("ACME", shop)).toBe(true);
    expect(matchesPropertySearch("properties/4917", shop)).toBe(true);
  });

  it("matches everything when nothing is typed, and nothing that is absent", () => {
    expect(matchesPropertySearch("  ", shop)).toBe(true);
    expect(matchesPropertySearch("blog", shop)).toBe(false);
    expect(matchesPropertySearch("properties/999", shop)).toBe(false);
  });
});
