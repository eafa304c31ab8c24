import Papa from "papaparse";
import type { Annotation } from "./contracts/annotations.js";
import { toIsoDate } from "./calendar-date.js";

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
] as const;

export type AnnotationExportRow = Record<(typeof annotationExportColumns)[number], string>;

/** What a row needs beyond the annotation: the property it is on and the person's category names. */
export interface AnnotationExportContext {
  propertyId: string;
  propertyName: string;
  /** The person's category name for an id; an unknown id reads as no category. */
  categoryNames: ReadonlyMap<string, string>;
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
  };
}

/**
 * A cell a spreadsheet would read as a formula (or as a command, for a leading tab or carriage
 * return) — OWASP's list. Papa Parse's own `escapeFormulae: true` uses /^[=+\-@\t\r].*$/, whose
 * `.*$` stops at a newline, so a multi-line description starting with '=' would slip through:
 * the first character alone decides here.
 */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * The rows as CSV (RFC 4180: comma, double quotes, CRLF, a header row), with every cell that a
 * spreadsheet would run as a formula prefixed with a single quote.
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
