import type {
  annotationDescription,
  annotationTitle,
  Annotation,
  CreateAnnotationRequest,
  UpdateAnnotationRequest,
} from "../../../shared/contracts/annotations";
import { isAnnotationColor } from "../../../shared/annotation-colors";
import {
  changedTarget,
  dateFieldsOf,
  targetOfDateFields,
  type DateFieldValues,
} from "./annotation-date-fields";

/** The shared contract's first complaint about one field, so the form says what the server would. */
export function problemOf(
  field: typeof annotationTitle | typeof annotationDescription,
  value: string,
) {
  const result = field.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

export interface FormValues {
  title: string;
  description: string;
  dates: DateFieldValues;
  color: string;
}

/**
 * What a new annotation starts from: a day picked on the chart with a draft title, or an inbox
 * suggestion being edited before it is accepted.
 */
export interface AnnotationDraft {
  title?: string;
  /** YYYY-MM-DD */
  date?: string;
  /** YYYY-MM-DD, for a range from `date`. */
  endDate?: string;
  description?: string;
  color?: string;
  categoryId?: string | null;
}

export function initialValues(
  annotation: Annotation | undefined,
  draft: AnnotationDraft | undefined,
  today: string,
): FormValues {
  if (!annotation) {
    const start = draft?.date ?? today;
    return {
      title: draft?.title ?? "",
      description: draft?.description ?? "",
      dates: draft?.endDate
        ? { kind: "range", start, end: draft.endDate }
        : dateFieldsOf(undefined, start),
      color: draft?.color && isAnnotationColor(draft.color) ? draft.color : "",
    };
  }
  // An edit may start from a draft too (Edit on the assistant's preview of a change).
  const dates = dateFieldsOf(annotation, today);
  const start = draft?.date;
  return {
    title: draft?.title ?? annotation.title,
    description: draft?.description ?? annotation.description,
    dates: start
      ? draft.endDate
        ? { kind: "range", start, end: draft.endDate }
        : dateFieldsOf(undefined, start)
      : dates,
    color: isAnnotationColor(draft?.color ?? annotation.color)
      ? (draft?.color ?? annotation.color)
      : "",
  };
}

/** Description only if non-blank; colour only if chosen; the dates as numbers. */
export function createRequestOf(values: FormValues): CreateAnnotationRequest | null {
  const target = targetOfDateFields(values.dates);
  const title = values.title.trim();
  if (!title || !target) return null;
  const request: CreateAnnotationRequest = { title, ...target };
  if (values.description.trim()) request.description = values.description.trim();
  if (isAnnotationColor(values.color)) request.color = values.color;
  return request;
}

/** Only the fields that changed. */
export function updateRequestOf(
  values: FormValues,
  original: Annotation,
): UpdateAnnotationRequest | null {
  const title = values.title.trim();
  if (!title || !targetOfDateFields(values.dates)) return null;
  const changes: UpdateAnnotationRequest = {};
  if (title !== original.title) changes.title = title;
  if (values.description.trim() !== original.description.trim())
    changes.description = values.description.trim();
  Object.assign(changes, changedTarget(values.dates, original));
  if (isAnnotationColor(values.color) && values.color !== original.color)
    changes.color = values.color;
  return changes;
}
