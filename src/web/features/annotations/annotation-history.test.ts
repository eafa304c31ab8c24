import { describe, expect, it } from "vitest";
import type { AnnotationFields } from "../../../shared/contracts/annotation-history";
import { describeEdit } from "./annotation-history";

const day = (year: number, month: number, dayOfMonth: number) => ({
  year,
  month,
  day: dayOfMonth,
});

const fields: AnnotationFields = {
  title: "Winter sale",
  description: "",
  color: "BLUE",
  annotationDate: day(2026, 11, 20),
  categoryId: null,
};

describe("describeEdit", () => {
  it("names each changed field, dates in the one format every page uses", () => {
    const after: AnnotationFields = {
      ...fields,
      title: "Winter sale (EU)",
      color: "RED",
      annotationDateRange: { startDate: day(2026, 11, 20), endDate: day(2026, 11, 30) },
    };
    expect(describeEdit(fields, after)).toEqual([
      "Title: “Winter sale” → “Winter sale (EU)”",
      expect.stringMatching(/^Colour: .+ → .+$/),
      "Dates: 2026-11-20 → 2026-11-20 – 2026-11-30",
    ]);
  });

  it("says nothing for an edit that changed nothing", () => {
    expect(describeEdit(fields, { ...fields })).toEqual([]);
  });
});
