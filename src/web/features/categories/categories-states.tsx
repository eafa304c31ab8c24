import { Loader2, Plus, Sparkles, Tags, TriangleAlert } from "lucide-react";
import { annotationColorSwatches } from "../../../shared/annotation-colors";
import { categoryPresets } from "../../../shared/categories";
import { Button } from "../../components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { toast } from "../../components/ui/use-toast";
import { useAddRecommendedCategories } from "./categories-api";
import { failureToast } from "./category-failure-toast";

export function CategoriesLoading() {
  return (
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
}

export function CategoriesError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Card role="alert" className="border-destructive/40">
      <CardHeader>
        <div className="flex items-center gap-2 text-destructive">
          <TriangleAlert className="size-5" aria-hidden="true" />
          <CardTitle as="h2">Error Loading Categories</CardTitle>
        </div>
        <CardDescription>{message}</CardDescription>
        <Button variant="outline" className="mt-2 self-start" onClick={onRetry}>
          Try again
        </Button>
      </CardHeader>
    </Card>
  );
}

/** No categories yet: the five recommended ones to add at once, or one of the person's own. */
export function NoCategories({ onCreate }: { onCreate: () => void }) {
  const addRecommended = useAddRecommendedCategories();
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-14 text-center">
      <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Tags className="size-6" aria-hidden="true" />
      </span>
      <h2 className="text-lg font-semibold">No categories yet</h2>
      <p className="mt-1 max-w-md text-sm text-pretty text-muted-foreground">
        Group annotations by what happened and keep their titles consistent with a naming template.
        Start with the five most teams use, each with its colour and template:
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
        <Button variant="outline" onClick={onCreate}>
          <Plus aria-hidden="true" />
          Create Category
        </Button>
      </div>
    </div>
  );
}
