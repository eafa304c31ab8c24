import { useId } from "react";
import { useLocation } from "wouter";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { routePaths } from "../../lib/route-paths";
import type { AnnotationCategoryState } from "./use-annotation-category";

const createNewValue = "__create-new-category";

/**
 * The annotation dialogs' Category field: the person's categories, none, or 'Create New
 * Category', which closes the dialog and opens /categories.
 */
export function CategorySelect({
  state,
  onPick,
  onLeave,
}: {
  state: AnnotationCategoryState;
  /** The chosen category id, "" for none. */
  onPick: (id: string) => void;
  /** Closes the dialog before /categories opens. */
  onLeave: () => void;
}) {
  const id = useId();
  const [, navigate] = useLocation();
  if (!state.visible) return null;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Category</Label>
      <NativeSelect
        id={id}
        value={state.categoryId}
        onChange={(event) => {
          if (event.target.value === createNewValue) {
            onLeave();
            navigate(routePaths.categories);
            return;
          }
          onPick(event.target.value);
        }}
      >
        <option value="">No category</option>
        {state.categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
        <option value={createNewValue}>Create New Category</option>
      </NativeSelect>
    </div>
  );
}
