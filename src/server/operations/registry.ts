/**
 * Every operation Tidemark offers, once. The doors (src/server/operations/doors/) serve each on
 * the doors it names: adding an operation is a file beside this one and a line here.
 */
import { acceptSuggestion } from "./accept-suggestion.js";
import { getAnnotationHistory } from "./annotation-history.js";
import { applyBulkAction, undoBulkAction } from "./bulk-annotations.js";
import { getAnnotationImpact } from "./annotation-impact.js";
import { createAnnotation } from "./create-annotation.js";
import { createCategory } from "./create-category.js";
import { decideSuggestions } from "./decide-suggestions.js";
import { deleteAnnotation } from "./delete-annotation.js";
import { deleteCategory } from "./delete-category.js";
import { dismissSuggestion } from "./dismiss-suggestion.js";
import { explainChange } from "./explain-change.js";
import { getAnnotation } from "./get-annotation.js";
import { getCategory } from "./get-category.js";
import { listAnnotations } from "./list-annotations.js";
import { listCategories } from "./list-categories.js";
import { listProperties } from "./list-properties.js";
import { listSuggestions } from "./list-suggestions.js";
import type { AnyOperation } from "./operation.js";
import { restoreAnnotationVersion } from "./restore-annotation-version.js";
import { undoChange } from "./undo-change.js";
import { updateAnnotation } from "./update-annotation.js";
import { updateCategory } from "./update-category.js";

export const operations: readonly AnyOperation[] = [
  listProperties,
  listAnnotations,
  createAnnotation,
  getAnnotation,
  updateAnnotation,
  deleteAnnotation,
  explainChange,
  getAnnotationImpact,
  getAnnotationHistory,
  restoreAnnotationVersion,
  undoChange,
  applyBulkAction,
  undoBulkAction,
  listSuggestions,
  acceptSuggestion,
  dismissSuggestion,
  decideSuggestions,
  listCategories,
  createCategory,
  getCategory,
  updateCategory,
  deleteCategory,
];
