import { LinkIcon } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button";
import { routePaths } from "../../lib/route-paths";
import { AuthCard, SignInFailure } from "./auth-card";
import { continueSignInCopy } from "./continue-sign-in-copy";

export function Frame({
  title,
  documentTitle = continueSignInCopy.documentTitle,
  description,
  footer,
  children,
}: {
  title: string;
  documentTitle?: string;
  description: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Each state announces itself: focus moves to its heading when the title changes.
  useEffect(() => {
    if (document.activeElement === document.body) headingRef.current?.focus();
  }, [title]);

  return (
    <AuthCard
      titleId="continue-sign-in-title"
      before={<title>{documentTitle}</title>}
      lead={
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <LinkIcon className="size-6" aria-hidden="true" />
        </span>
      }
      title={title}
      titleProps={{ ref: headingRef, tabIndex: -1, className: "outline-none" }}
      description={description}
      // Two lines at least, as the address's sentence takes once the link is checked.
      descriptionProps={{ "aria-live": "polite", className: "min-h-10 text-pretty" }}
      contentClassName="flex flex-col gap-3"
      footer={footer ? <p>{footer}</p> : null}
      footerClassName="justify-center text-center text-xs text-pretty text-muted-foreground"
    >
      {children}
    </AuthCard>
  );
}

export function Problem({
  title,
  children,
  onRetry,
}: {
  title: string;
  children: ReactNode;
  onRetry?: () => void;
}) {
  return (
    <Frame title={title} description={null}>
      <SignInFailure>{children}</SignInFailure>
      {onRetry ? (
        <Button size="lg" className="w-full" onClick={onRetry}>
          Try again
        </Button>
      ) : (
        <Button asChild size="lg" className="w-full">
          <Link href={routePaths.login}>{continueSignInCopy.requestNewLink}</Link>
        </Button>
      )}
    </Frame>
  );
}
