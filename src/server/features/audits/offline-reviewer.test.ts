import { describe, expect, it } from "vitest";
import { categoryPresets } from "../../../shared/categories.js";
import type { Category } from "../../../shared/contracts/categories.js";
import { auditFixtures } from "../../../../test/fixtures/audit-annotations.js";
import { checkReviewedSuggestions, type ReviewableAnnotation } from "./audit-reviewer.js";
import { createOfflineReviewer } from "./offline-reviewer.js";

const annotations: ReviewableAnnotation[] = auditFixtures.map((fixture, index) => ({
  annotationId: `a${String(index + 1).padStart(3, "0")}`,
  title: fixture.title,
  description: fixture.description,
  color: fixture.color,
  date: fixture.date,
  categoryId: null,
}));

function category(id: string, preset: (typeof categoryPresets)[number]): Category {
  return {
    id,
    name: preset.name,
    color: preset.color,
    description: preset.description,
    titleTemplate: preset.titleTemplate,
    isDefault: false,
    createdAt: "2015-01-01T00:00:00.000Z",
    updatedAt: "2015-01-01T00:00:00.000Z",
  };
}

async function reviewAll(categories: Category[]) {
  const reviewer = createOfflineReviewer();
  const out = [];
  for (let start = 0; start < annotations.length; start += reviewer.batchSize) {
    const batch = annotations.slice(start, start + reviewer.batchSize);
    const reviewed = await reviewer.review(batch, { categories, all: annotations });
    out.push(...checkReviewedSuggestions(reviewed, batch, categories).accepted);
  }
  return out;
}

describe("the offline reviewer on a property's worth of annotations", () => {
  it("suggests what each annotation needs, and nothing for those that need nothing", async () => {
    const suggestions = await reviewAll([]);
    const byId = new Map(suggestions.map((s) => [s.annotationId, s]));
    const problems: string[] = [];
    auditFixtures.forEach((fixture, index) => {
      const id = annotations[index]!.annotationId;
      const got = byId.get(id);
      const { expected } = fixture;
      if (expected.none) {
        if (got) problems.push(`${fixture.title}: expected none, got ${JSON.stringify(got)}`);
        return;
      }
      if (!got) return problems.push(`${fixture.title}: expected a suggestion, got none`);
      const preset = categoryPresets.find((p) => p.prefix === expected.category);
      if ((got.newCategory?.name ?? null) !== (preset?.name ?? null))
        problems.push(`${fixture.title}: category ${got.newCategory?.name} ≠ ${preset?.name}`);
      if ((got.suggestedTitle ?? undefined) !== expected.title)
        problems.push(`${fixture.title}: title "${got.suggestedTitle}" ≠ "${expected.title}"`);
      if (preset && fixture.color !== preset.color && got.suggestedColor !== preset.color)
        problems.push(`${fixture.title}: colour ${got.suggestedColor} ≠ ${preset.color}`);
      if (expected.vague && !/vague/.test(got.aiReasoning))
        problems.push(`${fixture.title}: not called vague`);
      if (Boolean(expected.duplicate) !== (got.duplicateOf !== null))
        problems.push(`${fixture.title}: duplicate ${got.duplicateOf}`);
      // An empty description filled from the title and date would only repeat them.
      if (got.suggestedDescription !== null)
        problems.push(`${fixture.title}: description made up: ${got.suggestedDescription}`);
      if (got.suggestedTitle && /(^|·)\s*[—–-]|[—–-]\s*(·|$)/.test(got.suggestedTitle))
        problems.push(`${fixture.title}: stray separator in "${got.suggestedTitle}"`);
      if (!/^[A-Z"].*\.$/.test(got.aiReasoning) || got.aiReasoning.split(". ").length > 1)
        problems.push(`${fixture.title}: reasoning is not one sentence: ${got.aiReasoning}`);
    });
    expect(problems).toEqual([]);
    expect(auditFixtures.length).toBeGreaterThanOrEqual(60);
  });

  it("uses the person's own category, with its id, when they have one for the preset", async () => {
    const releases = category("11111111-1111-4111-8111-111111111111", categoryPresets[1]!);
    const suggestions = await reviewAll([releases]);
    const deploy = suggestions.find((s) => s.annotationId === "a002")!;
    expect(deploy.suggestedCategoryId).toBe(releases.id);
    expect(deploy.newCategory).toBeNull();
    const sale = suggestions.find((s) => s.annotationId === "a001")!;
    expect(sale.newCategory?.name).toBe("Campaigns & Promos");
  });

  it("leaves an annotation already in its category and template alone", async () => {
    const releases = category("22222222-2222-4222-8222-222222222222", categoryPresets[1]!);
    const tidy: ReviewableAnnotation = {
      annotationId: "tidy",
      title: "RELEASE · Checkout · Deploy v2.3 · Prod",
      description: "Checkout redesign shipped.",
      color: "BLUE",
      date: "2015-03-04",
      categoryId: releases.id,
    };
    const reviewed = await createOfflineReviewer().review([tidy], {
      categories: [releases],
      all: [tidy],
    });
    expect(reviewed).toEqual([]);
  });

  it("never invents a segment: a template's unknown placeholders are left out", async () => {
    const custom: Category = {
      ...category("33333333-3333-4333-8333-333333333333", categoryPresets[0]!),
      name: "Growth",
      titleTemplate: "GROWTH · [Owner] · [What] · [Budget]",
    };
    const [suggestion] = await createOfflineReviewer().review(
      [{ ...annotations[0]!, title: "Growth push on referrals", categoryId: null }],
      { categories: [custom], all: [] },
    );
    expect(suggestion?.suggestedTitle).toBe("GROWTH · Push on referrals");
    expect(suggestion?.suggestedCategoryId).toBe(custom.id);
  });
});
