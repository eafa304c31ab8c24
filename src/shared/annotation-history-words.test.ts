import { describe, expect, it } from "vitest";
import type { AnnotationChange, AnnotationFields } from "./contracts/annotation-history.js";
import {
  deletedCategoryName,
  historyHeadline,
  historyLines,
  historyLineText,
  isRestorable,
} from "./annotation-history-words.js";

const day = (year: number, month: number, dayOfMonth: number) => ({
  year,
  month,
  day: dayOfMonth,
});

const campaign = "11111111-1111-4111-8111-111111111111";
const release = "22222222-2222-4222-8222-222222222222";
const gone = "33333333-3333-4333-8333-333333333333";
const names = { [campaign]: "Campaign", [release]: "Release" };

const fields: AnnotationFields = {
  title: "Winter sale",
  description: "",
  color: "BLUE",
  annotationDate: day(2026, 11, 20),
  categoryId: campaign,
};

function change(overrides: Partial<AnnotationChange>): AnnotationChange {
  return {
    changeId: "44444444-4444-4444-8444-444444444444",
    propertyId: "123",
    annotationId: "a1",
    kind: "updated",
    source: "tidemark",
    at: "2026-11-23T21:05:00.000Z",
    before: fields,
    after: fields,
    undoes: null,
    undoneBy: null,
    restores: null,
    ...overrides,
  };
}

const texts = (entry: AnnotationChange) =>
  historyLines(entry, names).map((line) => historyLineText(line, entry.kind));

describe("an annotation's history in words", () => {
  it("says what an edit changed from what to what, dates in the one format every page uses", () => {
    const edit = change({
      after: {
        ...fields,
        title: "Winter sale (EU)",
        color: "RED",
        annotationDateRange: { startDate: day(2026, 11, 20), endDate: day(2026, 11, 30) },
      },
    });
    expect(texts(edit)).toEqual([
      "Title: “Winter sale” → “Winter sale (EU)”",
      "Dates: 2026-11-20 → 2026-11-20 – 2026-11-30",
      "Colour: Blue → Red",
    ]);
  });

  it("names categories, never their ids, and says which one is gone", () => {
    expect(texts(change({ after: { ...fields, categoryId: release } }))).toEqual([
      "Category: Campaign → Release",
    ]);
    expect(texts(change({ after: { ...fields, categoryId: null } }))).toEqual([
      "Category: Campaign → none",
    ]);
    expect(texts(change({ before: { ...fields, categoryId: gone } }))).toEqual([
      `Category: ${deletedCategoryName} → Campaign`,
    ]);
    // Two deleted categories are still two different ones.
    const both = change({
      before: { ...fields, categoryId: gone },
      after: { ...fields, categoryId: "55555555-5555-4555-8555-555555555555" },
    });
    expect(historyLines(both, names)).toHaveLength(1);
  });

  it("keeps the text a description had when it is removed or replaced", () => {
    const described = { ...fields, description: "Checkout was down for EU visitors" };
    expect(texts(change({ before: described, after: fields }))).toEqual([
      "Description: “Checkout was down for EU visitors” → none",
    ]);
    expect(
      historyLines(change({ before: described, after: { ...described, description: "Fixed" } }), {
        ...names,
      }),
    ).toEqual([
      {
        field: "description",
        label: "Description",
        from: "Checkout was down for EU visitors",
        to: "Fixed",
      },
    ]);
  });

  it("says what a create made and what a deletion took away", () => {
    const described = { ...fields, description: "All week" };
    expect(texts(change({ kind: "created", before: null, after: described }))).toEqual([
      "Title: “Winter sale”",
      "Dates: 2026-11-20",
      "Colour: Blue",
      "Category: Campaign",
      "Description: “All week”",
    ]);
    expect(texts(change({ kind: "deleted", before: fields, after: null }))).toEqual([
      "Title: “Winter sale”",
      "Dates: 2026-11-20",
      "Colour: Blue",
      "Category: Campaign",
    ]);
    expect(historyLines(change({ before: null, after: null }), names)).toEqual([]);
  });

  it("heads each entry by what it was, a restore by the version it put back", () => {
    const restoredId = "66666666-6666-4666-8666-666666666666";
    const at = (id: string) => (id === restoredId ? "2026-11-23 16:05 EST" : null);
    expect(historyHeadline(change({ restores: restoredId }), at)).toBe(
      "Restored the version of 2026-11-23 16:05 EST",
    );
    expect(historyHeadline(change({ restores: "77777777-7777-4777-8777-777777777777" }), at)).toBe(
      "Restored an earlier version",
    );
    expect(historyHeadline(change({}))).toBe("Edited");
    expect(historyHeadline(change({ undoes: restoredId }))).toBe("Put back (undo)");
    expect(historyHeadline(change({ kind: "created" }))).toBe("Created");
    expect(historyHeadline(change({ kind: "created", undoes: restoredId }))).toBe(
      "Restored (undo of a deletion)",
    );
    expect(historyHeadline(change({ kind: "deleted" }))).toBe("Deleted");
  });

  it("offers Restore for a version the annotation does not hold, and a deletion not undone", () => {
    const edited = { ...fields, title: "Winter sale (EU)" };
    expect(isRestorable(change({ after: fields }), edited)).toBe(true);
    expect(isRestorable(change({ after: edited }), edited)).toBe(false);
    expect(isRestorable(change({ after: null }), edited)).toBe(false);
    expect(isRestorable(change({ kind: "deleted", after: null }), null)).toBe(true);
    expect(
      isRestorable(
        change({ kind: "deleted", after: null, undoneBy: "88888888-8888-4888-8888-888888888888" }),
        null,
      ),
    ).toBe(false);
  });
});
