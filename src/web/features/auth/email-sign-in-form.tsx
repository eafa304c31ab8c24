import { CircleAlert } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
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
