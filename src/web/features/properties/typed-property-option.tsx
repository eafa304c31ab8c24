import { Plus } from "lucide-react";

/** The option to add (or, on the free plan, switch to) a property id typed in full. */
export function TypedPropertyOption({
  typedId,
  switching,
  disabled,
  onAdd,
}: {
  typedId: string;
  switching: boolean;
  disabled: boolean;
  onAdd: () => void;
}) {
  return (
    <section aria-label="Property ID">
      <button
        type="button"
        data-property-option
        disabled={disabled}
        onClick={onAdd}
        className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none disabled:opacity-55"
      >
        <Plus className="size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 flex-1 truncate">
          {switching ? `Switch to property ${typedId}` : `Add property ${typedId}`}
        </span>
      </button>
    </section>
  );
}
