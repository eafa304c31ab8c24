import { useMutation, useQuery } from "@tanstack/react-query";
import { CircleAlert, LinkIcon, Loader2 } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Link, useLocation, useSearch } from "wouter";
import type { SignInLinkPreview } from "../../../shared/contracts/auth";
import { Alert } from "../../components/ui/alert";
import { WrappingEmail } from "../../components/wrapping-email";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { isApiError } from "../../lib/api-client";
import { serverErrorMessage } from "../../lib/api-error-message";
import { replaceWithServerPage } from "../../lib/page-navigation";
import { routePaths } from "../../lib/route-paths";
import { fetchSignInLinkPreview, signInWithLink } from "./sign-in-api";

export const continueSignInCopy = {
  title: "Sign in to Tidemark",
  /** The title when the link creates the account (it came from signing up). */
  createTitle: "Create your account",
  /** The same, for the browser tab. */
  documentTitle: "Sign in · Tidemark",
  createDocumentTitle: "Create your account · Tidemark",
  forNewAccount: "This link creates your Tidemark account for",
  checking: "Checking your sign-in link...",
  checkingButton: "Checking...",
  signingIn: "Signing in...",
  forAccount: "This link signs you in to the Tidemark account for",
  switchTitle: "Switch accounts?",
  alreadySignedIn: "You're already signed in. Taking you to Tidemark...",
  incompleteTitle: "This sign-in link is incomplete",
  incomplete:
    "The address is missing part of the link. Open the link from the email again, or request a new one.",
  unusableTitle: "This sign-in link can't be used",
  checkFailed: "We couldn't check this sign-in link. Please try again.",
  signInFailed: "We couldn't sign you in. Please try again.",
  requestNewLink: "Request a new link",
  notRequested: "Didn't ask for this link? Close this page: nothing happens until you continue.",
} as const;

/** Refusals that mean the link itself is no good: expired, used, never issued or mangled. */
function isUnusableLink(error: unknown): boolean {
  return isApiError(error, "sign_in_link_invalid") || isApiError(error, "invalid_request");
}

/**
 * /login/continue?token=…, where an emailed sign-in link lands. Opening it changes nothing: the
 * page names the account the link opens by its full address, so a person can tell their own from
 * a look-alike someone sent them, and signs in only when the person presses Continue, with a
 * same-origin POST. Someone signed in to another account sees both addresses in full and may stay;
 * someone already signed in to this one goes straight on.
 */
