/**
 * One annotation across several of the person's properties (decision 0058): every copy is made,
 * changed and deleted through the single-annotation operations, so each meets the same checks,
 * and each property answers on its own.
 */
import {
  createOnPropertiesRequest,
  type AnnotationCopy,
  type CreateOnPropertiesRequest,
  type PropertyOutcome,
} from "../../../shared/contracts/annotation-sets.js";
import {
  updateAnnotationRequest,
  type AnnotationSource,
  type CreateAnnotationRequest,
  type UpdateAnnotationRequest,
} from "../../../shared/contracts/annotations.js";
import { AppError } from "../../app-error.js";
import type { User } from "../../db/schema/index.js";
import { parseInput } from "../../parse-input.js";
import { copyRequestIdOf } from "./annotation-changes.js";
import type { AnnotationsContext, AnnotationWrite } from "./annotation-deps.js";
import { requirePremiumFeature } from "./annotation-rules.js";

/** The single-annotation operations each copy goes through. */
export interface SingleWrites {
  create(
    user: User,
    propertyId: string,
    request: CreateAnnotationRequest,
    source?: AnnotationSource | null,
  ): Promise<AnnotationWrite>;
  update(
    user: User,
    propertyId: string,
    annotationId: string,
    request: UpdateAnnotationRequest,
    source?: AnnotationSource | null,
  ): Promise<AnnotationWrite>;
  remove(
    user: User,
    propertyId: string,
    annotationId: string,
    source?: AnnotationSource | null,
  ): Promise<{ changeId: string | null }>;
}

type CopiesContext = Pick<AnnotationsContext, "properties" | "sets">;

export function createAnnotationCopies(context: AnnotationsContext, single: SingleWrites) {
  const { properties, sets } = context;

  return {
    /**
     * One annotation on several of the person's saved properties (decision 0058): each property's
     * copy is made by `create` above, the one path, so each counts against the day's allowance
     * and a property over it is refused on its own while the others land. Each copy's request id
     * comes from the request's and the property, so the same request again makes nothing twice.
     * The copies made are linked as a set. Answers every property's outcome, in the order asked.
     */
    async createOnProperties(
      user: User,
      request: CreateOnPropertiesRequest,
      source: AnnotationSource | null = null,
    ): Promise<PropertyOutcome[]> {
      const input = parseInput(createOnPropertiesRequest, request);
      const requestId = input.annotation.requestId ?? crypto.randomUUID();
      const outcomes: PropertyOutcome[] = [];
      const made: { propertyId: string; annotationId: string }[] = [];
      // One after another: the allowance is taken in the order the properties were chosen.
      for (const propertyId of input.propertyIds) {
        const propertyName = await nameOf(context, user, propertyId);
        try {
          const created = await single.create(
            user,
            propertyId,
            { ...input.annotation, requestId: copyRequestIdOf(requestId, propertyId) },
            source,
          );
          made.push({ propertyId, annotationId: created.annotationId });
          outcomes.push({
            status: "done",
            propertyId,
            propertyName,
            annotation: created,
            changeId: created.changeId,
          });
        } catch (error) {
          outcomes.push(failedOutcome(error, propertyId, propertyName));
        }
      }
      await sets.link(made);
      return outcomes;
    },

    /**
     * The annotation's copies on the person's saved properties (the ones they may work on), by
     * name. A copy on a property they have not saved is someone else's to change.
     */
    async copies(user: User, propertyId: string, annotationId: string): Promise<AnnotationCopy[]> {
      await properties.requireAllowed(user, propertyId);
      return copiesFor(context, user, propertyId, annotationId);
    },

    /**
     * An edit of the annotation and of each of its copies, each through `update` (the same checks
     * as one edit), answered per property: this one first.
     */
    async updateWithCopies(
      user: User,
      propertyId: string,
      annotationId: string,
      request: UpdateAnnotationRequest,
      source: AnnotationSource | null = null,
    ): Promise<PropertyOutcome[]> {
      const input = parseInput(updateAnnotationRequest, request);
      requirePremiumFeature(user, "edit");
      const targets = await setTargets(context, user, propertyId, annotationId);
      return onEachTarget(context, targets, async (target) => {
        const updated = await single.update(
          user,
          target.propertyId,
          target.annotationId,
          input,
          source,
        );
        return { annotation: updated, changeId: updated.changeId };
      });
    },

    /** A delete of the annotation and of each of its copies, answered per property. */
    async removeWithCopies(
      user: User,
      propertyId: string,
      annotationId: string,
      source: AnnotationSource | null = null,
    ): Promise<PropertyOutcome[]> {
      requirePremiumFeature(user, "delete");
      const targets = await setTargets(context, user, propertyId, annotationId);
      return onEachTarget(context, targets, async (target) => ({
        changeId: (await single.remove(user, target.propertyId, target.annotationId, source))
          .changeId,
      }));
    },
  };
}

