import { describe, expect, it } from "vitest";
import { anAnnotation } from "../../../test/annotation-fixtures.js";
import { annotationExportRow, annotationsCsv } from "../annotation-export.js";
import { sortAnnotations } from "../annotation-filter.js";
import type { AnnotationImpact } from "../contracts/impact.js";
import { impactCellText, impactEffect, impactExportFields } from "./impact-cell.js";

function measuredAt(
  effect: number,
  verdict: "up" | "down" | "none",
  metric: AnnotationImpact["metric"] = "sessions",
): AnnotationImpact {
  return {
    annotationId: "x",
    metric,
    startDate: "2026-10-01",
    endDate: "2026-10-07",
    estimate: {
      effect,
      low: effect - 0.09,
      high: effect + 0.09,
      actual: 1000 * (1 + effect),
      expected: 1000,
      days: 7,
      historyDays: 112,
      verdict,
      partial: false,
    },
    unavailable: null,
    sharedWith: [],
    sentence: "…",
  };
}

const notYet: AnnotationImpact = {
  ...measuredAt(0, "none"),
  estimate: null,
  unavailable: "future",
  sentence: "It has not happened yet.",
};

describe("an impact as the table's cell says it", () => {
  it("names the metric and the signed percentage, rounded", () => {
    expect(impactCellText(measuredAt(0.1834, "up"))).toBe("Sessions +18 %");
    expect(impactCellText(measuredAt(-0.416, "down", "keyEvents"))).toBe("Key events −42 %");
    expect(impactCellText(measuredAt(0.004, "none", "activeUsers"))).toBe("Active users 0 %");
  });

  it("says in a short word why there is no number", () => {
    expect(impactCellText(notYet)).toBe("Not yet");
    expect(impactCellText({ ...notYet, unavailable: "too_old" })).toBe("Too old");
    expect(impactCellText({ ...notYet, unavailable: "no_history" })).toBe("Too little data");
    expect(impactCellText({ ...notYet, unavailable: "no_window_data" })).toBe("No data yet");
    expect(impactEffect(notYet)).toBeNull();
    expect(impactEffect(undefined)).toBeNull();
    expect(impactEffect(measuredAt(0.2, "up"))).toBe(0.2);
  });
});

describe("sorting by impact", () => {
  const rows = [
    anAnnotation({ annotationId: "flat", annotationDate: { year: 2026, month: 3, day: 1 } }),
    anAnnotation({ annotationId: "drop", annotationDate: { year: 2026, month: 4, day: 1 } }),
    anAnnotation({ annotationId: "later", annotationDate: { year: 2026, month: 9, day: 1 } }),
    anAnnotation({ annotationId: "rise", annotationDate: { year: 2026, month: 2, day: 1 } }),
    anAnnotation({ annotationId: "new", annotationDate: { year: 2026, month: 11, day: 1 } }),
    anAnnotation({ annotationId: "tie", annotationDate: { year: 2026, month: 5, day: 1 } }),
  ];
  const effects: Record<string, number | null> = {
    flat: 0.01,
    drop: -0.4,
    later: null,
    rise: 0.3,
    new: null,
    tie: 0.01,
  };
  const order = (direction: "asc" | "desc") =>
    sortAnnotations(
      rows,
      { column: "impact", direction },
      undefined,
      (row) => effects[row.annotationId!],
    ).map((row) => row.annotationId);

  it("orders by the effect, largest first or smallest first", () => {
    expect(order("desc").slice(0, 4)).toEqual(["rise", "tie", "flat", "drop"]);
    expect(order("asc").slice(0, 4)).toEqual(["drop", "tie", "flat", "rise"]);
  });

  it("puts the unmeasured last either way, newest first among them and among ties", () => {
    expect(order("desc").slice(4)).toEqual(["new", "later"]);
    expect(order("asc").slice(4)).toEqual(["new", "later"]);
  });

  it("without figures keeps every row, newest first", () => {
    expect(
      sortAnnotations(rows, { column: "impact", direction: "desc" }).map((r) => r.annotationId),
    ).toEqual(["new", "later", "tie", "drop", "flat", "rise"]);
  });
});

describe("an impact in the export", () => {
  const context = { propertyId: "123", propertyName: "Shop", categoryNames: new Map() };

  it("adds metric, effect, interval and verdict after the old columns, numbers as numbers", () => {
    const row = annotationExportRow(anAnnotation({ title: "Sale" }), {
      ...context,
      impact: measuredAt(-0.1834, "down"),
    });
    expect(Object.keys(row)).toEqual([
      "start_date",
      "end_date",
      "title",
      "description",
      "color",
      "category",
      "property_id",
      "property_name",
      "impact_metric",
      "impact_effect_pct",
      "impact_low_pct",
      "impact_high_pct",
      "impact_verdict",
    ]);
    expect(row).toMatchObject({
      impact_metric: "sessions",
      impact_effect_pct: -18.3,
      impact_low_pct: -27.3,
      impact_high_pct: -9.3,
      impact_verdict: "likely down",
    });
    // A negative figure is not a formula: the CSV writes it as it is, unlike a text cell.
    const csv = annotationsCsv([row, { ...row, title: "-5 %" }]);
    expect(csv.split("\r\n")[1]).toMatch(/,sessions,-18\.3,-27\.3,-9\.3,likely down$/);
    expect(csv.split("\r\n")[2]).toContain(',"\'-5 %",');
  });

  it("leaves the figures empty and says why when there are none", () => {
    expect(impactExportFields(notYet)).toEqual({
      impact_metric: "sessions",
      impact_effect_pct: null,
      impact_low_pct: null,
      impact_high_pct: null,
      impact_verdict: "Not yet",
    });
    expect(impactExportFields(measuredAt(0.02, "none")).impact_verdict).toBe("no clear effect");
    // A change too small to show is 0, as JSON and CSV write it, never -0.
    expect(Object.is(impactExportFields(measuredAt(-0.0004, "none")).impact_effect_pct, 0)).toBe(
      true,
    );
    expect(impactExportFields(null)).toEqual({
      impact_metric: "",
      impact_effect_pct: null,
      impact_low_pct: null,
      impact_high_pct: null,
      impact_verdict: "",
    });
    const csv = annotationsCsv([annotationExportRow(anAnnotation(), { ...context, impact: null })]);
    expect(csv.split("\r\n")[1]).toMatch(/,Shop,,,,,$/);
  });
});
