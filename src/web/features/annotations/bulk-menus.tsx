import { ChevronDown, Palette, Tag } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import {
  annotationColors,
  annotationColorSwatches,
  type AnnotationColor,
} from "../../../shared/annotation-colors";
import type { Category } from "../../../shared/contracts/categories";
import { Button } from "../../components/ui/button";
import type { BulkRun } from "./bulk-annotations-api";

type Start = (request: Omit<BulkRun, "items">) => void;

/** A button that opens a short list of choices below it; Escape or a click elsewhere closes it. */
function Menu({
  label,
  icon,
  disabled,
  children,
}: {
  label: string;
  icon: ReactNode;
  disabled: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <Button
        variant="outline"
        size="sm"
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={disabled}
        onClick={() => setOpen((was) => !was)}
      >
        {icon}
        {label}
        <ChevronDown aria-hidden="true" />
      </Button>
      {open ? (
        <div
          role="menu"
          aria-label={label}
          className="absolute left-0 z-20 mt-1 max-h-72 min-w-40 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {children(() => setOpen(false))}
        </div>
      ) : null}
    </div>
  );
}

function MenuItem({ onSelect, children }: { onSelect: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      role="menuitem"
      className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:outline-none"
      onClick={onSelect}
    >
      {children}
    </button>
  );
}

export function RecolourMenu({ disabled, start }: { disabled: boolean; start: Start }) {
  return (
    <Menu label="Recolour" icon={<Palette aria-hidden="true" />} disabled={disabled}>
      {(close) =>
        annotationColors.map((color: AnnotationColor) => (
          <MenuItem
            key={color}
            onSelect={() => {
              close();
              start({ action: "recolor", color });
            }}
          >
            <span
              aria-hidden="true"
              className="size-3 rounded-full"
              style={{ backgroundColor: annotationColorSwatches[color].hex }}
            />
            {annotationColorSwatches[color].label}
          </MenuItem>
        ))
      }
    </Menu>
  );
}

export function CategoryMenu({
  disabled,
  categories,
  start,
}: {
  disabled: boolean;
  categories: Category[];
  start: Start;
}) {
  return (
    <Menu label="Category" icon={<Tag aria-hidden="true" />} disabled={disabled}>
      {(close) => (
        <>
          {categories.map((category) => (
            <MenuItem
              key={category.id}
              onSelect={() => {
                close();
                start({ action: "set-category", categoryId: category.id });
              }}
            >
              {category.name}
            </MenuItem>
          ))}
          {categories.length === 0 ? (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">No categories yet</p>
          ) : null}
          <MenuItem
            onSelect={() => {
              close();
              start({ action: "clear-category" });
            }}
          >
            No category
          </MenuItem>
        </>
      )}
    </Menu>
  );
}