export function ContinueSignInPage() {
  const token = new URLSearchParams(useSearch()).get("token")?.trim() ?? "";
  const [, navigate] = useLocation();

  const preview = useQuery({
    queryKey: ["/api/auth/sign-in-link", token],
    queryFn: ({ signal }) => fetchSignInLinkPreview(token, signal),
    enabled: token !== "",
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const signIn = useMutation({
    mutationFn: (switchAccount: boolean) => signInWithLink(token, switchAccount),
    // A full page load: nothing the previous account had loaded may outlive the switch.
    onSuccess: ({ redirectTo }) => replaceWithServerPage(redirectTo),
    // Someone signed in elsewhere in this browser meanwhile: ask again with the current facts.
    onError: (error) => {
      if (isApiError(error, "signed_in_as_other")) void preview.refetch();
    },
  });

  const sameAccount = preview.data?.signedIn?.sameAccount === true;
  useEffect(() => {
    if (sameAccount) navigate(routePaths.home, { replace: true });
  }, [sameAccount, navigate]);

  if (token === "") {
    return (
      <Problem title={continueSignInCopy.incompleteTitle}>{continueSignInCopy.incomplete}</Problem>
    );
  }
  if (preview.isError) {
    return isUnusableLink(preview.error) ? (
      <Problem title={continueSignInCopy.unusableTitle}>
        {serverErrorMessage(preview.error) ?? continueSignInCopy.checkFailed}
      </Problem>
    ) : (
      <Problem title={continueSignInCopy.title} onRetry={() => void preview.refetch()}>
        {serverErrorMessage(preview.error) ?? continueSignInCopy.checkFailed}
      </Problem>
    );
  }
  if (signIn.isError && isUnusableLink(signIn.error)) {
    return (
      <Problem title={continueSignInCopy.unusableTitle}>
        {serverErrorMessage(signIn.error) ?? continueSignInCopy.signInFailed}
      </Problem>
    );
  }

  const link = preview.data;
  const busy = signIn.isPending || signIn.isSuccess;
  const failure =
    signIn.isError && !isApiError(signIn.error, "signed_in_as_other")
      ? (serverErrorMessage(signIn.error) ?? continueSignInCopy.signInFailed)
      : null;

  return (
    <Frame
      title={
        link?.signedIn && !sameAccount
          ? continueSignInCopy.switchTitle
          : link?.newAccount
            ? continueSignInCopy.createTitle
            : continueSignInCopy.title
      }
      documentTitle={
        link?.newAccount ? continueSignInCopy.createDocumentTitle : continueSignInCopy.documentTitle
      }
      description={<Description link={link} sameAccount={sameAccount} />}
      footer={continueSignInCopy.notRequested}
    >
      {failure ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <p>{failure}</p>
        </Alert>
      ) : null}
      {/* Two lines tall while the link is checked too: the address arrives on a line of its own,
          and the card does not grow under the person's eyes when it does. */}
      <Button
        size="lg"
        className="h-auto min-h-14 w-full py-2 whitespace-normal"
        disabled={!link || sameAccount || busy}
        onClick={() => signIn.mutate(link?.signedIn != null && !sameAccount)}
      >
        {busy ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden /> : null}
        {!link || sameAccount ? (
          continueSignInCopy.checkingButton
        ) : busy ? (
          continueSignInCopy.signingIn
        ) : (
          <AccountLabel lead="Continue as" email={link.email} />
        )}
      </Button>
      {link?.signedIn && !sameAccount ? (
        <Button
          variant="outline"
          size="lg"
          className="h-auto min-h-14 w-full py-2 whitespace-normal"
          disabled={busy}
          onClick={() => navigate(routePaths.home)}
        >
          <AccountLabel lead="Stay signed in as" email={link.signedIn.email} />
        </Button>
      ) : null}
    </Frame>
  );
}

/**
 * "Continue as" over the full address, which wraps rather than widen the card. The
 * space between them is not drawn (they are flex items) but is read: the button's name is
 * "Continue as mia@example.com".
 */
function AccountLabel({ lead, email }: { lead: string; email: string }) {
  return (
    <span className="flex max-w-full min-w-0 flex-col items-center leading-5">
      <span>{lead}</span>{" "}
      <span className="max-w-full">
        <WrappingEmail email={email} />
      </span>
    </span>
  );
}

function Description({
  link,
  sameAccount,
}: {
  link: SignInLinkPreview | undefined;
  sameAccount: boolean;
}) {
  if (!link) return <>{continueSignInCopy.checking}</>;
  if (sameAccount) return <>{continueSignInCopy.alreadySignedIn}</>;
  if (link.signedIn) {
    return (
      <>
        You are signed in as <Address email={link.signedIn.email} then="." /> Continue as{" "}
        <Address email={link.email} /> instead?
      </>
    );
  }
  return (
    <>
      {link.newAccount ? continueSignInCopy.forNewAccount : continueSignInCopy.forAccount}{" "}
      <Address email={link.email} then="." />
    </>
  );
}

/**
 * An address in a sentence: kept on one line while it fits, wrapped at its "@" or dots when not,
 * and never parted from the punctuation after it.
 */
function Address({ email, then = "" }: { email: string; then?: string }) {
  return (
    <span className="inline-block max-w-full">
      <strong className="font-medium text-foreground">
        <WrappingEmail email={email} />
      </strong>
      {then}
    </span>
  );
}

function Frame({
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
    <section
      aria-labelledby="continue-sign-in-title"
      className="flex flex-1 items-center justify-center px-4 py-16 sm:py-24"
    >
      <title>{documentTitle}</title>
      <Card className="w-full max-w-md gap-6 shadow-md">
        <CardHeader>
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <LinkIcon className="size-6" aria-hidden="true" />
          </span>
          <CardTitle
            as="h1"
            id="continue-sign-in-title"
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl outline-none"
          >
            {title}
          </CardTitle>
          {description ? (
            // Two lines at least, as the address's sentence takes once the link is checked.
            <CardDescription aria-live="polite" className="min-h-10 text-pretty">
              {description}
            </CardDescription>
          ) : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-3">{children}</CardContent>
        {footer ? (
          <CardFooter className="justify-center text-center text-xs text-pretty text-muted-foreground">
            <p>{footer}</p>
          </CardFooter>
        ) : null}
      </Card>
    </section>
  );
}

function Problem({
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
      <Alert variant="destructive" role="alert">
        <CircleAlert aria-hidden="true" />
        <p>{children}</p>
      </Alert>
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
