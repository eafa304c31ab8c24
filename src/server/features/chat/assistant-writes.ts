/**
 * The writes the person asked for in so many words: the same requests the dialogs send, checked by
 * the same services, and the undo and restore of the history.
 */
import { AppError } from "../../app-error.js";
import type {
  CreateAnnotationRequest,
  UpdateAnnotationRequest,
} from "../../../shared/contracts/annotations.js";
import { errorMessages } from "../../../shared/contracts/errors.js";
import { capabilitiesOf } from "../../../shared/plans.js";
import { requirePremiumFeature } from "../annotations/annotations-service.js";
import type { AnnotationReference } from "./annotation-reference.js";
import {
  attempt,
  conversationProperty,
  followTemplate,
  requireNotFuture,
  resolveReference,
} from "./assistant-scope.js";
import type { ActionScope } from "./assistant-scope.js";

const changeKindOf = { create: "created", update: "updated", delete: "deleted" } as const;
const changeWords = { create: "a create", update: "an edit", delete: "a deletion" } as const;

/** Creates and changes, on one property or on each saved one. */
export function writeActions(scope: ActionScope) {
  const { deps, user } = scope;
  return {
    /** The same request the create dialog sends, checked by the same service. */
    createAnnotation: (request: CreateAnnotationRequest) =>
      attempt(scope, async () => {
        requireNotFuture(scope, request);
        return deps.annotations.create(
          user,
          await conversationProperty(scope),
          await followTemplate(scope, request),
        );
      }),

    /**
     * A create the model wrote, made ready as the assistant's own creates are: for a day that has
     * happened, its title written to its category's template. The catalogue's create runs it.
     */
    prepareCreate: (request: CreateAnnotationRequest) =>
      attempt(scope, async () => {
        requireNotFuture(scope, request);
        return followTemplate(scope, request);
      }),

    /**
     * The same request on the current property and each of the person's other saved properties
     * (decision 0058), through the service's multi-property create: each counts against the day's
     * allowance and is answered on its own. A plan with one property makes it there alone.
     */
    createOnAllProperties: (request: CreateAnnotationRequest) =>
      attempt(scope, async () => {
        requireNotFuture(scope, request);
        const current = await conversationProperty(scope);
        const others = capabilitiesOf(user.subscriptionTier).locksFirstProperty
          ? []
          : (await deps.properties.saved(user))
              .map((saved) => saved.propertyId)
              .filter((propertyId) => propertyId !== current);
        return deps.annotations.createOnProperties(user, {
          propertyIds: [current, ...others],
          annotation: await followTemplate(scope, request),
        });
      }),

    /** The same request the edit dialog sends, for the annotation the reference names. */
    updateAnnotation: (reference: AnnotationReference, request: UpdateAnnotationRequest) =>
      attempt(scope, async () => {
        // Checked before reading the annotations, so a free person hears why at once.
        requirePremiumFeature(user, "edit");
        const { propertyId, annotation } = await resolveReference(scope, reference);
        const after = await deps.annotations.update(
          user,
          propertyId,
          annotation.annotationId,
          request,
        );
        return { before: annotation, after };
      }),
  };
}

/** Taking back the last change, and restoring an entry of an annotation's history. */
export function historyActions(scope: ActionScope) {
  const { deps, user } = scope;
  return {
    /**
     * Reverts the person's last change on the conversation's property through the annotations
     * service (decision 0039). The last change being a create, nothing is undone here: its
     * change is answered, for the caller to propose its undo with the usual confirmation.
     */
    undoLast: (expected?: "create" | "update" | "delete") =>
      attempt(scope, async () => {
        const propertyId = await conversationProperty(scope);
        const last = await deps.annotations.lastUndoable(user, propertyId);
        if (!last) throw new AppError("change_not_found", errorMessages.nothingToUndo);
        // "bring back the one you deleted" when the last change was an edit: nothing else undone.
        if (expected && last.kind !== changeKindOf[expected])
          throw new AppError(
            "change_not_found",
            `Your last change here was not ${changeWords[expected]}, so I didn't undo anything. Say "undo" to take back your last change, whatever it was.`,
          );
        if (last.kind === "created") return { kind: "create" as const, change: last };
        return {
          kind: "undone" as const,
          ...(await deps.annotations.undo(user, propertyId, last.changeId, {})),
        };
      }),

    /**
     * Restore one entry of an annotation's history through the annotations service: its edit
     * path and plan check, recorded as a change; the same request id again changes nothing more.
     */
    restoreVersion: (annotationId: string, changeId: string, requestId?: string) =>
      attempt(scope, async () =>
        deps.annotations.restore(
          user,
          await conversationProperty(scope),
          annotationId,
          changeId,
          requestId ? { requestId } : {},
        ),
      ),
  };
}
