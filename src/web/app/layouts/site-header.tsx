import type { ReactNode } from "react";
import { Link } from "wouter";
import { TidemarkLogo } from "../../components/tidemark-logo";
import { ThemeToggle } from "../../features/theme/theme-toggle";
import { routePaths } from "../../lib/route-paths";

export function SiteHeader({ actions }: { actions?: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <Link
          href={routePaths.home}
          className="-mx-1 flex items-center gap-2 rounded-md px-1 text-lg font-semibold tracking-tight"
        >
          <TidemarkLogo className="size-7" />
          <span>Tidemark</span>
        </Link>
        <div className="flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          {actions}
        </div>
      </div>
    </header>
  );
}
