import { MailCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "../../components/ui/button";
import { signInLinkLifetimeText } from "../../../shared/sign-in-link";

/**
 * Shown once the server has accepted a sign-in link request. It does not claim an email went
 * out: without a mail server configured, the link is written to the server's log instead.
 */
export function CheckInboxNotice({
  email,
  onUseAnotherEmail,
}: {
  email: string;
  onUseAnotherEmail: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The form this replaces had focus; hand it to the news so keyboard and screen reader users get it.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div
      role="status"
      className="flex flex-col items-center gap-4 rounded-lg border bg-muted/40 p-6 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <MailCheck className="size-6" aria-hidden="true" />
      </span>
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold tracking-tight outline-none"
      >
        Check your inbox
      </h2>
      <p className="text-sm text-pretty text-muted-foreground">
        Open the sign-in link for{" "}
        <strong className="font-medium break-all text-foreground">{email}</strong> to continue. It
        works once and expires in {signInLinkLifetimeText}.
      </p>
      <p className="text-xs text-pretty text-muted-foreground">
        Nothing there? Check your spam folder. When Tidemark runs without an email server, the link
        is written to the server&apos;s log instead.
      </p>
      <Button variant="ghost" size="sm" onClick={onUseAnotherEmail}>
        Use a different email
      </Button>
    </div>
  );
}
