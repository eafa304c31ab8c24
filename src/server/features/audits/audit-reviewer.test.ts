import { describe, expect, it } from "vitest";
import {
  checkReviewedSuggestions,
  type ReviewableAnnotation,
  type ReviewedSuggestion,
} from "./audit-reviewer.js";

const annotation: ReviewableAnnotation = {
  annotationId: "a1",
  title: "deploy",
  description: "",
  color: "BLUE",
  date: "2025-03-01",
  categoryId: null,
};

function suggestion(fields: Partial<ReviewedSuggestion>): ReviewedSuggestion {
  return {
    annotationId: "a1",
    suggestedTitle: null,
    suggestedDescription: null,
    suggestedColor: null,
    suggestedCategoryId: null,
    newCategory: null,
    duplicateOf: null,
    vagueTitle: false,
    aiReasoning: "Says what was deployed.",
    ...fields,
  };
}

describe("a reviewer's suggestions are held to the table's text rules", () => {
  it.each([
    ["a title of zero-width characters", { suggestedTitle: "\u200B\u2060" }],
    ["a title with a right-to-left override", { suggestedTitle: "Deploy \u202Egnp.exe" }],
    ["a description with an isolate", { suggestedDescription: "See \u2067hidden\u2069" }],
    ["a description of invisible characters", { suggestedDescription: "\u200D\u200C" }],
    [
      "a new category with an invisible name",
      { newCategory: { name: "\u200B", description: "", color: "BLUE" as const } },
    ],
  ])("refuses %s", (_name, fields) => {
    expect(checkReviewedSuggestions([suggestion(fields)], [annotation], [])).toEqual({
      accepted: [],
      refused: 1,
    });
  });

  it("accepts clean text, right-to-left titles with their marks included", () => {
    const answers = [suggestion({ suggestedTitle: "Release: עדכון\u200F v2" })];
    const { accepted, refused } = checkReviewedSuggestions(answers, [annotation], []);
    expect(refused).toBe(0);
    expect(accepted.map((s) => s.suggestedTitle)).toEqual(["Release: עדכון\u200F v2"]);
  });
});

describe("a reviewer's suggestions say something new", () => {
  const sale: ReviewableAnnotation = { ...annotation, title: "Spring sale launch" };

  it.each([
    "Campaigns & Promos: Spring sale launch (2025-03-01).",
    "Spring sale launch on 2025-03-01",
    "spring SALE launch.",
  ])("drops a description that only repeats the title and date: %s", (filler) => {
    const { accepted } = checkReviewedSuggestions(
      [suggestion({ suggestedDescription: filler, suggestedColor: "PURPLE" })],
      [sale],
      [],
    );
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.suggestedDescription).toBeNull();
  });

  it("keeps a description that adds a fact, and drops a suggestion of filler alone", () => {
    const added = "Spring sale launch: 20% off outerwear, emailed to the AU list.";
    expect(
      checkReviewedSuggestions([suggestion({ suggestedDescription: added })], [sale], [])
        .accepted[0]?.suggestedDescription,
    ).toBe(added);
    expect(
      checkReviewedSuggestions(
        [suggestion({ suggestedDescription: "Spring sale launch (2025-03-01)." })],
        [sale],
        [],
      ),
    ).toEqual({ accepted: [], refused: 0 });
  });

  it("writes a suggested title to the template of the category it proposes", () => {
    const { accepted } = checkReviewedSuggestions(
      [
        suggestion({
          suggestedTitle: "iPhone spring sale launch",
          newCategory: { name: "Campaigns & Promos", description: "", color: "PURPLE" },
        }),
      ],
      [sale],
      [],
    );
    expect(accepted[0]!.suggestedTitle).toBe("CAMPAIGN · iPhone spring sale launch");
  });

  it("never says the category's word twice, whatever the reviewer wrote", () => {
    const release: ReviewableAnnotation = { ...annotation, title: "release 2.4" };
    const { accepted } = checkReviewedSuggestions(
      [
        suggestion({
          suggestedTitle: "RELEASE · Release 2.4",
          newCategory: { name: "Site/App Releases", description: "", color: "BLUE" },
        }),
      ],
      [release],
      [],
    );
    expect(accepted[0]!.suggestedTitle).toBe("Release 2.4");
  });
});
