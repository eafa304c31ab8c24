import type { ReactNode } from "react";
import { Link } from "wouter";
import { TidemarkLogo } from "../../components/tidemark-logo";
import { ThemeToggle } from "../../features/theme/theme-toggle";
import { cn } from "../../lib/class-names";
import { routePaths } from "../../lib/route-paths";

/**
 * The product name (home link), an optional middle section in a `nav` (the dashboard's mode
 * tabs, property picker and Premium links, which take their own row below 1536 px, where one row
 * cannot hold them beside the actions), the theme toggle and page-specific actions.
 */
export function SiteHeader({ actions, nav }: { actions?: ReactNode; nav?: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur-md">
      <div
        className={cn(
          "mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 sm:px-6",
          // With a nav the header is one row only where the links keep their words beside the
          // actions: 1536 px and wider, in a wider frame. Below, the nav takes its own row.
          nav ? "min-h-16 flex-wrap py-3 2xl:max-w-7xl 2xl:flex-nowrap 2xl:py-0" : "h-16",
        )}
      >
        <Link
          href={routePaths.home}
          className="-mx-1 flex items-center gap-2 rounded-md px-1 text-lg font-semibold tracking-tight"
        >
          <TidemarkLogo className="size-7" />
          <span>Tidemark</span>
        </Link>
        {nav ? (
          <nav
            aria-label="Dashboard"
            className="order-last flex w-full justify-center 2xl:order-none 2xl:w-auto"
          >
            {nav}
          </nav>
        ) : null}
        <div className="flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          {actions ? (
            <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
              {actions}
            </nav>
          ) : null}
        </div>
      </div>
    </header>
  );
}
