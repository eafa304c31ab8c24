import { unguardFormulaCell } from "../../../shared/annotation-export.js";
import {
  annotationColors,
  annotationColorSwatches,
  type AnnotationColor,
} from "../../../shared/annotation-colors.js";
import { compareDates, parseIsoDate, type CalendarDate } from "../../../shared/calendar-date.js";
import {
  importMessages,
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
import type { ParsedFile } from "./import-file.js";

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

type ContextProperty = ImportContext["properties"][number];

/** What every row is read with: its cells by field, and the person's properties by id and name. */
function rowReader(mapping: ImportMapping, context: ImportContext) {
  // A cell as it was before an export guarded it against running as a formula: an exported
  // file imports back with its titles, descriptions and category names exactly.
  const cell = (cells: string[], field: ImportField) => {
    const column = mapping[field];
    return column === null ? "" : unguardFormulaCell((cells[column] ?? "").trim());
  };
  const propertiesById = new Map(context.properties.map((p) => [p.propertyId, p]));
  const propertiesByName = new Map<string, ContextProperty[]>();
  for (const property of context.properties) {
    const key = property.name.trim().toLowerCase();
    propertiesByName.set(key, [...(propertiesByName.get(key) ?? []), property]);
  }
  return { cell, propertiesById, propertiesByName, context };
}

type RowReader = ReturnType<typeof rowReader>;

/** Nothing to fix: the API cannot create Google's own annotations, so the row is left out. */
function googleRow(reader: RowReader, line: number, cells: string[]): CheckedRow {
  const { cell, propertiesById, context } = reader;
  const startText = cell(cells, "startDate");
  const endText = cell(cells, "endDate");
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

function readDates(startText: string, endText: string, problems: string[]) {
  const start = parseIsoDate(startText);
  const end = endText === "" ? start : parseIsoDate(endText);
  if (startText === "") problems.push("The date is empty.");
  else if (!start) problems.push(`"${startText}" is not a date: write it as YYYY-MM-DD.`);
  // The same bad day in both columns is one problem.
  if (endText !== "" && !end && !(endText === startText && startText !== ""))
    problems.push(`"${endText}" is not a date: write it as YYYY-MM-DD.`);
  if (start && end && compareDates(end, start) < 0)
    problems.push("The end date is before the start date.");
  return { start, end };
}

function checkTitle(title: string, problems: string[]): void {
  const titleLength = Array.from(title).length;
  if (title === "") problems.push("The title is empty.");
  else if (titleLength > annotationTitleMaxLength)
    problems.push(
      `The title is ${titleLength} characters long; the most is ${annotationTitleMaxLength}.`,
    );
}

function readCategory(
  categoryText: string,
  context: ImportContext,
  problems: string[],
): string | null {
  if (categoryText === "") return null;
  if (context.categories === null) {
    problems.push("Categories are a Premium feature.");
    return null;
  }
  const found = context.categories.find(
    (category) => category.name.trim().toLowerCase() === categoryText.toLowerCase(),
  );
  if (found) return found.id;
  problems.push(
    `You have no category named "${categoryText}". Add it on the Categories page, or leave the cell empty.`,
  );
  return null;
}

function readProperty(
  reader: RowReader,
  propertyText: string,
  problems: string[],
): ContextProperty | null {
  const { propertiesById, propertiesByName, context } = reader;
  let property: ContextProperty | null = null;
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
  return property;
}

/**
 * The create request a row becomes, checked by the create dialog's own rules, and not a duplicate
 * of an earlier row (`seen`: duplicate key → its line) or of an annotation already there.
 */
function requestFor(
  row: {
    line: number;
    start: CalendarDate;
    end: CalendarDate;
    startText: string;
    title: string;
    description: string;
    color: AnnotationColor | null;
    categoryId: string | null;
    property: ContextProperty;
  },
  context: ImportContext,
  seen: Map<string, number>,
  problems: string[],
): CheckedRow["request"] {
  const { start, end, title, description, color, categoryId } = row;
  const draft = {
    title,
    ...(description ? { description } : {}),
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
    return null;
  }
  const key = duplicateKey(row.property.propertyId, row.startText, title);
  const earlierLine = seen.get(key);
  const existing = context.existing.get(key);
  if (earlierLine !== undefined)
    problems.push(`Same title and day as line ${earlierLine}: it would be a duplicate.`);
  else if (existing) problems.push(`${existing}: it would be a duplicate.`);
  else if (problems.length === 0) seen.set(key, row.line);
  return problems.length === 0 ? checked.data : null;
}

function checkRow(
  reader: RowReader,
  seen: Map<string, number>,
  headerCount: number,
  { line, cells }: ParsedFile["rows"][number],
): CheckedRow {
  const { cell, context } = reader;
  const problems: string[] = [];
  if (cells.length > headerCount && cells.slice(headerCount).some((c) => c.trim()))
    problems.push(
      `It has ${cells.length} cells; the header has ${headerCount}. A cell with the separator in it needs double quotes.`,
    );
  const startText = cell(cells, "startDate");
  const endText = cell(cells, "endDate");
  const { start, end } = readDates(startText, endText, problems);
  const title = cell(cells, "title");
  checkTitle(title, problems);

  const colorText = cell(cells, "color");
  if (madeByGoogle(colorText)) return googleRow(reader, line, cells);
  const color = colorText === "" ? null : readColor(colorText);
  if (colorText !== "" && !color)
    problems.push(`"${colorText}" is not a colour here: use ${colorList}.`);
  const categoryText = cell(cells, "category");
  const categoryId = readCategory(categoryText, context, problems);
  const propertyText = cell(cells, "property");
  const property = readProperty(reader, propertyText, problems);
  if (start && property && compareDates(start, property.today) > 0)
    problems.push(`It starts on ${startText}, in the future. ${errorMessages.futureDate}`);

  const request =
    start && end && property && title
      ? requestFor(
          {
            line,
            start,
            end,
            startText,
            title,
            description: cell(cells, "description"),
            color,
            categoryId,
            property,
          },
          context,
          seen,
          problems,
        )
      : null;
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
  const reader = rowReader(mapping, context);
  const seen = new Map<string, number>();
  return file.rows.map((row) => checkRow(reader, seen, file.headers.length, row));
}
