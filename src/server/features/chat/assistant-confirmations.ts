/**
 * The assistant's previews and their carrying out. A preview is checked as the write itself would
 * be and stored as the session's pending confirmation; nothing is written until the person
 * confirms it, and then each annotation it touches is written only if it is still exactly what
 * the person saw.
 */
import { AppError } from "../../app-error.js";
import {
  createAnnotationRequest,
  updateAnnotationRequest,
  type Annotation,
  type CreateAnnotationRequest,
  type UpdateAnnotationRequest,
} from "../../../shared/contracts/annotations.js";
import type { AnnotationChange } from "../../../shared/contracts/annotation-history.js";
import type { DraftSources } from "../../../shared/contracts/chat.js";
import { countForToday, dailyLimitMessage } from "../../../shared/daily-quota.js";
import {
  requireNotSystemGenerated,
  requirePremiumFeature,
} from "../annotations/annotations-service.js";
import { parseInput } from "../../parse-input.js";
import type { AnnotationReference } from "./annotation-reference.js";
import { maxDeletionsPerConfirmation } from "./assistant-rules.js";
import {
  attempt,
  categoryNameOf,
  conversationProperty,
  followTemplate,
  requireNotFuture,
  resolveReference,
  type ActionScope,
} from "./assistant-scope.js";
import {
  issueCreate,
  issueDeletion,
  issueUndoOfCreate,
  issueUpdate,
  unchangedSince,
  type PendingConfirmation,
  type PendingCreate,
  type PendingDeletion,
  type PendingUpdate,
} from "./conversation-state.js";

/** What a confirmed action did; an annotation no longer as previewed is skipped, never changed. */
export type CarriedOut =
  | {
      kind: "delete";
      deleted: Annotation[];
      skipped: { title: string; reason: "gone" | "changed" }[];
      /** It was the undo of a create, told in the undo's words. */
      undone?: true;
    }
  | { kind: "create"; created: Annotation; categoryName: string | null }
  | {
      kind: "update";
      before: Annotation;
      after: Annotation;
      categoryName: string | null;
    }
  | { kind: "update"; skipped: { title: string; reason: "gone" | "changed" } };

async function carryOutDeletion(
  { deps, user }: ActionScope,
  pending: PendingDeletion,
): Promise<CarriedOut> {
  const current = new Map(
    (await deps.annotations.list(user, pending.propertyId)).map((a) => [a.annotationId, a]),
  );
  const deleted: Annotation[] = [];
  const skipped: { title: string; reason: "gone" | "changed" }[] = [];
  for (const item of pending.items) {
    const annotation = current.get(item.annotationId);
    if (!annotation) skipped.push({ title: item.snapshot.title, reason: "gone" });
    else if (!unchangedSince(item.snapshot, annotation))
      skipped.push({ title: item.snapshot.title, reason: "changed" });
    else if (pending.undoes) {
      await deps.annotations.undo(user, pending.propertyId, pending.undoes, { confirm: true });
      deleted.push(annotation);
    } else {
      await deps.annotations.remove(user, pending.propertyId, item.annotationId);
      deleted.push(annotation);
    }
  }
  return {
    kind: "delete",
    deleted,
    skipped,
    ...(pending.undoes ? { undone: true as const } : {}),
  };
}

async function carryOutCreate(scope: ActionScope, pending: PendingCreate): Promise<CarriedOut> {
  requireNotFuture(scope, pending.request);
  // The stored request id makes a second run of the same confirmation answer the first one.
  const created = await scope.deps.annotations.create(
    scope.user,
    pending.propertyId,
    pending.request,
  );
  return { kind: "create", created, categoryName: await categoryNameOf(scope, created.categoryId) };
}

async function carryOutUpdate(scope: ActionScope, pending: PendingUpdate): Promise<CarriedOut> {
  const { deps, user } = scope;
  const [item] = pending.items;
  const before = (await deps.annotations.list(user, pending.propertyId)).find(
    (a) => a.annotationId === item.annotationId,
  );
  if (!before) return { kind: "update", skipped: { title: item.snapshot.title, reason: "gone" } };
  if (!unchangedSince(item.snapshot, before))
    return { kind: "update", skipped: { title: item.snapshot.title, reason: "changed" } };
  const after = await deps.annotations.update(
    user,
    pending.propertyId,
    item.annotationId,
    pending.changes,
  );
  return {
    kind: "update",
    before,
    after,
    categoryName: await categoryNameOf(scope, after.categoryId),
  };
}

