import { describe, expect, it } from "vitest";
import type { AnnotationRecord } from "../store/sandbox-records.js";
import { FilterError, parseAnnotationFilter } from "./annotation-filter.js";

const sale: AnnotationRecord = {
  id: 1,
  title: "Big Game Sale",
  description: "BOGO on snacks",
  color: "PURPLE",
  systemGenerated: false,
  target: {
    kind: "range",
    startDate: { year: 2025, month: 12, day: 20 },
    endDate: { year: 2025, month: 12, day: 26 },
  },
};
const outage: AnnotationRecord = {
  id: 2,
  title: "Checkout outage",
  description: "",
  color: "RED",
  systemGenerated: false,
  target: { kind: "date", date: { year: 2026, month: 1, day: 10 } },
};
const system: AnnotationRecord = {
  ...outage,
  id: 3,
  title: "Consent mode detected",
  color: "ORANGE",
  systemGenerated: true,
};

function matching(filter: string): number[] {
  const predicate = parseAnnotationFilter(filter);
  return [sale, outage, system]
    .filter((annotation) =>
      predicate(annotation, `properties/1/reportingDataAnnotations/${annotation.id}`),
    )
    .map((a) => a.id);
}

describe("annotation list filter", () => {
  it.each([
    ["", [1, 2, 3]],
    ['title="Checkout outage"', [2]],
    ['title = "checkout outage"', []],
    ["title:OUTAGE", [2]],
    ['description=~"[Bb]ig [Gg]ame.*|BOGO"', [1]],
    ['title!~"^C"', [1]],
    ["color=RED", [2]],
    ["color = 5", [2]],
    ["color != RED", [1, 3]],
    ['is_annotation_in_range("2025-12-25", "2026-01-16") = true', [1, 2, 3]],
    ['is_annotation_in_range("2025-12-27", "2026-01-09")', []],
    ['is_annotation_in_range("2025-12-27", "2026-01-09") = false', [1, 2, 3]],
    ["annotation_duration() >= 172800s", [1]],
    ["annotation_duration() = 86400s", [2, 3]],
    ["annotation_duration() >= 172800s AND title:BOGO", []],
    ["annotation_duration() >= 172800s AND description:BOGO", [1]],
    ['annotation_date = "2026-01-10"', [2, 3]],
    ['annotationDateRange.startDate <= "2025-12-20"', [1]],
    ["system_generated = true", [3]],
    ["NOT systemGenerated = true", [1, 2]],
    ["-color=RED", [1, 3]],
    ["color=RED OR color=PURPLE", [1, 2]],
    ["title:outage color=RED", [2]],
    ["(color=RED OR color=ORANGE) AND NOT system_generated=true", [2]],
    ['name = "properties/1/reportingDataAnnotations/1"', [1]],
  ])("%s", (filter, expected) => {
    expect(matching(filter)).toEqual(expected);
  });

  it.each([
    "title =",
    "colour = RED",
    "color = PINK",
    "color > RED",
    '"title"',
    "(color = RED",
    'title = "open',
    'annotation_date > "tomorrow"',
    "annotation_duration() > two",
    'is_annotation_in_range("2025-01-01") = true',
    "unknown_function() = true",
    'title =~ "("',
  ])("rejects %s", (filter) => {
    expect(() => parseAnnotationFilter(filter)).toThrow(FilterError);
  });
});
