import { z } from "zod";
import { annotationId, propertyId } from "../../shared/contracts/annotations.js";
import { suggestionIdParam } from "../../shared/contracts/suggestions.js";

/** The names operations give the things they act on: path parameters on the HTTP doors. */
export const propertyParams = {
  propertyId: propertyId.describe("The GA4 property's ID, e.g. 123456789"),
};
export const annotationParams = {
  ...propertyParams,
  annotationId: annotationId.describe("The annotation's ID, as listAnnotations gives it"),
};
export const changeParams = {
  ...annotationParams,
  changeId: z
    .uuid({ message: "That is not a valid change ID" })
    .describe("A changeId from the annotation's history"),
};
/** Any text: the categories service answers category_not_found for an id that names none of the person's. */
export const categoryParams = {
  categoryId: z.string().max(200).describe("A category's ID, as listCategories gives it"),
};
export const suggestionParams = {
  ...propertyParams,
  suggestionId: suggestionIdParam.describe("A suggestion's ID, as listSuggestions gives it"),
};

/** Read-only operations over Tidemark's own records. */
export const readsTidemark = {
  readOnly: true,
  destructive: false,
  idempotent: true,
  openWorld: false,
} as const;

/** Read-only operations that ask Google Analytics. */
export const readsGoogle = { ...readsTidemark, openWorld: true } as const;

/** `n thing(s)`. */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
