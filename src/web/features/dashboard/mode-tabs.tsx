import { useRef, type KeyboardEvent } from "react";
import { useLocation } from "wouter";
import { cn } from "../../lib/class-names";
import { dashboardPath, type DashboardMode } from "../../lib/route-paths";
import {
  dashboardModes,
  dashboardPanelId,
  dashboardTabId,
  useDashboardMode,
} from "./dashboard-mode";
import { HeaderInboxBadge } from "./property-view-tabs";

/**
 * The header's Agent Mode / Property View toggle. The mode lives in the
 * address (?mode=), so each switch is a navigation and Back returns to the previous mode.
 * Arrow keys, Home and End move between the tabs, as in any tab list.
 */
export function ModeTabs({ className }: { className?: string }) {
  const activeMode = useDashboardMode();
  const [, navigate] = useLocation();
  const tabRefs = useRef(new Map<DashboardMode, HTMLButtonElement>());

  function select(mode: DashboardMode, { focus }: { focus: boolean }) {
    if (focus) tabRefs.current.get(mode)?.focus();
    if (mode !== activeMode) navigate(dashboardPath(mode));
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = dashboardModes.findIndex((entry) => entry.mode === activeMode);
    const last = dashboardModes.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    const entry = target === undefined ? undefined : dashboardModes[target];
    if (!entry) return;
    event.preventDefault();
    select(entry.mode, { focus: true });
  }

  return (
    <div
      role="tablist"
      aria-label="Working mode"
      onKeyDown={handleKeyDown}
      className={cn("inline-flex items-center gap-1 rounded-lg bg-muted p-1", className)}
    >
      {dashboardModes.map(({ mode, label }) => {
        const isActive = mode === activeMode;
        return (
          <button
            key={mode}
            ref={(element) => {
              if (element) tabRefs.current.set(mode, element);
              else tabRefs.current.delete(mode);
            }}
            id={dashboardTabId(mode)}
            type="button"
            role="tab"
            aria-selected={isActive}
            aria-controls={dashboardPanelId}
            tabIndex={isActive ? 0 : -1}
            onClick={() => select(mode, { focus: false })}
            className={cn(
              "h-8 flex-1 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors outline-none",
              "focus-visible:ring-3 focus-visible:ring-ring/40",
              isActive
                ? "bg-background text-foreground shadow-sm"
                : "text-muted-foreground hover:text-foreground",
            )}
          >
            {label}
            {mode === "property" ? <HeaderInboxBadge /> : null}
          </button>
        );
      })}
    </div>
  );
}
