import { Loader2 } from "lucide-react";
import type { FormEvent, ReactNode } from "react";
import { Button } from "./button";
import { Dialog, DialogFooter } from "./dialog";

/**
 * The one way to ask "are you sure?": a modal with a title, a sentence, an optional body (for
 * example a field the person must fill before confirming) and Cancel beside the confirm button.
 *
 * A destructive confirmation is drawn in the destructive colour and opens with Cancel focused, so
 * a stray Enter never deletes anything; any other confirmation opens on its confirm button. A body
 * that wants focus itself marks its field `data-autofocus`. Enter in a body field confirms, as in
 * any form, unless `confirmDisabled`. While `pending` the confirm button shows a spinner and
 * cannot be pressed twice; closing is left to the caller, who knows when the action is settled.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  confirmIcon,
  cancelLabel = "Cancel",
  destructive = false,
  pending = false,
  confirmDisabled = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  confirmLabel: ReactNode;
  /** Drawn before the label (hidden from assistive technology) unless the action is pending. */
  confirmIcon?: ReactNode;
  cancelLabel?: ReactNode;
  destructive?: boolean;
  pending?: boolean;
  confirmDisabled?: boolean;
  onConfirm: () => void;
}) {
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || confirmDisabled) return;
    onConfirm();
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
        {children}
        <DialogFooter>
          <Button
            variant="outline"
            data-autofocus={destructive ? true : undefined}
            onClick={() => onOpenChange(false)}
          >
            {cancelLabel}
          </Button>
          <Button
            type="submit"
            variant={destructive ? "destructive" : "default"}
            data-autofocus={destructive ? undefined : true}
            disabled={pending || confirmDisabled}
            aria-busy={pending || undefined}
          >
            {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : confirmIcon}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
