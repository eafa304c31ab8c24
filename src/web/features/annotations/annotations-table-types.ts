import type { Annotation } from "../../../shared/contracts/annotations";
import type { Category } from "../../../shared/contracts/categories";

/**
 * The table's own shapes, apart from its component, so the toolbar and the row tools the table
 * draws can name them without importing the table.
 */

/** A row: an annotation, with its property's name where the table shows several properties. */
export type AnnotationRow = Annotation & { propertyId?: string; propertyName?: string };
export type TableCategory = Pick<Category, "id" | "name" | "color">;
