import { Loader2, Pencil, Plus, Sparkles, Tags, Trash2, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { annotationColorSwatches } from "../../../shared/annotation-colors";
import { categoryPresets } from "../../../shared/categories";
import type { CurrentUser } from "../../../shared/contracts/auth";
import type { Category } from "../../../shared/contracts/categories";
import { capabilitiesOf } from "../../../shared/plans";
import { BackLink } from "../../components/back-link";
import { Button } from "../../components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import { routePaths } from "../../lib/route-paths";
import { PremiumFeatureCard } from "../../components/premium-feature-card";
import { useCategories, useCategoryAnnotationCounts } from "../../session/categories";
import {
  useAddRecommendedCategories,
  useCreateCategory,
  useDeleteCategory,
  useUpdateCategory,
} from "./categories-api";
import { CategoryFormDialog } from "./category-form-dialog";

function failureToast(title: string, error: unknown): void {
  toast({
    variant: "destructive",
    title,
    description: serverErrorMessage(error) ?? "Please try again.",
  });
}

function CategoryCard({
  category,
  annotationCount,
  onEdit,
  onDelete,
}: {
  category: Category;
  /** Undefined while the counts are not known. */
  annotationCount: number | undefined;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const swatch = annotationColorSwatches[category.color];
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex items-start gap-3">
        <span
          className="mt-1 size-3.5 shrink-0 rounded-full"
          style={{ backgroundColor: swatch.hex }}
          title={swatch.label}
          aria-hidden="true"
        />
        <h2 className="min-w-0 flex-1 font-semibold break-words">{category.name}</h2>
        <div className="-mt-1.5 -mr-2 flex shrink-0 gap-1">
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Edit ${category.name}`}
            onClick={onEdit}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8 hover:text-destructive"
            aria-label={`Delete ${category.name}`}
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <p className="text-sm break-words text-muted-foreground">
        {category.description ?? <span className="italic">No description</span>}
      </p>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        {annotationCount !== undefined ? (
          <span className="font-medium text-foreground tabular-nums">
            {annotationCount === 0
              ? "No annotations yet"
              : `${annotationCount} annotation${annotationCount === 1 ? "" : "s"}`}
          </span>
        ) : null}
        {category.isDefault ? <span>· Recommended</span> : null}
      </p>
      {category.titleTemplate ? (
        <p className="mt-auto rounded-md bg-muted px-2 py-1.5 font-mono text-xs break-words text-muted-foreground">
          <span className="sr-only">Title template: </span>
          {category.titleTemplate}
        </p>
      ) : null}
    </li>
  );
}

function PremiumCategories() {
  const categories = useCategories({ enabled: true });
  const counts = useCategoryAnnotationCounts({ enabled: true });
  const addRecommended = useAddRecommendedCategories();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [creating, setCreating] = useState(false);
  const [createKey, setCreateKey] = useState(0);
  const [editing, setEditing] = useState<Category | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);

  function openCreate() {
    setCreateKey((key) => key + 1);
    setCreating(true);
  }

  let body;
  if (categories.isPending) {
    body = (
      <div role="status" aria-live="polite" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <span className="sr-only">Loading categories...</span>
        {[0, 1, 2].map((index) => (
          <div
            key={index}
            aria-hidden="true"
            className="h-32 animate-pulse rounded-xl border bg-muted/60 motion-reduce:animate-none"
          />
        ))}
      </div>
    );
  } else if (categories.isError) {
    body = (
      <Card role="alert" className="border-destructive/40">
        <CardHeader>
          <div className="flex items-center gap-2 text-destructive">
            <TriangleAlert className="size-5" aria-hidden="true" />
            <CardTitle as="h2">Error Loading Categories</CardTitle>
          </div>
          <CardDescription>
            {serverErrorMessage(categories.error) ??
              "Your categories could not be loaded. Please try again."}
          </CardDescription>
          <Button
            variant="outline"
            className="mt-2 self-start"
            onClick={() => void categories.refetch()}
          >
            Try again
          </Button>
        </CardHeader>
      </Card>
    );
  } else if (categories.data.length === 0) {
    body = (
      <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-14 text-center">
        <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Tags className="size-6" aria-hidden="true" />
        </span>
        <h2 className="text-lg font-semibold">No categories yet</h2>
        <p className="mt-1 max-w-md text-sm text-pretty text-muted-foreground">
          Group annotations by what happened and keep their titles consistent with a naming
          template. Start with the five most teams use, each with its colour and template:
        </p>
        <ul
          aria-label="Recommended categories"
          className="mt-4 flex max-w-lg flex-wrap justify-center gap-2"
        >
          {categoryPresets.map((preset) => (
            <li
              key={preset.key}
              className="inline-flex items-center gap-1.5 rounded-full border bg-card px-2.5 py-1 text-xs"
            >
              <span
                aria-hidden="true"
                className="size-2.5 rounded-full"
                style={{ backgroundColor: annotationColorSwatches[preset.color].hex }}
              />
              {preset.name}
            </li>
          ))}
        </ul>
        <div className="mt-5 flex flex-wrap justify-center gap-2">
          <Button
            disabled={addRecommended.isPending}
            onClick={() =>
              addRecommended.mutate(undefined, {
                onSuccess: ({ categories: added }) =>
                  toast({
                    title: "Recommended categories added",
                    description: `${added.length} categor${added.length === 1 ? "y is" : "ies are"} ready to use.`,
                  }),
                onError: (error) => failureToast("Failed to add the categories", error),
              })
            }
          >
            {addRecommended.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Sparkles aria-hidden="true" />
            )}
            Add the five recommended categories
          </Button>
          <Button variant="outline" onClick={openCreate}>
            <Plus aria-hidden="true" />
            Create Category
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <ul aria-label="Your categories" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {categories.data.map((category) => (
          <CategoryCard
            key={category.id}
            category={category}
            annotationCount={counts.data?.[category.id]}
            onEdit={() => setEditing(category)}
            onDelete={() => setDeleting(category)}
          />
        ))}
      </ul>
    );
  }

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">Categories</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Colour-code annotations and give their titles one naming pattern.
          </p>
        </div>
        <Button onClick={openCreate}>
          <Plus aria-hidden="true" />
          New Category
        </Button>
      </div>
      {body}
      {creating ? (
        <CategoryFormDialog
          key={createKey}
          mode="create"
          open
          onOpenChange={setCreating}
          pending={create.isPending}
          onCreate={(request) =>
            create.mutate(request, {
              onSuccess: (created) => {
                setCreating(false);
                toast({
                  title: "Category created",
                  description: `"${created.name}" is ready to use.`,
                });
              },
              onError: (error) => failureToast("Failed to create category", error),
            })
          }
        />
      ) : null}
      {editing ? (
        <CategoryFormDialog
          key={editing.id}
          mode="edit"
          category={editing}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
          pending={update.isPending}
          onUpdate={(changes) =>
            update.mutate(
              { id: editing.id, changes },
              {
                onSuccess: (updated) => {
                  setEditing(null);
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
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete Category"
        description={
          deleting
            ? `Are you sure you want to delete "${deleting.name}"? This action cannot be undone.`
            : undefined
        }
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const target = deleting;
          remove.mutate(target.id, {
            onSuccess: () => {
              setDeleting(null);
              toast({
                title: "Category deleted",
                description: `"${target.name}" has been deleted. Its annotations keep their place.`,
              });
            },
            onError: (error) => {
              setDeleting(null);
              failureToast("Failed to delete category", error);
            },
          });
        }}
      />
    </>
  );
}

/** /categories: Premium manages its categories here; everyone else sees the Premium notice. */
export function CategoriesPage({ user }: { user: CurrentUser }) {
  if (!capabilitiesOf(user.subscriptionTier).canUseCategories) {
    return (
      <PremiumFeatureCard
        description="Custom categories with naming templates are part of Premium. Upgrade to colour-code your annotations and keep every title consistent."
        actions={
          <>
            <Button asChild variant="outline">
              <Link href={routePaths.dashboard}>Back to Dashboard</Link>
            </Button>
            <Button asChild>
              <Link href={routePaths.plans}>View Plans</Link>
            </Button>
          </>
        }
      />
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
      <BackLink href={routePaths.dashboard}>Back to Dashboard</BackLink>
      <PremiumCategories />
    </div>
  );
}
