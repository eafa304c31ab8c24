import { Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { confirmEmailMismatchMessage } from "../../../shared/contracts/account";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { isApiError } from "../../lib/api-client";
import { serverErrorMessage } from "../../lib/api-error-message";

/** Compared as the server compares: surrounding spaces and capitals do not matter. */
function sameAddress(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.toLowerCase();
}

/**
 * "Delete my account": the person types their email address to confirm. The button stays
 * disabled until the address matches; a refusal from the server is shown under the field.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
  email,
  pending,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
  pending: boolean;
  /** The last attempt's failure, if any. */
  error: unknown;
  onConfirm: (typedEmail: string) => void;
}) {
  const [typed, setTyped] = useState("");
  const fieldId = useId();
  const errorId = useId();
  const matches = sameAddress(typed, email);
  const problem = error
    ? isApiError(error, "confirm_email_mismatch")
      ? confirmEmailMismatchMessage
      : (serverErrorMessage(error) ?? "Your account could not be deleted. Please try again.")
    : null;

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setTyped("");
        onOpenChange(next);
      }}
      title="Delete your account?"
      description="This deletes your account and everything Tidemark stores about you, at once and for good: saved properties, categories, audits and chat history. Tidemark's access to Google Analytics is revoked, and you are signed out on every device. Annotations in Google Analytics stay there. Signing up again with this address does not reset today's plan limits or the free plan's property lock (the Privacy Policy says what is kept, and for how long). This cannot be undone; export your data first if you want a copy."
      confirmLabel="Delete my account"
      confirmIcon={<Trash2 aria-hidden="true" />}
      destructive
      pending={pending}
      confirmDisabled={!matches}
      onConfirm={() => onConfirm(typed.trim())}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={fieldId}>
          Type <span className="font-semibold break-all">{email}</span> to confirm
        </Label>
        <Input
          id={fieldId}
          type="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          data-autofocus
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
        />
        {problem ? (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
