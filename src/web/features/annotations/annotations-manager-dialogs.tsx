import { Suspense } from "react";
import type {
  CreateAnnotationRequest,
  UpdateAnnotationRequest,
} from "../../../shared/contracts/annotations";
import type { Category } from "../../../shared/contracts/categories";
import { toast } from "../../components/ui/use-toast";
import { isApiError } from "../../lib/api-client";
import { serverErrorMessage } from "../../lib/api-error-message";
import {
  AnnotationDeleteDialog,
  AnnotationDetailsDialog,
  AnnotationFormDialog,
  AnnotationHistory,
} from "./annotations-manager-chunks";
import { undoToastDurationMs, useUndoAction } from "./undo-change";
import type { AnnotationDialogs } from "./use-annotation-dialogs";
import { useCreateAnnotation, useDeleteAnnotation, useUpdateAnnotation } from "./annotations-api";

/**
 * Whether the server answered that the create did not happen (a refusal with its reason), so the
 * next attempt is a new request. No answer, or "Google did not confirm", may mean it did.
 */
function createDidNotHappen(error: unknown): boolean {
  return isApiError(error) && error.code !== null && error.code !== "google_unconfirmed";
}

function errorToast(title: string, error: unknown, fallback: string): void {
  toast({ variant: "destructive", title, description: serverErrorMessage(error) ?? fallback });
}

interface ManagerDialogsProps {
  propertyId: string;
  dialogs: AnnotationDialogs;
  categoryChoices: readonly Category[];
  categoryNames: ReadonlyMap<string, string>;
  timeZone: string | null;
  canEdit: boolean;
  readOnlyReason: string | null;
  /** False, after saying so, when no property is selected. */
  guardProperty: () => boolean;
}

/** The manager's create, edit, details and delete dialogs, with the writes they make. */
export function AnnotationsManagerDialogs(props: ManagerDialogsProps) {
  const { propertyId, dialogs, categoryNames, timeZone } = props;
  // The writes live as long as the manager, so an answer arriving after its dialog closed still
  // says what happened.
  const create = useCreateAnnotation(propertyId);
  const update = useUpdateAnnotation(propertyId);
  const remove = useDeleteAnnotation(propertyId);
  const undo = useUndoAction(propertyId);
  const { viewing } = dialogs;

  function onCreate(request: CreateAnnotationRequest) {
    if (!props.guardProperty()) return;
    create.mutate(
      { ...request, requestId: dialogs.createRequestId },
      {
        onSuccess: (created) => {
          dialogs.closeCreate();
          dialogs.bumpCreateKey();
          toast({
            title: "Annotation created",
            description: `"${created.title}" has been created successfully in GA4.`,
            action: undo.actionFor({ ...created, kind: "created" }),
            duration: undoToastDurationMs,
          });
        },
        onError: (error) => {
          if (createDidNotHappen(error)) dialogs.renewCreateRequest();
          errorToast(
            "Error creating annotation",
            error,
            "Failed to create annotation in GA4. Please try again.",
          );
        },
      },
    );
  }

  return (
    <>
      <Suspense fallback={null}>
        {dialogs.creating ? (
          <AnnotationFormDialog
            key={dialogs.createKey}
            mode="create"
            propertyId={propertyId}
            requestId={dialogs.createRequestId}
            draft={dialogs.draft ?? undefined}
            categories={props.categoryChoices}
            timeZone={timeZone}
            open
            onOpenChange={(open) => {
              if (!open) dialogs.closeCreate();
            }}
            pending={create.isPending}
            onCreate={onCreate}
          />
        ) : null}
        <EditDialog {...props} update={update} undo={undo} />
        {viewing ? (
          <AnnotationDetailsDialog
            annotation={viewing}
            canEdit={props.canEdit}
            readOnlyReason={props.readOnlyReason}
            timeZone={timeZone}
            categoryName={viewing.categoryId ? categoryNames.get(viewing.categoryId) : undefined}
            impactOf={propertyId}
            onOpenChange={(open) => {
              if (!open) dialogs.setViewing(null);
            }}
          />
        ) : null}
      </Suspense>
      <Suspense fallback={null}>
        <DeleteDialog {...props} remove={remove} undo={undo} />
      </Suspense>
      {undo.dialog}
    </>
  );
}

type Undo = ReturnType<typeof useUndoAction>;

function EditDialog({
  propertyId,
  dialogs,
  categoryChoices,
  timeZone,
  guardProperty,
  update,
  undo,
}: ManagerDialogsProps & { update: ReturnType<typeof useUpdateAnnotation>; undo: Undo }) {
  const { editing, editDraft } = dialogs;
  if (!editing) return null;

  function onUpdate(changes: UpdateAnnotationRequest) {
    if (!guardProperty() || !editing) return;
    update.mutate(
      { annotationId: editing.annotationId, changes },
      {
        onSuccess: (updated) => {
          dialogs.closeEdit();
          toast({
            title: "Annotation updated",
            description: `"${updated.title}" has been updated in GA4.`,
            action: undo.actionFor({ ...updated, kind: "updated" }),
            duration: undoToastDurationMs,
          });
        },
        onError: (error) =>
          errorToast(
            "Error updating annotation",
            error,
            "Failed to update annotation in GA4. Please try again.",
          ),
      },
    );
  }

  return (
    <AnnotationFormDialog
      key={editing.annotationId}
      mode="edit"
      propertyId={propertyId}
      annotation={editing}
      {...(editDraft ? { draft: editDraft } : {})}
      categories={categoryChoices}
      timeZone={timeZone}
      open
      onOpenChange={(open) => {
        if (!open) dialogs.closeEdit();
      }}
      impactOf={propertyId}
      history={
        // The edit dialog opens only where the person may edit, so any entry may be restored.
        <AnnotationHistory.Component
          propertyId={propertyId}
          annotation={editing}
          canRestore
          undoActionFor={undo.actionFor}
          // The form still holds the version it opened with.
          onRestored={dialogs.closeEdit}
        />
      }
      pending={update.isPending}
      onUpdate={onUpdate}
    />
  );
}

function DeleteDialog({
  propertyId,
  dialogs,
  guardProperty,
  remove,
  undo,
}: ManagerDialogsProps & { remove: ReturnType<typeof useDeleteAnnotation>; undo: Undo }) {
  const { deleting } = dialogs;
  if (!deleting) return null;

  function onDeleteOne() {
    if (!deleting || !guardProperty()) return;
    const target = deleting;
    remove.mutate(target.annotationId, {
      onSuccess: ({ changeId }) => {
        dialogs.setDeleting(null);
        toast({
          title: "Annotation deleted",
          description: `"${target.title}" has been deleted from GA4.`,
          action: undo.actionFor({ changeId, title: target.title, kind: "deleted" }),
          duration: undoToastDurationMs,
        });
      },
      onError: (error) => {
        dialogs.setDeleting(null);
        errorToast(
          "Error deleting annotation",
          error,
          "Failed to delete annotation in GA4. Please try again.",
        );
      },
    });
  }

  return (
    <AnnotationDeleteDialog
      annotation={deleting}
      propertyId={propertyId}
      onOpenChange={(open) => {
        if (!open) dialogs.setDeleting(null);
      }}
      pending={remove.isPending}
      onDeleteOne={onDeleteOne}
    />
  );
}