/** Stores a preview as the session's one pending confirmation and answers it. */
async function waitFor<T extends PendingConfirmation>(scope: ActionScope, pending: T): Promise<T> {
  await scope.deps.chat.setPendingAction(scope.context.sessionId, pending);
  return pending;
}

/** Previews of a create, a change and an undo of a create, each waiting for the person. */
export function previewActions(scope: ActionScope) {
  const { user, context } = scope;
  return {
    /**
     * A create the person has not asked for, checked as the create itself would be (contract,
     * property, day, today's allowance) and stored as the session's pending confirmation:
     * nothing is written until the person confirms it.
     */
    proposeCreate: (
      request: CreateAnnotationRequest,
      categoryName: string | null,
      sources?: DraftSources,
    ) =>
      attempt(scope, async (): Promise<PendingCreate> => {
        const checked = await followTemplate(scope, parseInput(createAnnotationRequest, request));
        requireNotFuture(scope, checked);
        const propertyId = await conversationProperty(scope);
        const used = countForToday(user.dailyAnnotationCount, user.dailyCountResetAt, context.now);
        if (used >= user.annotationQuota)
          throw new AppError(
            "daily_limit",
            dailyLimitMessage(user.annotationQuota, context.now, context.timeZone ?? null),
          );
        return waitFor(scope, issueCreate(propertyId, checked, categoryName, context.now, sources));
      }),

    /**
     * A change the person has not asked for, to the annotation the reference names, stored as the
     * session's pending confirmation with a snapshot of the annotation as it is now.
     */
    proposeUpdate: (
      reference: AnnotationReference,
      changes: UpdateAnnotationRequest,
      categoryName: string | null | undefined,
      sources?: DraftSources,
    ) =>
      attempt(scope, async (): Promise<PendingUpdate> => {
        requirePremiumFeature(user, "edit");
        const checked = parseInput(updateAnnotationRequest, changes);
        const { propertyId, annotation } = await resolveReference(scope, reference);
        requireNotSystemGenerated(annotation);
        return waitFor(
          scope,
          issueUpdate(propertyId, annotation, checked, categoryName, context.now, sources),
        );
      }),

    /**
     * Undoing a create deletes its annotation, so it waits for the person's confirmation like a
     * deletion; confirmed, it runs as the change's undo (the annotations service decides whether
     * the plan allows it: a free plan may take back its latest create, decision 0059).
     */
    proposeUndoOfCreate: (change: AnnotationChange) =>
      attempt(scope, async (): Promise<PendingDeletion> => {
        const { propertyId, annotation } = await resolveReference(scope, {
          kind: "id",
          annotationId: change.annotationId,
        });
        return waitFor(
          scope,
          issueUndoOfCreate(propertyId, annotation, change.changeId, context.now),
        );
      }),
  };
}

/** Deletions, which always wait for the person, and carrying out what they confirmed. */
export function confirmationActions(scope: ActionScope) {
  const { user, context } = scope;
  return {
    /**
     * Prepares the deletion of the annotations named and stores it as the session's pending
     * confirmation; nothing is deleted until the person confirms it themselves.
     */
    proposeDeletion: (references: readonly AnnotationReference[]) =>
      attempt(scope, async (): Promise<PendingDeletion> => {
        // Checked before the preview, so nothing waits for a confirmation that could never run.
        requirePremiumFeature(user, "delete");
        if (references.length === 0)
          throw new AppError("invalid_request", "Which annotation should I delete?");
        if (references.length > maxDeletionsPerConfirmation) {
          throw new AppError(
            "invalid_request",
            `I can delete at most ${maxDeletionsPerConfirmation} annotations at once. Narrow it down, or use the table.`,
          );
        }
        const found = new Map<string, Annotation>();
        let propertyId = "";
        for (const reference of references) {
          const resolved = await resolveReference(scope, reference);
          requireNotSystemGenerated(resolved.annotation);
          propertyId = resolved.propertyId;
          found.set(resolved.annotation.annotationId, resolved.annotation);
        }
        return waitFor(scope, issueDeletion(propertyId, [...found.values()], context.now));
      }),

    /**
     * Carries out a confirmation the person gave (already taken from the session, so it runs
     * once): each annotation it touches is written only if it is still exactly what the person saw.
     */
    carryOut: (pending: PendingConfirmation) =>
      attempt(scope, async (): Promise<CarriedOut> => {
        switch (pending.kind) {
          case "delete":
            return carryOutDeletion(scope, pending);
          case "create":
            return carryOutCreate(scope, pending);
          case "update":
            return carryOutUpdate(scope, pending);
        }
      }),

    dropConfirmation: () => scope.deps.chat.setPendingAction(context.sessionId, null),
  };
}
