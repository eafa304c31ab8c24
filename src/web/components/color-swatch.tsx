import { Check } from "lucide-react";
import { useId, type ReactNode } from "react";
import {
  annotationColors,
  annotationColorSwatches,
  type AnnotationColor,
} from "../../shared/annotation-colors";
import { cn } from "../lib/class-names";

/** A colour's dot, as the table, the dialogs and the chart's markers draw it. */
export function ColorSwatch({
  hex,
  className,
}: {
  hex: string;
  /** Size and spacing; a 10 px dot by default. */
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn("inline-block size-2.5 shrink-0 rounded-full", className)}
      style={{ backgroundColor: hex }}
    />
  );
}

/**
 * A colour field drawn as the colours themselves: one radio button per GA4 colour, named by its
 * label (arrow keys move between them, as in any radio group). `lockedBy` says what chose the
 * colour when the person cannot (a category); the swatches then show it, disabled.
 */
export function ColorSwatchField({
  label,
  value,
  onChange,
  lockedBy,
  required = false,
  error,
}: {
  label: ReactNode;
  /** The chosen colour, or "" for none yet. */
  value: string;
  onChange: (color: AnnotationColor) => void;
  /** The sentence saying what set the colour, e.g. 'Set by the category Campaigns'. */
  lockedBy?: string;
  required?: boolean;
  error?: string | null;
}) {
  const name = useId();
  const labelId = useId();
  const noteId = useId();
  const locked = lockedBy !== undefined;
  const chosen = value ? annotationColorSwatches[value as AnnotationColor] : undefined;
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelId}
      aria-describedby={locked || error ? noteId : undefined}
      aria-required={required || undefined}
      aria-disabled={locked || undefined}
      className="flex flex-col gap-2"
    >
      <span className="text-sm leading-none font-medium">
        <span id={labelId}>{label}</span>
        {/* The checked radio already says it to assistive technology. */}
        {chosen ? (
          <span aria-hidden="true" className="font-normal text-muted-foreground">
            {" "}
            · {chosen.label}
          </span>
        ) : null}
      </span>
      {/* Six 28 px swatches, 6 px apart (198 px): one row even in half of the dialog's width. */}
      <div className="flex flex-wrap gap-1.5">
        {annotationColors.map((color) => {
          const swatch = annotationColorSwatches[color];
          const checked = value === color;
          return (
            <label
              key={color}
              title={swatch.label}
              className={cn(
                "relative flex size-7 items-center justify-center rounded-full border-2 border-transparent has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/40",
                checked && "border-foreground",
                locked ? "cursor-not-allowed" : "cursor-pointer",
                locked && !checked && "opacity-40",
              )}
            >
              <input
                type="radio"
                name={name}
                value={color}
                checked={checked}
                disabled={locked}
                aria-label={swatch.label}
                onChange={() => onChange(color)}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className="flex size-5 items-center justify-center rounded-full text-white"
                style={{ backgroundColor: swatch.hex }}
              >
                {checked ? <Check className="size-3.5" strokeWidth={3} /> : null}
              </span>
            </label>
          );
        })}
      </div>
      {locked || error ? (
        <p
          id={noteId}
          className={cn("text-xs", error && !locked ? "text-destructive" : "text-muted-foreground")}
        >
          {locked ? lockedBy : error}
        </p>
      ) : null}
    </div>
  );
}
