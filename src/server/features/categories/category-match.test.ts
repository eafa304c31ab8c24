import { describe, expect, it } from "vitest";
import { categoryPresets } from "../../../shared/categories.js";
import type { Category } from "../../../shared/contracts/categories.js";
import { matchCategory } from "./categories-service.js";

const category = (name: string, titleTemplate: string | null = null): Category => ({
  id: name,
  name,
  color: "BLUE",
  description: null,
  titleTemplate,
  isDefault: false,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
});

const found = (name: string) => ({ kind: "found", category: expect.objectContaining({ name }) });

describe("the category a word names", () => {
  const mine = [
    category("Releases"),
    category("Campaigns & Promos"),
    category("Paid Social"),
    category("Organic Social"),
    category("Deploys", categoryPresets[2]!.titleTemplate),
  ];

  it("reads a name ignoring case, then in the singular or plural", () => {
    expect(matchCategory(mine, "releases")).toEqual(found("Releases"));
    expect(matchCategory(mine, "release")).toEqual(found("Releases"));
    expect(matchCategory(mine, "  PAID   social ")).toEqual(found("Paid Social"));
  });

  it("reads a preset's prefix as the category with that template, else the preset's name", () => {
    // Deploys carries the INCIDENT template, so "incident" means it.
    expect(matchCategory(mine, "incident")).toEqual(found("Deploys"));
    expect(matchCategory(mine, "CAMPAIGN")).toEqual(found("Campaigns & Promos"));
  });

  it("reads words of a name, and says when they fit several", () => {
    expect(matchCategory(mine, "promos")).toEqual(found("Campaigns & Promos"));
    expect(matchCategory(mine, "social")).toEqual({
      kind: "ambiguous",
      candidates: [mine[2], mine[3]],
    });
  });

  it("names nothing for an unknown word or an empty one, handing back the person's categories", () => {
    expect(matchCategory(mine, "experiments")).toEqual({ kind: "none", categories: mine });
    expect(matchCategory(mine, "")).toEqual({ kind: "none", categories: mine });
    expect(matchCategory([], "release")).toEqual({ kind: "none", categories: [] });
  });
});
