import type { ReactNode } from "react";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { useFocusMainOnNavigation } from "./use-focus-main-on-navigation";

const mainContentId = "main-content";

/** Every page's frame: skip link, header (theme toggle plus page-specific parts), main, footer. */
export function SiteLayout({
  headerActions,
  headerNav,
  children,
}: {
  headerActions?: ReactNode;
  headerNav?: ReactNode;
  children: ReactNode;
}) {
  const mainRef = useFocusMainOnNavigation<HTMLElement>();

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${mainContentId}`}
        className="sr-only rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to content
      </a>
      <SiteHeader actions={headerActions} nav={headerNav} />
      <main
        id={mainContentId}
        ref={mainRef}
        tabIndex={-1}
        className="flex flex-1 flex-col outline-none"
      >
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
