import { Table2 } from "lucide-react";
import { Link, useRoute } from "wouter";
import { routePaths } from "../lib/route-paths";
import { Button } from "./ui/button";

/**
 * The header's way to All annotations (every saved property's annotations in one table), for
 * signed-in people: an icon on narrow screens, the words beside it from `sm` up; its accessible
 * name is "All annotations" either way.
 */
export function AllAnnotationsLink() {
  const [here] = useRoute(routePaths.allAnnotations);
  return (
    <Button asChild variant="ghost" size="sm" className="px-2 sm:px-3">
      <Link
        href={routePaths.allAnnotations}
        aria-label="All annotations"
        aria-current={here ? "page" : undefined}
        title="All annotations"
      >
        <Table2 aria-hidden="true" />
        <span className="hidden sm:inline">All annotations</span>
      </Link>
    </Button>
  );
}
