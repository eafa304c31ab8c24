import { ArrowLeft, Clock4 } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { routePaths } from "../../lib/route-paths";

export type AuthIntent = "login" | "signup";

const copy: Record<AuthIntent, { title: string; description: string }> = {
  login: {
    title: "Log in to Tidemark",
    description: "Welcome back. Sign in to manage your GA4 annotations.",
  },
  signup: {
    title: "Create your account",
    description: "Start on the free Freemium plan and connect your Google Analytics 4 property.",
  },
};

/**
 * Sign-in is not wired up in this build, so the page says so plainly instead of showing a form
 * that cannot work.
 */
export function SignInComingSoon({ intent }: { intent: AuthIntent }) {
  const { title, description } = copy[intent];

  return (
    <section aria-labelledby="auth-title" className="flex flex-1 items-center justify-center px-4 py-16 sm:py-24">
      <Card className="w-full max-w-md gap-5 shadow-md">
        <CardHeader>
          <CardTitle as="h1" id="auth-title" className="text-2xl">
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <div role="status" className="flex gap-3 rounded-lg border border-primary/25 bg-primary/5 p-4">
            <Clock4 className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <div className="flex flex-col gap-1">
              <p className="font-medium">Sign-in is coming soon</p>
              <p className="text-sm text-muted-foreground">
                Accounts are not open yet in this build of Tidemark, so there is nothing to sign in to today. Check
                back soon.
              </p>
            </div>
          </div>
          <Button asChild variant="outline" className="self-start">
            <Link href={routePaths.home}>
              <ArrowLeft aria-hidden="true" />
              Back to home
            </Link>
          </Button>
        </CardContent>
      </Card>
    </section>
  );
}
