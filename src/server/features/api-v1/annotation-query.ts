import type { Annotation } from "../../../shared/contracts/annotations.js";
import type { AnnotationPage, ListAnnotationsQuery } from "../../../shared/contracts/api-v1.js";
import {
  annotationDaySpan as span,
  matchesAnnotationFilter,
  type AnnotationFilter,
} from "../../../shared/annotation-filter.js";
import { AppError } from "../../app-error.js";

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
 * overlapping from–to, words in the title or description, a colour, a category — the shared rule
 * of `annotation-filter`, as the web app's tables apply it), newest first, after the cursor's
 * annotation.
 */
export function pageOfAnnotations(all: Annotation[], query: ListAnnotationsQuery): AnnotationPage {
  const filter: AnnotationFilter = {
    q: query.q,
    from: query.from,
    to: query.to,
    colors: query.color ? [query.color] : undefined,
    categoryIds: query.categoryId ? [query.categoryId] : undefined,
  };
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const matching = all
    .filter((annotation) => {
      if (!matchesAnnotationFilter(annotation, filter)) return false;
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
