import { ChevronDown } from "lucide-react";
import type { Ref } from "react";
import { ReadOnlyChip } from "../../components/read-only-badge";
import { cn } from "../../lib/class-names";

/** The picker's closed face: the selected property (or the prompt to pick one), which opens it. */
export function PropertyPickerTrigger({
  ref,
  open,
  panelId,
  propertyId,
  selectedName,
  readOnly,
  onPreload,
  onOpenChange,
}: {
  ref: Ref<HTMLButtonElement>;
  open: boolean;
  panelId: string;
  propertyId: string;
  selectedName: string | null | undefined;
  readOnly: boolean;
  onPreload: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <button
      ref={ref}
      type="button"
      role="combobox"
      aria-label="Property"
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      onPointerEnter={onPreload}
      onFocus={onPreload}
      onClick={() => onOpenChange(!open)}
      onKeyDown={(event) => {
        if (event.key === "ArrowDown" && !open) {
          event.preventDefault();
          onOpenChange(true);
        }
      }}
      className="flex h-8 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 text-left text-[0.8125rem] shadow-xs hover:bg-accent focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none sm:w-[250px]"
    >
      <span className={cn("min-w-0 flex-1 truncate", !propertyId && "text-muted-foreground")}>
        {propertyId
          ? selectedName
            ? `${selectedName} (${propertyId})`
            : propertyId
          : "Select a property"}
      </span>
      {readOnly ? <ReadOnlyChip /> : null}
      <ChevronDown className="size-4 shrink-0 opacity-60" aria-hidden="true" />
    </button>
  );
}
