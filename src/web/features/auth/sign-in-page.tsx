import { useEffect, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { routePaths } from "../../lib/route-paths";
import { AuthCard, SignInFailure } from "./auth-card";
import type { AuthIntent } from "./auth-intent";
import { CheckInboxNotice } from "./check-inbox-notice";
import { EmailSignInForm } from "./email-sign-in-form";
import { GoogleSignInButton } from "./google-sign-in-button";
import { signInErrorMessage } from "./sign-in-error-message";

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

const inlineLinkClass = "font-medium text-primary underline-offset-4 hover:underline";

/**
 * /login and /signup: Continue with Google, or an email sign-in link. A failed sign-in
 * comes back as ?error=<code>; the page explains it and takes the code out of the address bar.
 */
export function SignInPage({ intent }: { intent: AuthIntent }) {
  const { title, description } = copy[intent];
  const search = useSearch();
  const [, navigate] = useLocation();
  // The most specific code comes last: Better Auth appends its own (e.g. access_denied) to an error
  // address that may already carry a general one (/login?error=google&error=access_denied).
  const errorCode = new URLSearchParams(search).getAll("error").at(-1) ?? null;
  // Kept in state so the message outlives the query string it came from.
  const [failure, setFailure] = useState(() => signInErrorMessage(errorCode));
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(() => {
    if (errorCode !== null)
      navigate(intent === "login" ? routePaths.login : routePaths.signup, { replace: true });
  }, [errorCode, intent, navigate]);

  return (
    <AuthCard
      titleId="auth-title"
      title={title}
      description={description}
      contentClassName="flex flex-col gap-6"
      footer={<SignInLinks intent={intent} />}
      footerClassName="flex-col gap-3 text-center text-sm text-muted-foreground"
    >
      {failure ? <SignInFailure>{failure}</SignInFailure> : null}
      {sentTo === null ? (
        <>
          <GoogleSignInButton intent={intent} />
          <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
            <span className="h-px flex-1 bg-border" aria-hidden="true" />
            or
            <span className="h-px flex-1 bg-border" aria-hidden="true" />
          </div>
          <EmailSignInForm intent={intent} onAttempt={() => setFailure(null)} onSent={setSentTo} />
        </>
      ) : (
        <CheckInboxNotice email={sentTo} onUseAnotherEmail={() => setSentTo(null)} />
      )}
    </AuthCard>
  );
}

/** The way to the other of log in and sign up, and the terms that signing in agrees to. */
function SignInLinks({ intent }: { intent: AuthIntent }) {
  return (
    <>
      {intent === "login" ? (
        <p>
          Don&apos;t have an account?{" "}
          <Link href={routePaths.signup} className={inlineLinkClass}>
            Sign up
          </Link>
        </p>
      ) : (
        <p>
          Already have an account?{" "}
          <Link href={routePaths.login} className={inlineLinkClass}>
            Log in
          </Link>
        </p>
      )}
      <p className="text-xs">
        By continuing you agree to our{" "}
        <Link href={routePaths.terms} className={inlineLinkClass}>
          Terms of Service
        </Link>{" "}
        and{" "}
        <Link href={routePaths.privacy} className={inlineLinkClass}>
          Privacy Policy
        </Link>
        .
      </p>
    </>
  );
}
