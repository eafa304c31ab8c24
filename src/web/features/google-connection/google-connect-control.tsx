import { CheckCircle2, Link2, Loader2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import {
  DeferredConfirmDialog as ConfirmDialog,
  preloadConfirmDialog,
} from "../../components/ui/deferred-confirm-dialog";
import { toast } from "../../components/ui/use-toast";
import { connectGoogle, useGoogleStatus } from "../../session/google-connection-status";
import { useDisconnectGoogle } from "./google-connection-api";

/**
 * Every state is this wide, so the header does not move when the check answers; on phones each
 * is its icon (the words stay as its name), so the header's actions share one row with the logo.
 */
const controlWidth = "sm:min-w-34";

/**
 * The header's Google control: a spinner while checking, then 'Connect GA4', or 'GA4 Connected',
 * which opens the disconnect confirmation.
 */
export function GoogleConnectControl() {
  const status = useGoogleStatus();
  const disconnect = useDisconnectGoogle();
  const [dialogOpen, setDialogOpen] = useState(false);

  if (status.isPending) {
    return (
      <Button
        variant="outline"
        size="sm"
        disabled
        aria-label="Checking Google Analytics connection"
        className={controlWidth}
      >
        <Loader2 className="animate-spin" aria-hidden="true" />
      </Button>
    );
  }

  if (!status.data?.connected) {
    return (
      <Button variant="outline" size="sm" onClick={connectGoogle} className={controlWidth}>
        <Link2 aria-hidden="true" />
        <span className="max-sm:sr-only">Connect GA4</span>
      </Button>
    );
  }

  function handleDisconnect() {
    disconnect.mutate(undefined, {
      onSuccess: () => {
        setDialogOpen(false);
        toast({ title: "Disconnected" });
      },
      onError: () => {
        toast({
          variant: "destructive",
          title: "Error",
          description: "Failed to disconnect Google Analytics. Please try again.",
        });
      },
    });
  }

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        // The disconnect confirmation's code is not on any first screen: it loads on the way here.
        onPointerEnter={preloadConfirmDialog}
        onFocus={preloadConfirmDialog}
        onClick={() => setDialogOpen(true)}
        className={controlWidth}
      >
        <CheckCircle2 className="text-emerald-600" aria-hidden="true" />
        <span className="max-sm:sr-only">GA4 Connected</span>
      </Button>
      <ConfirmDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        title="Google Analytics Connected"
        description={
          status.data.canWrite
            ? "Tidemark can read and write annotations on your GA4 properties. Disconnecting removes its access."
            : "Read-only access: Tidemark can read your annotations but cannot create, edit or delete them. Reconnect and allow editing to write annotations."
        }
        confirmLabel="Disconnect"
        destructive
        pending={disconnect.isPending}
        onConfirm={handleDisconnect}
      />
    </>
  );
}
