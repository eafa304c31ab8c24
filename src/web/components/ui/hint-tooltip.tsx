import { cn } from "../../lib/class-names";
import { cloneElement, useEffect, useId, useRef, useState, type ReactElement } from "react";

/** Hints open after 700 ms; moving between triggers within 300 ms opens the next at once. */
const tooltipDelays = {
  delayDurationMs: 700,
  skipDelayDurationMs: 300,
} as const;

/**
 * When a hint last closed, shared by every hint on the page: moving from one to the next within
 * the skip delay opens the next at once, as Radix's provider does for its tooltips.
 */
let lastClosedAt = Number.NEGATIVE_INFINITY;

function hoverDelay(): number {
  return Date.now() - lastClosedAt < tooltipDelays.skipDelayDurationMs
    ? 0
    : tooltipDelays.delayDurationMs;
}

/**
 * The app's one tooltip, light enough for any page: positioned by CSS above its trigger, so no
 * positioning engine joins a page's bundle for it. Opens on hover after 700 ms — at once when another hint closed less than 300 ms ago —
 * and at once on keyboard focus; Escape closes it.
 */
export function HintTooltip({
  content,
  side = "top",
  children,
}: {
  content: string;
  /**
   * Where it opens: above its trigger, or to its left, level with it (for a trigger in a row of
   * a box that scrolls, where a hint above would be cut off by the box's edge).
   */
  side?: "top" | "left";
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const openRef = useRef(false);

  useEffect(() => () => clearTimeout(timer.current), []);

  function show(delay: number) {
    clearTimeout(timer.current);
    const reveal = () => {
      openRef.current = true;
      setOpen(true);
    };
    if (delay === 0) reveal();
    else timer.current = setTimeout(reveal, delay);
  }
  function hide() {
    clearTimeout(timer.current);
    if (openRef.current) lastClosedAt = Date.now();
    openRef.current = false;
    setOpen(false);
  }

  return (
    <span
      className="relative inline-flex"
      onPointerEnter={() => show(hoverDelay())}
      onPointerLeave={hide}
      onFocus={() => show(0)}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === "Escape") hide();
      }}
    >
      {cloneElement(children, { "aria-describedby": open ? id : undefined })}
      {open ? (
        <span
          id={id}
          role="tooltip"
          className={cn(
            "pointer-events-none absolute z-50 w-max rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md",
            side === "top"
              ? "right-0 bottom-full mb-1.5 max-w-56"
              : "top-1/2 right-full mr-1.5 max-w-72 -translate-y-1/2",
          )}
        >
          {content}
        </span>
      ) : null}
    </span>
  );
}
