import { CircleAlert } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { serverErrorMessage } from "../../lib/api-error-message";
import { routePaths } from "../../lib/route-paths";
import type { AuthIntent } from "./auth-intent";
import { lookupAccount, requestSignInLink } from "./sign-in-api";

export const signInLinkFallbackError = "We couldn't send a sign-in link. Please try again.";

export function existingAccountPrompt(email: string): string {
  return `An account with ${email} already exists. Would you like to log in instead?`;
}

/**
 * Email sign-in: Continue stays disabled while the field is empty or a request is in
 * flight ('Checking...'); an address without an at-sign does nothing. On signup an existing
 * account is offered the login page first; a failed lookup does not stand in the way.
 */
export function EmailSignInForm({
  intent,
  onAttempt,
  onSent,
}: {
  intent: AuthIntent;
  /** Called when a new attempt starts, so the page can drop an earlier error. */
  onAttempt?: () => void;
  onSent: (email: string) => void;
}) {
  const [email, setEmail] = useState("");
  const [isChecking, setIsChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  // The login and sign-up pages are pre-rendered: the field takes typing before the page's
  // script has run, and what was typed is in the field but not yet in state.
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed) setEmail(typed);
  }, []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (isChecking || address === "" || !address.includes("@")) return;

    onAttempt?.();
    setError(null);
    setIsChecking(true);
    try {
      if (intent === "signup") {
        const exists = await lookupAccount(address).catch(() => false);
        if (exists && window.confirm(existingAccountPrompt(address))) {
          navigate(routePaths.login);
          return;
        }
      }
      await requestSignInLink(address, intent);
      onSent(address);
    } catch (caught) {
      setError(serverErrorMessage(caught) ?? signInLinkFallbackError);
    } finally {
      setIsChecking(false);
    }
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void handleSubmit(event)}>
      <Label htmlFor={inputId}>Email</Label>
      <Input
        ref={inputRef}
        id={inputId}
        name="email"
        type="email"
        required
        autoComplete="email"
        inputMode="email"
        placeholder="you@company.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <Alert variant="destructive" role="alert" id={errorId}>
          <CircleAlert aria-hidden="true" />
          <p>{error}</p>
        </Alert>
      ) : null}
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={email.trim() === "" || isChecking}
      >
        {isChecking ? "Checking..." : "Continue"}
      </Button>
    </form>
  );
}
