import type { ReactNode } from "react";
import { FormDialog } from "./form-dialog";

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
  confirmLabel,
  confirmIcon,
  destructive = false,
  confirmDisabled = false,
  onConfirm,
  children,
  ...dialog
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
  return (
    <FormDialog
      {...dialog}
      submitLabel={confirmLabel}
      submitIcon={confirmIcon}
      submitVariant={destructive ? "destructive" : "default"}
      submitDisabled={confirmDisabled}
      initialFocus={destructive ? "cancel" : "submit"}
      onSubmit={onConfirm}
    >
      {children}
    </FormDialog>
  );
}
