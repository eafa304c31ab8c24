import { Loader2 } from "lucide-react";
import type { FormEvent, ReactNode } from "react";
import { Button, type ButtonProps } from "./button";
import { Dialog, DialogFooter } from "./dialog";

/**
 * A dialog that is one form: its fields, then Cancel and the submit button. Enter in a field
 * submits, as in any form, unless `submitDisabled`; while `pending` the submit button shows a
 * spinner and cannot be pressed twice, and keeps its focus, so a submit that fails leaves the
 * person in the dialog. Closing after a submission is left to the caller, who knows
 * when it is settled.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  submitLabel,
  submitIcon,
  submitVariant = "default",
  submitDisabled = false,
  pending = false,
  cancelLabel = "Cancel",
  initialFocus,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  submitLabel: ReactNode;
  /** Drawn before the label (hidden from assistive technology) unless the submission is pending. */
  submitIcon?: ReactNode;
  submitVariant?: ButtonProps["variant"];
  submitDisabled?: boolean;
  pending?: boolean;
  cancelLabel?: ReactNode;
  /**
   * Where focus goes on open when no field is marked `data-autofocus`; without it, the first
   * control.
   */
  initialFocus?: "cancel" | "submit";
  onSubmit: () => void;
}) {
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || submitDisabled) return;
    onSubmit();
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        {children}
        <DialogFooter>
          <Button
            variant="outline"
            data-autofocus={initialFocus === "cancel" || undefined}
            onClick={() => onOpenChange(false)}
          >
            {cancelLabel}
          </Button>
          <Button
            type="submit"
            variant={submitVariant}
            data-autofocus={initialFocus === "submit" || undefined}
            // While pending the button is only marked disabled: a really disabled button drops
            // the focus it has (to the page, outside the dialog), so after a failed submit Tab
            // and Escape would no longer reach the dialog.
            disabled={submitDisabled && !pending}
            aria-disabled={pending || undefined}
            aria-busy={pending || undefined}
          >
            {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : submitIcon}
            {submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
