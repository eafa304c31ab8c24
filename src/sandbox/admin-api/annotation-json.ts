import { civilDateProblem, toDayNumber, type CivilDate } from "../calendar/civil-date.js";
import { invalidArgument, invalidJsonPayload, invalidValue } from "../http/google-api-error.js";
import {
  annotationColorNumbers,
  type AnnotationColorName,
  type AnnotationRecord,
  type AnnotationTarget,
} from "../store/sandbox-records.js";
import { readFields, readInt32, readString, type JsonObject } from "../http/proto-json.js";

/** Request field holding the annotation in Create/UpdateReportingDataAnnotationRequest. */
export const annotationMessagePath = "reporting_data_annotation";

export const mutableAnnotationFields = [
  "title",
  "description",
  "color",
  "annotation_date",
  "annotation_date_range",
] as const;
export type MutableAnnotationField = (typeof mutableAnnotationFields)[number];

const colorType =
  "type.googleapis.com/google.analytics.admin.v1alpha.ReportingDataAnnotation.Color";
const dateType = "type.googleapis.com/google.type.Date";
const colorNames = Object.keys(annotationColorNumbers) as AnnotationColorName[];

/** The populated fields of an annotation in a request body. */
export interface AnnotationInput {
  title?: string;
  description?: string;
  color?: AnnotationColorName;
  annotationDate?: CivilDate;
  annotationDateRange?: { startDate: CivilDate; endDate: CivilDate };
  populated: MutableAnnotationField[];
}

/** An annotation being built or changed, before validation. */
export interface AnnotationDraft {
  title: string;
  description: string;
  color: AnnotationColorName;
  target: AnnotationTarget | undefined;
}

export function readAnnotationInput(object: JsonObject): AnnotationInput {
  const path = annotationMessagePath;
  const fields = readFields(object, path, [...mutableAnnotationFields, "name", "system_generated"]);
  const input: AnnotationInput = { populated: [] };
  if (fields.has("title")) input.title = readString(fields.get("title"), `${path}.title`);
  if (fields.has("description"))
    input.description = readString(fields.get("description"), `${path}.description`);
  if (fields.has("color")) input.color = readColor(fields.get("color"), `${path}.color`);
  if (fields.has("annotation_date"))
    input.annotationDate = readDate(fields.get("annotation_date"), `${path}.annotation_date`);
  if (fields.has("annotation_date_range")) {
    const rangePath = `${path}.annotation_date_range`;
    const raw = fields.get("annotation_date_range");
    if (!isObject(raw))
      throw invalidValue(
        rangePath,
        "type.googleapis.com/google.analytics.admin.v1alpha.ReportingDataAnnotation.DateRange",
        raw,
      );
    const range = readFields(raw, rangePath, ["start_date", "end_date"]);
    const end = (name: string) =>
      range.has(name)
        ? readDate(range.get(name), `${rangePath}.${name}`)
        : { year: 0, month: 0, day: 0 };
    input.annotationDateRange = { startDate: end("start_date"), endDate: end("end_date") };
  }
  if (input.annotationDate && input.annotationDateRange) {
    throw invalidJsonPayload(
      `Oneof field 'target' is already set. Cannot set 'annotation_date_range' at '${path}'.`,
      `${path}.annotation_date_range`,
    );
  }
  for (const field of mutableAnnotationFields) if (fields.has(field)) input.populated.push(field);
  return input;
}

/** Applies the named fields of `input` to `draft` (oneof semantics: setting one target clears the other). */
export function applyAnnotationFields(
  draft: AnnotationDraft,
  input: AnnotationInput,
  fields: readonly MutableAnnotationField[],
): void {
  for (const field of fields) {
    switch (field) {
      case "title":
        draft.title = input.title ?? "";
        break;
      case "description":
        draft.description = input.description ?? "";
        break;
      case "color":
        draft.color = input.color ?? "COLOR_UNSPECIFIED";
        break;
      case "annotation_date":
        if (input.annotationDate) draft.target = { kind: "date", date: input.annotationDate };
        else if (draft.target?.kind === "date") draft.target = undefined;
        break;
      case "annotation_date_range":
        if (input.annotationDateRange)
          draft.target = { kind: "range", ...input.annotationDateRange };
        else if (draft.target?.kind === "range") draft.target = undefined;
        break;
    }
  }
}

/** The checks of a user write; every failure is a 400 INVALID_ARGUMENT naming the field. */
export function validateAnnotationDraft(
  draft: AnnotationDraft,
): asserts draft is AnnotationDraft & { target: AnnotationTarget } {
  const path = annotationMessagePath;
  if (!draft.title.trim()) throw invalidArgument(`${path}.title`, `${path}.title is required.`);
  if (draft.color === "COLOR_UNSPECIFIED")
    throw invalidArgument(`${path}.color`, `${path}.color is required.`);
  if (draft.color === "ORANGE") {
    throw invalidArgument(
      `${path}.color`,
      `${path}.color ORANGE is reserved for system-generated annotations.`,
    );
  }
  const target = draft.target;
  if (!target) {
    throw invalidArgument(
      `${path}.annotation_date`,
      `Exactly one of ${path}.annotation_date or ${path}.annotation_date_range must be set.`,
    );
  }
  if (target.kind === "date") {
    checkDate(target.date, `${path}.annotation_date`);
    return;
  }
  checkDate(target.startDate, `${path}.annotation_date_range.start_date`);
  checkDate(target.endDate, `${path}.annotation_date_range.end_date`);
  if (toDayNumber(target.endDate) < toDayNumber(target.startDate)) {
    throw invalidArgument(
      `${path}.annotation_date_range.end_date`,
      `${path}.annotation_date_range.end_date must be on or after start_date.`,
    );
  }
}

/** The REST JSON of an annotation; empty and false fields are omitted as in proto3 JSON. */
export function annotationToJson(
  propertyId: string,
  annotation: AnnotationRecord,
  numericEnums: boolean,
): JsonObject {
  const { target } = annotation;
  return {
    name: `properties/${propertyId}/reportingDataAnnotations/${annotation.id}`,
    title: annotation.title,
    ...(annotation.description ? { description: annotation.description } : {}),
    ...(target.kind === "date"
      ? { annotationDate: { ...target.date } }
      : {
          annotationDateRange: {
            startDate: { ...target.startDate },
            endDate: { ...target.endDate },
          },
        }),
    color: numericEnums ? annotationColorNumbers[annotation.color] : annotation.color,
    ...(annotation.systemGenerated ? { systemGenerated: true } : {}),
  };
}

function checkDate(date: CivilDate, path: string): void {
  const problem = civilDateProblem(date);
  if (problem) throw invalidArgument(path, `${path} is not a valid date: ${problem}.`);
}

function readColor(value: unknown, path: string): AnnotationColorName {
  if (typeof value === "string" && (colorNames as string[]).includes(value))
    return value as AnnotationColorName;
  const number = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
  const byNumber = colorNames.find((name) => annotationColorNumbers[name] === number);
  if (byNumber) return byNumber;
  throw invalidValue(path, colorType, value);
}

function readDate(value: unknown, path: string): CivilDate {
  if (!isObject(value)) throw invalidValue(path, dateType, value);
  const fields = readFields(value, path, ["year", "month", "day"]);
  const part = (name: string) =>
    fields.has(name) ? readInt32(fields.get(name), `${path}.${name}`) : 0;
  return { year: part("year"), month: part("month"), day: part("day") };
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
