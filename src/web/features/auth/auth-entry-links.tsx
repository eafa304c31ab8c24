import { Link } from "wouter";
import { Button } from "../../components/ui/button";
import { routePaths } from "../../lib/route-paths";

/** The signed-out header's way in: "Log In" and "Get Started for Free". */
export function AuthEntryLinks() {
  return (
    <>
      <Button asChild variant="ghost" size="sm" className="px-2.5 sm:px-3">
        <Link href={routePaths.login}>Log In</Link>
      </Button>
      <Button asChild size="sm" className="px-2.5 sm:px-3">
        <Link href={routePaths.signup}>
          {/* Narrow phones show the short label; the accessible name stays the full phrase. */}
          <span aria-hidden="true" className="sm:hidden">
            Get Started
          </span>
          <span className="sr-only sm:not-sr-only">Get Started for Free</span>
        </Link>
      </Button>
    </>
  );
}
