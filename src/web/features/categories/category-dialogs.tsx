import type { Category } from "../../../shared/contracts/categories";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { toast } from "../../components/ui/use-toast";
import { useCreateCategory, useDeleteCategory, useUpdateCategory } from "./categories-api";
import { failureToast } from "./category-failure-toast";
import { CategoryFormDialog } from "./category-form-dialog";

// Each stays mounted while the page is, dialog open or not, so a save still under way when its
// dialog closed still shows as under way when it opens again.

/** `openKey` is null while closed, and new for each opening so each starts fresh. */
export function CreateCategory({
  openKey,
  onOpenChange,
}: {
  openKey: number | null;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateCategory();
  if (openKey === null) return null;
  return (
    <CategoryFormDialog
      key={openKey}
      mode="create"
      open
      onOpenChange={onOpenChange}
      pending={create.isPending}
      onCreate={(request) =>
        create.mutate(request, {
          onSuccess: (created) => {
            onOpenChange(false);
            toast({
              title: "Category created",
              description: `"${created.name}" is ready to use.`,
            });
          },
          onError: (error) => failureToast("Failed to create category", error),
        })
      }
    />
  );
}

export function EditCategory({
  category,
  onClose,
}: {
  category: Category | null;
  onClose: () => void;
}) {
  const update = useUpdateCategory();
  if (!category) return null;
  return (
    <CategoryFormDialog
      key={category.id}
      mode="edit"
      category={category}
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      pending={update.isPending}
      onUpdate={(changes) =>
        update.mutate(
          { id: category.id, changes },
          {
            onSuccess: (updated) => {
              onClose();
              toast({
                title: "Category updated",
                description: `"${updated.name}" has been saved.`,
              });
            },
            onError: (error) => failureToast("Failed to update category", error),
          },
        )
      }
    />
  );
}

export function DeleteCategory({
  category,
  onClose,
}: {
  category: Category | null;
  onClose: () => void;
}) {
  const remove = useDeleteCategory();
  return (
    <ConfirmDialog
      open={category !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Delete Category"
      description={
        category
          ? `Are you sure you want to delete "${category.name}"? This action cannot be undone.`
          : undefined
      }
      confirmLabel="Delete"
      destructive
      pending={remove.isPending}
      onConfirm={() => {
        if (!category) return;
        const target = category;
        remove.mutate(target.id, {
          onSuccess: () => {
            onClose();
            toast({
              title: "Category deleted",
              description: `"${target.name}" has been deleted. Its annotations keep their place.`,
            });
          },
          onError: (error) => {
            onClose();
            failureToast("Failed to delete category", error);
          },
        });
      }}
    />
  );
}
