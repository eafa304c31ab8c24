import Papa from "papaparse";
import {
  importFields,
  importMaxBytes,
  importMaxRows,
  importMessages,
  importFieldLabels,
  type ImportField,
  type ImportMapping,
} from "../../../shared/contracts/annotation-import.js";
import { AppError } from "../../app-error.js";

/** The file as rows of cells, each row with the line it starts on. */
export interface ParsedFile {
  headers: string[];
  delimiter: "," | ";";
  rows: { line: number; cells: string[] }[];
}

/**
 * Reads a CSV file's text with Papa Parse (quotes, separators and line breaks inside cells are the
 * library's business, never string splitting): UTF-8, comma or semicolon (guessed from the file),
 * a header row; a byte order mark is dropped. Blank lines are skipped. A file too big, too long,
 * empty, or with a quote never closed is refused as a whole, with a sentence saying why.
 */
export function parseImportFile(text: string): ParsedFile {
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > importMaxBytes) throw new AppError("invalid_request", importMessages.tooLarge(bytes));
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  // NUL never appears in a text file: this was a spreadsheet's binary form or an image.
  if (body.includes("\u0000")) throw new AppError("invalid_request", importMessages.notText);
  if (body.trim() === "") throw new AppError("invalid_request", importMessages.empty);

  const rows: { line: number; cells: string[] }[] = [];
  let headers: string[] | null = null;
  let start = 0;
  let line = 1;
  let unclosedAt: number | null = null;
  let tooMany = 0;
  // The separator is the one that splits the header into more cells (a comma when they tie):
  // header names rarely hold a separator, while a row's cells often hold commas ("Sale, big"),
  // which Papa Parse's own guess over the first rows can take for the separator.
  const headerCells = (candidate: string) =>
    Papa.parse<string[]>(body, { delimiter: candidate, preview: 1 }).data[0]?.length ?? 0;
  const delimiter: "," | ";" = headerCells(";") > headerCells(",") ? ";" : ",";
  Papa.parse<string[]>(body, {
    delimiter,
    step(result) {
      const rowLine = line;
      const end = result.meta.cursor;
      // Lines are counted by the breaks before each row, so a cell spanning lines (a quoted
      // description) does not shift the line numbers after it.
      const breakChar = result.meta.linebreak === "\r" ? "\r" : "\n";
      for (let at = start; at < end; at++) if (body[at] === breakChar) line++;
      start = end;
      if (result.errors.some((error) => error.code === "MissingQuotes")) unclosedAt ??= rowLine;
      const cells = result.data;
      if (cells.every((cell) => cell.trim() === "")) return;
      if (headers === null) {
        headers = cells.map((cell) => cell.trim());
        return;
      }
      if (rows.length >= importMaxRows) {
        tooMany++;
        return;
      }
      rows.push({ line: rowLine, cells });
    },
  });
  if (unclosedAt !== null)
    throw new AppError("invalid_request", importMessages.unclosedQuote(unclosedAt));
  if (headers === null) throw new AppError("invalid_request", importMessages.empty);
  if (tooMany > 0)
    throw new AppError("invalid_request", importMessages.tooManyRows(rows.length + tooMany));
  if (rows.length === 0) throw new AppError("invalid_request", importMessages.noRows);
  return { headers, delimiter, rows };
}

/** A header's words only: "Start date", "start_date" and "StartDate" read alike. */
function headerKey(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/**
 * Header names each field is guessed from, best first. The export's own header (start_date,
 * end_date, title, description, color, category, property_id, property_name) is among them, so an
 * exported file imports back as it is.
 */
const headerGuesses: Record<ImportField, string[]> = {
  startDate: ["startdate", "date", "start", "annotationdate", "day", "from", "begin", "begins"],
  endDate: ["enddate", "end", "to", "until", "ends", "finish"],
  title: ["title", "annotation", "name", "summary", "subject", "event"],
  description: ["description", "notes", "note", "details", "comment", "comments", "body"],
  color: ["color", "colour"],
  category: ["category", "type", "tag", "label"],
  property: ["propertyid", "property", "propertyname", "ga4property", "ga4propertyid"],
};

/** The mapping a header suggests; the person can change it before importing. */
export function guessMapping(headers: readonly string[]): ImportMapping {
  const keys = headers.map(headerKey);
  const taken = new Set<number>();
  const mapping = Object.fromEntries(importFields.map((field) => [field, null])) as ImportMapping;
  for (const field of importFields) {
    for (const guess of headerGuesses[field]) {
      const index = keys.findIndex((key, at) => key === guess && !taken.has(at));
      if (index >= 0) {
        mapping[field] = index;
        taken.add(index);
        break;
      }
    }
  }
  return mapping;
}

/** Why a mapping cannot be used as it is; empty when it can. */
export function mappingProblems(
  mapping: ImportMapping,
  headers: readonly string[],
  targetPropertyId: string | null,
): string[] {
  const problems: string[] = [];
  for (const field of importFields) {
    const column = mapping[field];
    if (column !== null && column >= headers.length)
      problems.push(`${importFieldLabels[field]}: the file has no column ${column + 1}.`);
  }
  const used = importFields.map((field) => mapping[field]).filter((column) => column !== null);
  if (new Set(used).size !== used.length)
    problems.push("Each column can be used for one field only.");
  if (mapping.startDate === null) problems.push("Choose the column that holds the date.");
  if (mapping.title === null) problems.push("Choose the column that holds the title.");
  if (mapping.property === null && targetPropertyId === null)
    problems.push("The file has no property column: choose the property to import to.");
  return problems;
}
