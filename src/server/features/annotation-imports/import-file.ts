import Papa from "papaparse";
import { unguardFormulaCell } from "../../../shared/annotation-export.js";
import {
  annotationColors,
  annotationColorSwatches,
  type AnnotationColor,
} from "../../../shared/annotation-colors.js";
import { compareDates, parseIsoDate, type CalendarDate } from "../../../shared/calendar-date.js";
import {
  importFields,
  importMaxBytes,
  importMaxRows,
  importMessages,
  importFieldLabels,
  type ImportField,
  type ImportMapping,
  type ImportPreviewRow,
} from "../../../shared/contracts/annotation-import.js";
import {
  annotationTitleMaxLength,
  createAnnotationRequest,
  type CreateAnnotationRequest,
} from "../../../shared/contracts/annotations.js";
import { errorMessages } from "../../../shared/contracts/errors.js";
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

/** What the rows are checked against: the person's properties, categories and annotations. */
export interface ImportContext {
  /** The person's saved properties they may write to, or the reason they may not. */
  properties: { propertyId: string; name: string; today: CalendarDate; refusal: string | null }[];
  /** Null when the person's plan has no categories. */
  categories: { id: string; name: string }[] | null;
  /** The property rows without a property go to. */
  targetPropertyId: string | null;
  /** Titles already on each day: `duplicateKey(propertyId, day, title)` → where it is. */
  existing: ReadonlyMap<string, string>;
}

/** One annotation per property, day and title: the title compared without case or outer spaces. */
export function duplicateKey(propertyId: string, startDate: string, title: string): string {
  return `${propertyId}|${startDate}|${title.trim().toLowerCase()}`;
}

/** Colour names as people write them: "blue", "Blue", "BLUE". */
function readColor(cell: string): AnnotationColor | null {
  const wanted = cell.trim().toUpperCase();
  return (
    annotationColors.find(
      (color) => color === wanted || annotationColorSwatches[color].label.toUpperCase() === wanted,
    ) ?? null
  );
}

const colorList = annotationColors.map((color) => color.toLowerCase()).join(", ");

/**
 * Orange is the colour Google Analytics gives its own (system-generated) annotations and never
 * one the API accepts on a create: a row in it is Google's, as a Tidemark export writes it.
 */
function madeByGoogle(colorText: string): boolean {
  return colorText.toUpperCase() === "ORANGE";
}

