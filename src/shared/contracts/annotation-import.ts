import { z } from "zod";
import { countOf } from "../plans.js";
import { propertyId } from "./annotations.js";

/** The largest CSV file an import reads (its UTF-8 bytes, byte order mark included). */
export const importMaxBytes = 2 * 1024 * 1024;
/** The most rows under the header one import takes. */
export const importMaxRows = 5_000;

/** "2 MB", as every message about the size limit says it. */
export const importMaxSizeText = `${importMaxBytes / (1024 * 1024)} MB`;

/**
 * What a column can be: the annotation's fields an import reads. A date or a range: `startDate`
 * alone marks one day (a column called "date" is read as it), with `endDate` a range.
 */
export const importFields = [
  "startDate",
  "endDate",
  "title",
  "description",
  "color",
  "category",
  "property",
] as const;
export type ImportField = (typeof importFields)[number];

/** How each field is named to the person, on the mapping step and in messages. */
export const importFieldLabels: Record<ImportField, string> = {
  startDate: "Date (or start date)",
  endDate: "End date",
  title: "Title",
  description: "Description",
  color: "Colour",
  category: "Category",
  property: "Property",
};

/** Which column (0-based, in the header's order) holds each field; null for none. */
export const importMapping = z.strictObject(
  Object.fromEntries(
    importFields.map((field) => [
      field,
      z.number({ message: "Choose a column" }).int().min(0).max(199).nullable(),
    ]),
  ) as Record<ImportField, z.ZodNullable<z.ZodNumber>>,
);
export type ImportMapping = z.infer<typeof importMapping>;

const fileText = z
  .string({ message: "Choose a CSV file" })
  // Characters, not bytes: the byte limit is checked on the server, with the file's real size.
  .max(importMaxBytes, { message: `The file is larger than ${importMaxSizeText}.` });

const fileName = z
  .string()
  .max(255)
  .transform((name) => name.replace(/[\p{Cc}\p{Cf}]/gu, "").trim() || "import.csv");

/** POST /api/annotation-imports/preview: the file as text; the mapping once the person chose one. */
export const importPreviewRequest = z.strictObject({
  fileName: fileName.optional(),
  text: fileText,
  /** Absent: guessed from the header. */
  mapping: importMapping.optional(),
  /** The property rows without a property column (or with an empty cell) go to. */
  targetPropertyId: propertyId.optional(),
});
export type ImportPreviewRequest = z.input<typeof importPreviewRequest>;

/** POST /api/annotation-imports: the same as the preview, and the import's own id (a retry sends it again). */
export const startImportRequest = importPreviewRequest.extend({
  importId: z.uuid({ message: "That is not a valid import ID" }),
  mapping: importMapping,
});
export type StartImportRequest = z.input<typeof startImportRequest>;

/** One row of the file as the preview reads it; `problems` empty means it will be imported. */
export interface ImportPreviewRow {
  /** The file's line the row starts on (the header is line 1). */
  line: number;
  startDate: string | null;
  endDate: string | null;
  title: string;
  color: string | null;
  category: string | null;
  propertyId: string | null;
  propertyName: string | null;
  problems: string[];
  /**
   * Why the row is left out though nothing in it needs fixing (Google's own annotations, which
   * the API cannot create); null for a row that is imported or has problems.
   */
  skipped: string | null;
}

export interface ImportPreviewResponse {
  /** The header row's cells, in order: what the mapping's numbers point at. */
  headers: string[];
  delimiter: "," | ";";
  mapping: ImportMapping;
  /** What keeps the mapping from being used (no title column, no property to import to…). */
  mappingProblems: string[];
  rows: ImportPreviewRow[];
  validCount: number;
  /** Rows with a problem to fix. */
  invalidCount: number;
  /** Rows left out with nothing to fix (see `ImportPreviewRow.skipped`). */
  skippedCount: number;
}

