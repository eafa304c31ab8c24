import { useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { dataRetention } from "../../../shared/data-retention";
import { TitledCard } from "../../components/titled-card";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { routePaths } from "../../lib/route-paths";
import { forgetSignedInState } from "../../lib/sign-out";
import { currentUserQueryKey } from "../../session/current-user";
import { useDeleteAccount } from "./account-api";
import { DeleteAccountDialog } from "./delete-account-dialog";

/**
 * Deleting the account, after the person types their address. Afterwards they land on the
 * landing page, signed out.
 */
export function DeleteAccountCard({ email }: { email: string }) {
  const deletion = useDeleteAccount();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [deleting, setDeleting] = useState(false);

  function handleDelete(typedEmail: string) {
    deletion.mutate(typedEmail, {
      onSuccess: () => {
        setDeleting(false);
        forgetSignedInState();
        // Leave first, so this signed-in page never sees itself signed out (it would send the
        // person to /login); then nothing of the deleted account may linger in the cache.
        navigate(routePaths.home, { replace: true });
        queryClient.clear();
        queryClient.setQueryData(currentUserQueryKey, null);
        toast({
          title: "Your account has been deleted",
          description:
            "Everything Tidemark stored about you is gone, its access to Google Analytics is revoked and you are signed out everywhere.",
        });
      },
    });
  }

  return (
    <>
      <TitledCard
        title="Delete account"
        className="border-destructive/40"
        description={
          <>
            Deletes your account and all its data at once, revokes Tidemark&apos;s access to Google
            Analytics and signs you out on every device. Accounts left unused for{" "}
            {dataRetention.inactiveAccountDeletionYears} years are deleted the same way; see the{" "}
            <Link href={routePaths.privacy} className="underline underline-offset-2">
              Privacy Policy
            </Link>
            .
          </>
        }
      >
        <Button
          variant="destructive"
          onClick={() => {
            deletion.reset();
            setDeleting(true);
          }}
        >
          <Trash2 aria-hidden="true" />
          Delete my account
        </Button>
      </TitledCard>
      <DeleteAccountDialog
        open={deleting}
        onOpenChange={setDeleting}
        email={email}
        pending={deletion.isPending}
        error={deletion.error}
        onConfirm={handleDelete}
      />
    </>
  );
}
