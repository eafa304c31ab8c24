/**
 * Reads of what Google holds now, with this person's extras, shared by the service's writes,
 * copies and undo.
 */
import { AppError } from "../../app-error.js";
import type { User } from "../../db/schema/index.js";
import type {
  AnnotationListing,
  GoogleAnnotation,
} from "../../integrations/google/analytics-admin.js";
import type { Annotation } from "../../../shared/contracts/annotations.js";
import type { AnnotationFields } from "../../../shared/contracts/annotation-history.js";
import { fieldsOf } from "./annotation-changes.js";
import type { AnnotationsContext } from "./annotation-deps.js";
import { annotationIdOf, toAnnotation } from "./annotation-google.js";
import type { AnnotationKey } from "./annotation-records-repository.js";

export function createAnnotationReads(context: AnnotationsContext) {
  const { gateway, records, categories } = context;

  /**
   * What Google holds now, read after a write whose answer was lost: the annotation, "gone", or
   * "unknown" when the read failed too.
   */
  async function readBack(
    user: User,
    propertyId: string,
    annotationId: string,
  ): Promise<
    | { state: "held"; annotation: GoogleAnnotation }
    | { state: "gone" }
    | { state: "unknown"; failure: unknown }
  > {
    try {
      const annotation = await gateway.call(
        user,
        "annotation",
        (admin, token) => admin.getAnnotation(token, propertyId, annotationId),
        { retry: true },
      );
      return { state: "held", annotation };
    } catch (failure) {
      if (failure instanceof AppError && failure.code === "annotation_not_found")
        return { state: "gone" };
      return { state: "unknown", failure };
    }
  }

  async function toAnnotations(
    user: User,
    propertyId: string,
    found: GoogleAnnotation[],
  ): Promise<Annotation[]> {
    const ids = found.map(annotationIdOf);
    const extras = await records.extrasFor(user.id, propertyId, ids);
    return found.map((annotation, index) =>
      toAnnotation(annotation, ids[index]!, extras.get(ids[index]!)!),
    );
  }

  /** A named category must be usable (plan, owner, still there) before anything is written. */
  async function requireCategory(user: User, categoryId: string | null | undefined): Promise<void> {
    if (categoryId === undefined || categoryId === null) return;
    await categories.requireUsable(user, categoryId);
  }

  /** The annotation as Google holds it now, with this person's category. */
  async function readAnnotation(
    user: User,
    key: AnnotationKey,
  ): Promise<{ google: GoogleAnnotation; annotation: Annotation; fields: AnnotationFields }> {
    const google = await gateway.call(
      user,
      "annotation",
      (admin, token) => admin.getAnnotation(token, key.propertyId, key.annotationId),
      { retry: true },
    );
    const extras = await records.extrasFor(user.id, key.propertyId, [key.annotationId]);
    const annotation = toAnnotation(google, key.annotationId, extras.get(key.annotationId)!);
    return { google, annotation, fields: fieldsOf(annotation) };
  }

  /** A category still usable (not deleted since, the plan allows it) is put back; else none. */
  async function restorableCategory(user: User, categoryId: string | null): Promise<string | null> {
    if (categoryId === null) return null;
    try {
      await categories.requireUsable(user, categoryId);
      return categoryId;
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  /** Google's list of a property's annotations, retried as any read. */
  function listAnnotations(user: User, propertyId: string): Promise<AnnotationListing> {
    return gateway.call(
      user,
      "property",
      (admin, token) => admin.listAnnotations(token, propertyId),
      { retry: true },
    );
  }

  return {
    listAnnotations,
    readBack,
    toAnnotations,
    requireCategory,
    readAnnotation,
    restorableCategory,
  };
}

export type AnnotationReads = ReturnType<typeof createAnnotationReads>;