/** One property's refusal, in the words a single write's error would use. */
function failedOutcome(error: unknown, propertyId: string, propertyName: string): PropertyOutcome {
  if (!(error instanceof AppError)) throw error;
  return { status: "failed", propertyId, propertyName, code: error.code, message: error.message };
}

function nameOfTarget(target: AnnotationCopy): { propertyId: string; propertyName: string } {
  return { propertyId: target.propertyId, propertyName: target.propertyName };
}

/** A saved property's display name (its number when it has none). */
async function nameOf(context: CopiesContext, user: User, propertyId: string): Promise<string> {
  try {
    return (
      (await context.properties.requireAllowed(user, propertyId)).name || `property ${propertyId}`
    );
  } catch (error) {
    if (error instanceof AppError) return `property ${propertyId}`;
    throw error;
  }
}

/** The annotation's copies on properties this person may work on; the others are skipped. */
async function copiesFor(
  context: CopiesContext,
  user: User,
  propertyId: string,
  annotationId: string,
): Promise<AnnotationCopy[]> {
  const members = await context.sets.copiesOf({ propertyId, annotationId });
  const copies: AnnotationCopy[] = [];
  for (const member of members) {
    try {
      const saved = await context.properties.requireAllowed(user, member.propertyId);
      copies.push({ ...member, propertyName: saved.name || `property ${member.propertyId}` });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return copies;
}

/** The annotation (first) and its copies, each with its property's name. */
async function setTargets(
  context: CopiesContext,
  user: User,
  propertyId: string,
  annotationId: string,
): Promise<AnnotationCopy[]> {
  const saved = await context.properties.requireAllowed(user, propertyId);
  return [
    { propertyId, annotationId, propertyName: saved.name || `property ${propertyId}` },
    ...(await copiesFor(context, user, propertyId, annotationId)),
  ];
}

/** A copy Google no longer holds leaves its set, as a listing would have it leave. */
async function leaveIfGone(
  context: CopiesContext,
  error: unknown,
  target: AnnotationCopy,
): Promise<void> {
  if (error instanceof AppError && error.code === "annotation_not_found")
    await context.sets.leave(target);
}

/**
 * Writes the annotation and each of its copies, one after another, answered per property; a copy
 * Google no longer holds leaves its set.
 */
async function onEachTarget(
  context: CopiesContext,
  targets: AnnotationCopy[],
  write: (
    target: AnnotationCopy,
  ) => Promise<
    { annotation: AnnotationWrite; changeId: string | null } | { changeId: string | null }
  >,
): Promise<PropertyOutcome[]> {
  const outcomes: PropertyOutcome[] = [];
  for (const target of targets) {
    try {
      outcomes.push({ status: "done", ...nameOfTarget(target), ...(await write(target)) });
    } catch (error) {
      outcomes.push(failedOutcome(error, target.propertyId, target.propertyName));
      await leaveIfGone(context, error, target);
    }
  }
  return outcomes;
}
