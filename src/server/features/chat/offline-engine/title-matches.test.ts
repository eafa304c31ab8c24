import { describe, expect, it } from "vitest";
import { titleMatches } from "./title-matches.js";

const items = [
  { title: "Radio spots in Manchester" },
  { title: "Pintrest holiday pins" },
  { title: "Loyalty points relaunch" },
  { title: "Search outage" },
  { title: "Payment gateway outage" },
];
const found = (reference: string) => titleMatches(items, reference);

describe("a reference to an annotation by some of its words", () => {
  it("is a guess (loose) that finds the one it can only mean", () => {
    for (const [reference, title] of [
      ["the radio thing", "Radio spots in Manchester"],
      ["the manchester radio spots", "Radio spots in Manchester"],
      ["the pinterest one", "Pintrest holiday pins"],
      ["the loyalty thing", "Loyalty points relaunch"],
    ] as const) {
      const result = found(reference);
      expect(
        result.matches.map((item) => item.title),
        reference,
      ).toEqual([title]);
      expect(result.loose, reference).toBe(true);
    }
  });

  it("finds every annotation a shared word names, for the person to choose", () => {
    expect(found("the outage one").matches).toHaveLength(2);
  });

  it("takes no short word or pointer alone as a reference", () => {
    expect(found("the one").matches).toEqual([]);
    expect(found("the ad thing").matches).toEqual([]);
  });

  it("is exact, or part of a title, where the words say so", () => {
    expect(found("search outage")).toEqual({ matches: [items[3]], loose: false });
    expect(found("holiday pins").partial).toBe(true);
  });
});
