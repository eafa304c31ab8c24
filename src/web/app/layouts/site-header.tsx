import type { ReactNode } from "react";
import { Link } from "wouter";
import { TidemarkLogo } from "../../components/tidemark-logo";
import { ThemeToggle } from "../../features/theme/theme-toggle";
import { cn } from "../../lib/class-names";
import { routePaths } from "../../lib/route-paths";

const bandClass = "border-b border-border/70 bg-background/85 backdrop-blur-md";

/**
 * The product name (home link), an optional middle section in a `nav` (the dashboard's mode
 * tabs, property picker and Premium links), the theme toggle and page-specific actions.
 *
 * With a nav, the header is one row from 1536 px, in a wider frame, where the links keep their
 * words beside the actions. Below, the nav takes a row of its own under the name and actions,
 * and only that first row stays at the top while the page scrolls: the nav scrolls away with the
 * page (the header's own box gives way, `contents`, so the first row sticks to the page rather
 * than to the header). The row that stays is 4rem tall, as every header is (--app-header-height).
 */
export function SiteHeader({ actions, nav }: { actions?: ReactNode; nav?: ReactNode }) {
  const name = (
    <Link
      href={routePaths.home}
      className="-mx-1 flex items-center gap-2 rounded-md px-1 text-lg font-semibold tracking-tight 2xl:order-1"
    >
      <TidemarkLogo className="size-7" />
      <span>Tidemark</span>
    </Link>
  );
  const end = (
    <div className="flex items-center gap-1 sm:gap-2 2xl:order-3">
      <ThemeToggle />
      {actions ? (
        <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
          {actions}
        </nav>
      ) : null}
    </div>
  );
  if (!nav) {
    return (
      <header className={cn("sticky top-0 z-40", bandClass)}>
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
          {name}
          {end}
        </div>
      </header>
    );
  }
  return (
    <header className="contents 2xl:sticky 2xl:top-0 2xl:z-40 2xl:block 2xl:border-b 2xl:border-border/70 2xl:bg-background/85 2xl:backdrop-blur-md">
      <div className="contents 2xl:mx-auto 2xl:flex 2xl:h-16 2xl:max-w-7xl 2xl:items-center 2xl:justify-between 2xl:gap-2 2xl:px-6">
        <div className={cn("sticky top-0 z-40 2xl:contents", bandClass)}>
          <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6 2xl:contents">
            {name}
            {end}
          </div>
        </div>
        <nav aria-label="Dashboard" className="border-b border-border/70 2xl:order-2 2xl:border-0">
          <div className="mx-auto flex max-w-6xl justify-center px-4 py-3 sm:px-6 2xl:p-0">
            {nav}
          </div>
        </nav>
      </div>
    </header>
  );
}
