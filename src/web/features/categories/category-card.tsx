import { Pencil, Trash2 } from "lucide-react";
import { annotationColorSwatches } from "../../../shared/annotation-colors";
import type { Category } from "../../../shared/contracts/categories";
import { Button } from "../../components/ui/button";

/** A category's colour, name, description, annotation count and template, with Edit and Delete. */
export function CategoryCard({
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
