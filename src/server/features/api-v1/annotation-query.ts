import type { Annotation } from "../../../shared/contracts/annotations.js";
import type { AnnotationPage, ListAnnotationsQuery } from "../../../shared/contracts/api-v1.js";
import type { CalendarDate } from "../../../shared/calendar-date.js";
import { AppError } from "../../app-error.js";

const dayText = ({ year, month, day }: CalendarDate) =>
  `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/** The annotation's first and last day, as sortable text. */
function span(annotation: Annotation): [string, string] {
  const range = annotation.annotationDateRange;
  return range
    ? [dayText(range.startDate), dayText(range.endDate)]
    : [dayText(annotation.annotationDate), dayText(annotation.annotationDate)];
}

/** Newest first: by first day, then by id, so the order is total and a cursor is exact. */
function newerFirst(a: Annotation, b: Annotation): number {
  const [dayA] = span(a);
  const [dayB] = span(b);
  if (dayA !== dayB) return dayA < dayB ? 1 : -1;
  return a.annotationId < b.annotationId ? 1 : a.annotationId > b.annotationId ? -1 : 0;
}

function encodeCursor(annotation: Annotation): string {
  return Buffer.from(JSON.stringify([span(annotation)[0], annotation.annotationId])).toString(
    "base64url",
  );
}

const badCursor = () =>
  new AppError("invalid_request", "That cursor is not valid: pass the nextCursor of a page.");

function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === "string" &&
      typeof value[1] === "string"
    )
      return [value[0], value[1]];
  } catch {
    // Falls through to the refusal.
  }
  throw badCursor();
}

/**
 * One page of a property's annotations: those that match every filter given (a day or range
 * overlapping from–to, words in the title or description, a colour, a category), newest first,
 * after the cursor's annotation.
 */
export function pageOfAnnotations(all: Annotation[], query: ListAnnotationsQuery): AnnotationPage {
  const words = query.q?.trim().toLocaleLowerCase();
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const matching = all
    .filter((annotation) => {
      const [first, last] = span(annotation);
      if (query.from && last < query.from) return false;
      if (query.to && first > query.to) return false;
      if (query.color && annotation.color !== query.color) return false;
      if (query.categoryId && annotation.categoryId !== query.categoryId) return false;
      if (words) {
        const text = `${annotation.title}\n${annotation.description}`.toLocaleLowerCase();
        if (!text.includes(words)) return false;
      }
      if (after) {
        const [day] = span(annotation);
        if (day > after[0]) return false;
        if (day === after[0] && annotation.annotationId >= after[1]) return false;
      }
      return true;
    })
    .sort(newerFirst);
  const page = matching.slice(0, query.limit);
  const last = page.at(-1);
  return {
    annotations: page,
    nextCursor: matching.length > query.limit && last ? encodeCursor(last) : null,
  };
}
