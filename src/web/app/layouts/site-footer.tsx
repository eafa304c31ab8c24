import { Link } from "wouter";
import { TidemarkLogo } from "../../components/tidemark-logo";
import { routePaths } from "../../lib/route-paths";

const footerLinkClass =
  "rounded-sm text-sm text-muted-foreground underline-offset-4 transition-colors hover:text-foreground hover:underline";

export function SiteFooter() {
  return (
    <footer className="border-t border-border/70 bg-muted/40">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex flex-col gap-1.5">
          <div className="flex items-center gap-2 font-semibold">
            <TidemarkLogo className="size-6" />
            <span>Tidemark</span>
          </div>
          <p className="text-sm text-muted-foreground">
            Annotate Google Analytics 4 by chat or by table.
          </p>
          <p className="text-sm text-muted-foreground">© {new Date().getFullYear()} Tidemark</p>
        </div>
        <nav aria-label="Legal">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link href={routePaths.privacy} className={footerLinkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link href={routePaths.terms} className={footerLinkClass}>
                Terms of Service
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
