import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button";
import { routePaths } from "../../lib/route-paths";

export function NotFoundRoute() {
  return (
    <section
      aria-labelledby="not-found-title"
      className="flex flex-1 flex-col items-center justify-center px-4 py-24 text-center"
    >
      <title>Page not found · Tidemark</title>
      {/* One heading that says 404 once: the large number, then the words. */}
      <h1 id="not-found-title" className="flex flex-col items-center">
        <span className="bg-linear-to-r from-brand-from to-brand-to bg-clip-text text-7xl font-semibold tracking-tight text-transparent sm:text-8xl">
          404
        </span>{" "}
        <span className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">
          Page Not Found
        </span>
      </h1>
      <p className="mt-3 max-w-md text-pretty text-muted-foreground">
        The page you are looking for does not exist or may have moved. Check the address, or head
        back to the home page.
      </p>
      <Button asChild className="mt-8">
        <Link href={routePaths.home}>
          <ArrowLeft aria-hidden="true" />
          Back to home
        </Link>
      </Button>
    </section>
  );
}

export default NotFoundRoute;