export const importStatuses = [
  "running",
  "waiting_for_quota",
  "waiting_for_google",
  "done",
] as const;
export type ImportStatus = (typeof importStatuses)[number];

/** A row that was not imported, and why. */
export interface ImportRowFailure {
  line: number;
  title: string;
  message: string;
}

export interface ImportSummary {
  id: string;
  fileName: string;
  /**
   * "running": rows are being written; "waiting_for_quota": today's annotations ran out and the
   * rest wait for a resume; "waiting_for_google": every row was tried, and Google has not
   * confirmed some (its answer was lost, or it was unavailable): they wait for a resume, which
   * checks each in Google Analytics first and writes it only if it is not there; "done": every
   * valid row was written or refused.
   */
  status: ImportStatus;
  /** Rows with no problem in the preview: the ones the import writes. */
  total: number;
  imported: number;
  failed: number;
  /** Rows still to write (left for tomorrow when waiting for quota, or for Google). */
  left: number;
  /** Rows the preview found a problem with; never written. */
  skipped: number;
  createdAt: string;
  updatedAt: string;
}

export interface ImportStatusResponse extends ImportSummary {
  /** Rows that failed while writing and rows skipped for a problem, by line. */
  failures: ImportRowFailure[];
  /** Rows tried and not written yet, with why (Google did not confirm, or was unavailable). */
  waiting: ImportRowFailure[];
}

export interface ImportListResponse {
  imports: ImportSummary[];
}

/** How the rows still to write are spoken of, by what the import waits for. */
const leftWords: Record<ImportStatus, string> = {
  running: "to go",
  waiting_for_quota: "left for tomorrow",
  waiting_for_google: "waiting for Google",
  done: "to go",
};

/**
 * "12 imported, 38 left for tomorrow" once the day's quota stopped it ("38 to go" while it runs,
 * "2 waiting for Google" when Google has not confirmed them): the one sentence every import
 * result starts with.
 */
export function importOutcomeText(
  summary: Pick<ImportSummary, "status" | "imported" | "left" | "failed">,
): string {
  const parts = [`${summary.imported.toLocaleString("en-US")} imported`];
  if (summary.failed > 0) parts.push(`${summary.failed.toLocaleString("en-US")} failed`);
  if (summary.left > 0)
    parts.push(`${summary.left.toLocaleString("en-US")} ${leftWords[summary.status]}`);
  return parts.join(", ");
}

/** Refusals of a whole file or import, as the server sends them and the page repeats them. */
export const importMessages = {
  tooLarge: (bytes: number) =>
    `The file is ${(bytes / (1024 * 1024)).toFixed(1)} MB; an import reads at most ${importMaxSizeText}. Split it into smaller files.`,
  tooManyRows: (rows: number) =>
    `The file has ${rows.toLocaleString("en-US")} rows; an import takes at most ${importMaxRows.toLocaleString("en-US")}. Split it into smaller files.`,
  empty: "The file is empty: it needs a header row and at least one row under it.",
  noRows: "The file has a header row but no rows under it.",
  notText: "The file is not text: save it as CSV (UTF-8) and choose it again.",
  unclosedQuote: (line: number) =>
    `A quote opened on line ${line} is never closed, so the rest of the file cannot be read. Fix the quotes and choose the file again.`,
  /** A row of an export that Google Analytics made itself: it is left out, nothing to fix. */
  madeByGoogle: "Made by Google Analytics: Google's own annotations are not imported.",
  /** A property whose Google Analytics role lets the person view it, not add annotations. */
  readOnlyProperty: (name: string) =>
    `${name} is read-only for your Google account: your role in Google Analytics lets you view it, not add annotations.`,
  /** A resume while the day's annotations are all used. */
  nothingToResume: (resetText: string) =>
    `Nothing to resume until the daily limit resets — ${resetText}.`,
  nothingToImport: "Nothing to import: every row has a problem. Fix the file and preview it again.",
  notFound: "That import was not found.",
  rowCount: (count: number) => countOf(count, "row", "rows"),
} as const;
