import type { CreatedApiTokenResponse } from "../../../shared/contracts/api-tokens";
import { CopyButton } from "../../components/copy-button";
import { Button } from "../../components/ui/button";
import { Dialog, DialogFooter } from "../../components/ui/dialog";

/** The token itself, shown once, right after it is made. */
export function NewTokenDialog({
  created,
  onClose,
}: {
  created: CreatedApiTokenResponse | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={created !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Copy your new token"
      description="This is the only time it is shown. Tidemark keeps only a fingerprint of it, so it cannot be shown again: store it in your password manager or your CI's secrets."
    >
      <div className="flex flex-col gap-3">
        <code
          aria-label="Your new token"
          className="rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all"
        >
          {created?.token}
        </code>
        <DialogFooter>
          {created ? (
            <CopyButton key={created.token} text={created.token} label="Copy token" />
          ) : null}
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </div>
    </Dialog>
  );
}
