import { cloneElement, useEffect, useId, useRef, useState, type ReactElement } from "react";
import { tooltipDelays } from "./tooltip";

/**
 * A light tooltip for lazy-loaded pages: Radix's Tooltip content pulls its positioning engine into
 * the landing bundle (the provider lives there), so this one is positioned by CSS above its
 * trigger. Opens on hover after the spec's 700 ms, at once on keyboard focus; Escape closes it.
 */
export function HintTooltip({
  content,
  children,
}: {
  content: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function show(delay: number) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), delay);
  }
  function hide() {
    clearTimeout(timer.current);
    setOpen(false);
  }

  return (
    <span
      className="relative inline-flex"
      onPointerEnter={() => show(tooltipDelays.delayDurationMs)}
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
          className="pointer-events-none absolute right-0 bottom-full z-50 mb-1.5 w-max max-w-56 rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md"
        >
          {content}
        </span>
      ) : null}
    </span>
  );
}
