import { UserRound } from "lucide-react";
import { Link, useRoute } from "wouter";
import { routePaths } from "../lib/route-paths";
import { Button } from "./ui/button";

/**
 * The header's way to the account page: an icon on narrow screens (the header has little room at
 * 360 px), the word beside it from `sm` up. Its accessible name is "Account" either way.
 */
export function AccountLink() {
  const [here] = useRoute(routePaths.account);
  return (
    <Button asChild variant="ghost" size="sm" className="px-2 sm:px-3">
      <Link
        href={routePaths.account}
        aria-label="Account"
        aria-current={here ? "page" : undefined}
        title="Account"
      >
        <UserRound aria-hidden="true" />
        <span className="hidden sm:inline">Account</span>
      </Link>
    </Button>
  );
}
