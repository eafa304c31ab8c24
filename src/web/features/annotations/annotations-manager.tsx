import { useMemo, useState } from "react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import type { Annotation } from "../../../shared/contracts/annotations";
import type { Category } from "../../../shared/contracts/categories";
import { capabilitiesOf } from "../../../shared/plans";
import { Button } from "../../components/ui/button";
import { Dialog, DialogFooter } from "../../components/ui/dialog";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import { useCategories } from "../../session/categories";
import { AnnotationFormDialog } from "./annotation-form-dialog";
import { AnnotationsTable } from "./annotations-table";
import {
  useAnnotations,
  useCreateAnnotation,
  useDeleteAnnotation,
  useUpdateAnnotation,
} from "./annotations-api";

const noCategories: Category[] = [];

export const missingPropertyMessage = "Please select a property ID first.";

export function toastMissingProperty(): void {
  toast({ variant: "destructive", title: "Error", description: missingPropertyMessage });
}

function errorToast(title: string, error: unknown, fallback: string): void {
  toast({ variant: "destructive", title, description: serverErrorMessage(error) ?? fallback });
}

/**
 * The annotations of the selected property: the table plus the create, edit and delete dialogs
 * (spec §2, §5, §8). `createOpen` belongs to the page, whose 'New Annotation' button opens it.
 */
export function AnnotationsManager({
  user,
  propertyId,
  createOpen,
  onCreateOpenChange,
  emptyMessage,
}: {
  user: CurrentUser;
  propertyId: string;
  createOpen: boolean;
  onCreateOpenChange: (open: boolean) => void;
  emptyMessage?: string;
}) {
  const { canEditAnnotations, canDeleteAnnotations, canUseCategories } = capabilitiesOf(
    user.subscriptionTier,
  );
  const { annotations, isLoading } = useAnnotations(propertyId);
  const create = useCreateAnnotation(propertyId);
  const update = useUpdateAnnotation(propertyId);
  const remove = useDeleteAnnotation(propertyId);
  const [editing, setEditing] = useState<Annotation | null>(null);
  const [deleting, setDeleting] = useState<Annotation | null>(null);
  const [createKey, setCreateKey] = useState(0);
  // Premium's categories are fetched only while a dialog offers them or an annotation shows one.
  const categories = useCategories({
    enabled:
      canUseCategories &&
      (createOpen ||
        editing !== null ||
        annotations.some((annotation) => annotation.categoryId !== null)),
  });
  const categoryChoices = canUseCategories ? (categories.data ?? noCategories) : noCategories;
  const categoryNames = useMemo(
    () => new Map((categories.data ?? []).map((category) => [category.id, category.name])),
    [categories.data],
  );

  function guardProperty(): boolean {
    if (propertyId) return true;
    toastMissingProperty();
    return false;
  }

  return (
    <>
      <AnnotationsTable
        annotations={annotations}
        isLoading={isLoading}
        canEdit={canEditAnnotations}
        canDelete={canDeleteAnnotations}
        emptyMessage={emptyMessage}
        categoryNames={canUseCategories ? categoryNames : undefined}
        onEdit={(annotation) => {
          if (guardProperty()) setEditing(annotation);
        }}
        onDelete={(annotation) => {
          if (guardProperty()) setDeleting(annotation);
        }}
      />
      {createOpen ? (
        <AnnotationFormDialog
          key={createKey}
          mode="create"
          categories={categoryChoices}
          open
          onOpenChange={onCreateOpenChange}
          pending={create.isPending}
          onCreate={(request) => {
            if (!guardProperty()) return;
            create.mutate(request, {
              onSuccess: (created) => {
                onCreateOpenChange(false);
                setCreateKey((key) => key + 1);
                toast({
                  title: "Annotation created",
                  description: `"${created.title}" has been created successfully in GA4.`,
                });
              },
              onError: (error) =>
                errorToast(
                  "Error creating annotation",
                  error,
                  "Failed to create annotation in GA4. Please try again.",
                ),
            });
          }}
        />
      ) : null}
      {editing ? (
        <AnnotationFormDialog
          key={editing.annotationId}
          mode="edit"
          annotation={editing}
          categories={categoryChoices}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
          pending={update.isPending}
          onUpdate={(changes) => {
            if (!guardProperty()) return;
            update.mutate(
              { annotationId: editing.annotationId, changes },
              {
                onSuccess: (updated) => {
                  setEditing(null);
                  toast({
                    title: "Annotation updated",
                    description: `"${updated.title}" has been updated in GA4.`,
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
          }}
        />
      ) : null}
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete Annotation"
        description={
          deleting
            ? `Are you sure you want to delete "${deleting.title}"? This removes it from Google Analytics and cannot be undone.`
            : undefined
        }
      >
        <DialogFooter>
          <Button variant="outline" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => {
              if (!deleting || !guardProperty()) return;
              const target = deleting;
              remove.mutate(target.annotationId, {
                onSuccess: () => {
                  setDeleting(null);
                  toast({
                    title: "Annotation deleted",
                    description: `"${target.title}" has been deleted from GA4.`,
                  });
                },
                onError: (error) => {
                  setDeleting(null);
                  errorToast(
                    "Error deleting annotation",
                    error,
                    "Failed to delete annotation in GA4. Please try again.",
                  );
                },
              });
            }}
          >
            Delete
          </Button>
        </DialogFooter>
      </Dialog>
    </>
  );
}