export interface CheckedRow extends ImportPreviewRow {
  /** The create request the row becomes; null when it has a problem. */
  request: Omit<CreateAnnotationRequest, "requestId"> | null;
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

/**
 * Every row's problems, by the same rules as the create dialog (the request is checked against
 * the shared create contract), and the request each valid row becomes. A row repeating an
 * earlier row's property, day and title is a duplicate of it, as is one already in Google
 * Analytics or waiting in another import.
 */
export function checkRows(
  file: ParsedFile,
  mapping: ImportMapping,
  context: ImportContext,
): CheckedRow[] {
  // A cell as it was before an export guarded it against running as a formula: an exported
  // file imports back with its titles, descriptions and category names exactly.
  const cell = (cells: string[], field: ImportField) => {
    const column = mapping[field];
    return column === null ? "" : unguardFormulaCell((cells[column] ?? "").trim());
  };
  const propertiesById = new Map(context.properties.map((p) => [p.propertyId, p]));
  const propertiesByName = new Map<string, (typeof context.properties)[number][]>();
  for (const property of context.properties) {
    const key = property.name.trim().toLowerCase();
    propertiesByName.set(key, [...(propertiesByName.get(key) ?? []), property]);
  }
  const seen = new Map<string, number>();

  return file.rows.map(({ line, cells }) => {
    const problems: string[] = [];
    if (
      cells.length > file.headers.length &&
      cells.slice(file.headers.length).some((c) => c.trim())
    )
      problems.push(
        `It has ${cells.length} cells; the header has ${file.headers.length}. A cell with the separator in it needs double quotes.`,
      );

    const startText = cell(cells, "startDate");
    const endText = cell(cells, "endDate");
    const start = parseIsoDate(startText);
    const end = endText === "" ? start : parseIsoDate(endText);
    if (startText === "") problems.push("The date is empty.");
    else if (!start) problems.push(`"${startText}" is not a date: write it as YYYY-MM-DD.`);
    // The same bad day in both columns is one problem.
    if (endText !== "" && !end && !(endText === startText && startText !== ""))
      problems.push(`"${endText}" is not a date: write it as YYYY-MM-DD.`);
    if (start && end && compareDates(end, start) < 0)
      problems.push("The end date is before the start date.");

    const title = cell(cells, "title");
    const titleLength = Array.from(title).length;
    if (title === "") problems.push("The title is empty.");
    else if (titleLength > annotationTitleMaxLength)
      problems.push(
        `The title is ${titleLength} characters long; the most is ${annotationTitleMaxLength}.`,
      );

    const colorText = cell(cells, "color");
    if (madeByGoogle(colorText)) {
      // Nothing to fix: the API cannot create Google's own annotations, so the row is left out.
      const propertyText = cell(cells, "property");
      const named =
        propertiesById.get(propertyText) ??
        propertiesById.get(propertyText === "" ? (context.targetPropertyId ?? "") : "");
      return {
        line,
        startDate: startText || null,
        endDate: endText || null,
        title: cell(cells, "title"),
        color: "ORANGE",
        category: cell(cells, "category") || null,
        propertyId: named?.propertyId ?? null,
        propertyName: named?.name ?? (propertyText || null),
        problems: [],
        skipped: importMessages.madeByGoogle,
        request: null,
      };
    }
    const color = colorText === "" ? null : readColor(colorText);
    if (colorText !== "" && !color)
      problems.push(`"${colorText}" is not a colour here: use ${colorList}.`);

    const categoryText = cell(cells, "category");
    let categoryId: string | null = null;
    if (categoryText !== "") {
      if (context.categories === null) problems.push("Categories are a Premium feature.");
      else {
        const found = context.categories.find(
          (category) => category.name.trim().toLowerCase() === categoryText.toLowerCase(),
        );
        if (found) categoryId = found.id;
        else
          problems.push(
            `You have no category named "${categoryText}". Add it on the Categories page, or leave the cell empty.`,
          );
      }
    }

    const propertyText = cell(cells, "property");
    let property: (typeof context.properties)[number] | null = null;
    if (propertyText === "") {
      property = context.targetPropertyId
        ? (propertiesById.get(context.targetPropertyId) ?? null)
        : null;
      if (!property) problems.push("The property is empty: choose a property to import to.");
    } else {
      const byName = propertiesByName.get(propertyText.toLowerCase()) ?? [];
      property = propertiesById.get(propertyText) ?? (byName.length === 1 ? byName[0]! : null);
      if (!property)
        problems.push(
          byName.length > 1
            ? `Several of your properties are named "${propertyText}": use the property ID.`
            : `"${propertyText}" is not one of your saved properties.`,
        );
    }
    if (property?.refusal) problems.push(property.refusal);

    if (start && property && compareDates(start, property.today) > 0)
      problems.push(`It starts on ${startText}, in the future. ${errorMessages.futureDate}`);

    let request: CheckedRow["request"] = null;
    if (start && end && property && title) {
      const draft = {
        title,
        ...(cell(cells, "description") ? { description: cell(cells, "description") } : {}),
        ...(compareDates(end, start) === 0
          ? { annotationDate: start }
          : { annotationDateRange: { startDate: start, endDate: end } }),
        color: color ?? undefined,
        ...(categoryId ? { categoryId } : {}),
      };
      // The create dialog's own rules (a description too long, control characters in a title):
      // what the service would refuse is a problem here, before anything is written.
      const checked = createAnnotationRequest.safeParse(draft);
      if (!checked.success) {
        // Only when nothing above said why: the contract's sentence would repeat it.
        const message = checked.error.issues[0]?.message;
        if (message && problems.length === 0) problems.push(message);
      } else {
        const key = duplicateKey(property.propertyId, startText, title);
        const earlierLine = seen.get(key);
        const existing = context.existing.get(key);
        if (earlierLine !== undefined)
          problems.push(`Same title and day as line ${earlierLine}: it would be a duplicate.`);
        else if (existing) problems.push(`${existing}: it would be a duplicate.`);
        else if (problems.length === 0) seen.set(key, line);
        if (problems.length === 0) request = checked.data;
      }
    }

    return {
      line,
      startDate: startText || null,
      endDate: endText || null,
      title,
      color: color ?? (colorText || null),
      category: categoryText || null,
      propertyId: property?.propertyId ?? null,
      propertyName: property?.name ?? (propertyText || null),
      // Each problem once, however many cells share it.
      problems: [...new Set(problems)],
      skipped: null,
      request: problems.length === 0 ? request : null,
    };
  });
}
