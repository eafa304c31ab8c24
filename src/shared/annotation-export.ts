import Papa from "papaparse";
import type { Annotation } from "./contracts/annotations.js";
import type { AnnotationImpact } from "./contracts/impact.js";
import { toIsoDate } from "./calendar-date.js";
import { impactExportFields, type ImpactExportFields } from "./impact/impact-cell.js";

/**
 * The columns of every annotation export and feed, in order. Looker Studio and Google Sheets read
 * the header row as field names, so these never change meaning; a new column goes at the end.
 */
export const annotationExportColumns = [
  "start_date",
  "end_date",
  "title",
  "description",
  "color",
  "category",
  "property_id",
  "property_name",
  // The measured impact on sessions (docs/impact.md): numbers as numbers, empty when not measured.
  "impact_metric",
  "impact_effect_pct",
  "impact_low_pct",
  "impact_high_pct",
  "impact_verdict",
] as const;

type TextColumn = Exclude<(typeof annotationExportColumns)[number], keyof ImpactExportFields>;
export type AnnotationExportRow = Record<TextColumn, string> & ImpactExportFields;

/** What a row needs beyond the annotation: the property it is on and the person's category names. */
export interface AnnotationExportContext {
  propertyId: string;
  propertyName: string;
  /** The person's category name for an id; an unknown id reads as no category. */
  categoryNames: ReadonlyMap<string, string>;
  /** Its measured impact; absent or null when it could not be read (the impact cells are empty). */
  impact?: AnnotationImpact | null;
}

/** One annotation as an export row: days as YYYY-MM-DD, a single day as a range of one day. */
export function annotationExportRow(
  annotation: Annotation,
  context: AnnotationExportContext,
): AnnotationExportRow {
  const range = annotation.annotationDateRange;
  return {
    start_date: toIsoDate(range?.startDate ?? annotation.annotationDate),
    end_date: toIsoDate(range?.endDate ?? annotation.annotationDate),
    title: annotation.title,
    description: annotation.description,
    color: annotation.color,
    category: (annotation.categoryId && context.categoryNames.get(annotation.categoryId)) || "",
    property_id: context.propertyId,
    property_name: context.propertyName,
    ...impactExportFields(context.impact),
  };
}

/**
 * A cell a spreadsheet would read as a formula (or as a command, for a leading tab or carriage
 * return) — OWASP's list — or such a cell behind single quotes already (`'=1`). Papa Parse's own
 * `escapeFormulae: true` uses /^[=+\-@\t\r].*$/, whose `.*$` stops at a newline, so a multi-line
 * description starting with '=' would slip through: the first characters alone decide here. A
 * cell that already starts with quotes before a formula character is guarded too, so that taking
 * one quote off on import gives back exactly what was exported (`'=1` is written `''=1`).
 */
const formulaStart = /^'*[=+\-@\t\r]/;
/** A cell as the guard leaves it: one quote more than the text had, before a formula character. */
const guardedFormula = /^'+[=+\-@\t\r]/;

/**
 * A cell's text without the export's formula guard: the leading `'` taken off a cell that starts
 * with quotes followed by `=`, `+`, `-`, `@`, tab or carriage return. The import reads every file
 * this way, not only Tidemark's: other tools guard formulas with the same quote (OWASP's advice),
 * and a title that really starts with `'=` is rare enough to be worth that one ambiguity in files
 * Tidemark did not write. A Tidemark export always comes back exactly.
 */
export function unguardFormulaCell(cell: string): string {
  return guardedFormula.test(cell) ? cell.slice(1) : cell;
}

/**
 * The rows as CSV (RFC 4180: comma, double quotes, CRLF, a header row), with every text cell that a
 * spreadsheet would run as a formula prefixed with a single quote. Numbers (the impact's
 * percentages) are written as numbers, which a spreadsheet never runs: "-4.2" stays a number.
 */
export function annotationsCsv(rows: readonly AnnotationExportRow[]): string {
  return Papa.unparse(
    {
      fields: [...annotationExportColumns],
      data: rows.map((row) => annotationExportColumns.map((c) => row[c])),
    },
    { escapeFormulae: formulaStart, newline: "\r\n", quotes: false },
  );
}

/** The rows as JSON: the same fields and values as the CSV, without the formula guard (JSON is never run). */
export function annotationsJson(rows: readonly AnnotationExportRow[]): string {
  return JSON.stringify(rows, null, 2);
}
