import { useQueryClient } from "@tanstack/react-query";
import { Download, Link2, Loader2, ShieldCheck, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import type { CurrentUser } from "../../../shared/contracts/auth";
import { dataRetention } from "../../../shared/data-retention";
import { planNames, planWords } from "../../../shared/plans";
import { BackLink } from "../../components/back-link";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import { routePaths } from "../../lib/route-paths";
import { forgetSignedInState } from "../../lib/sign-out";
import { currentUserQueryKey } from "../../session/current-user";
import { connectGoogle, useGoogleStatus } from "../../session/google-connection-status";
import { LogOutButton } from "../../session/log-out-button";
import { PremiumAction } from "../../session/premium-offer";
import { useDeleteAccount, useExportAccount } from "./account-api";
import { ApiTokensCard } from "./api-tokens-card";
import { AppApprovalsNotice } from "../../session/app-approvals-notice";
import { ConnectedAppsCard } from "./connected-apps-card";
import { DeleteAccountDialog } from "./delete-account-dialog";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:gap-4">
      <dt className="w-28 shrink-0 text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 font-medium break-words">{children}</dd>
    </div>
  );
}

/** The plan's items in the words every page uses (shared/plans.ts). */
function PlanItems({ words }: { words: ReturnType<typeof planWords> }) {
  return (
    <div className="flex flex-col gap-3 text-sm">
      <div>
        <h3 className="font-medium">Included</h3>
        <ul aria-label="Included" className="mt-1 list-disc space-y-1 pl-5">
          {words.included.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
      {words.notIncluded.length > 0 ? (
        <div>
          <h3 className="font-medium">Not included</h3>
          <ul
            aria-label="Not included"
            className="mt-1 list-disc space-y-1 pl-5 text-muted-foreground"
          >
            {words.notIncluded.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function GoogleConnection() {
  const status = useGoogleStatus();
  if (status.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        Checking the connection…
      </p>
    );
  if (status.isError)
    return (
      <p className="text-sm text-muted-foreground">
        {serverErrorMessage(status.error) ?? "The connection could not be checked right now."}
      </p>
    );
  if (!status.data.connected)
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-muted-foreground">
          Not connected. Connect Google Analytics to list and write annotations.
        </p>
        <Button variant="outline" size="sm" onClick={connectGoogle}>
          <Link2 aria-hidden="true" />
          Connect GA4
        </Button>
      </div>
    );
  return (
    <p className="flex items-start gap-2 text-sm">
      <ShieldCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
      <span>
        <span className="font-medium">Connected</span>
        <span className="text-muted-foreground">
          {status.data.canWrite
            ? " — Tidemark can read and write annotations."
            : " — read-only: Tidemark can read annotations but not write them."}
        </span>
      </span>
    </p>
  );
}

/**
 * /account: who is signed in, their plan and Google connection, a copy of their data and the
 * way to delete the account. After a deletion the person lands on the landing page, signed out.
 */
export function AccountPage({ user }: { user: CurrentUser }) {
  const exportData = useExportAccount();
  const deletion = useDeleteAccount();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [deleting, setDeleting] = useState(false);
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");

  function handleExport() {
    exportData.mutate(undefined, {
      onSuccess: () =>
        toast({ title: "Export downloaded", description: "Your data is in the JSON file." }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Export failed",
          description: serverErrorMessage(error) ?? "Please try again.",
        }),
    });
  }

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
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
      <BackLink href={routePaths.dashboard}>Back to Dashboard</BackLink>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Account</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Your sign-in, your plan and the data Tidemark keeps for you.
        </p>
      </div>
      <AppApprovalsNotice />

      <Card>
        <CardHeader>
          <CardTitle as="h2">Profile</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <dl className="flex flex-col gap-3">
            <Row label="Email">{user.email}</Row>
            {name ? <Row label="Name">{name}</Row> : null}
          </dl>
          <LogOutButton className="self-start" />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Plan</CardTitle>
          <CardDescription>
            {user.subscriptionTier ? (
              <>
                You are on{" "}
                <span className="font-medium text-foreground">
                  {planNames[user.subscriptionTier]}
                </span>
                .
              </>
            ) : (
              "You have not chosen a plan yet."
            )}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col items-start gap-4">
          {user.subscriptionTier ? (
            <PlanItems words={planWords(user.subscriptionTier, user)} />
          ) : null}
          <Button asChild variant="outline" size="sm">
            <Link href={routePaths.plans}>
              {user.subscriptionTier ? "Compare plans" : "Choose a plan"}
            </Link>
          </Button>
          {user.subscriptionTier === "freemium" ? (
            <PremiumAction user={user} className="w-full max-w-sm" />
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Google Analytics</CardTitle>
        </CardHeader>
        <CardContent>
          <GoogleConnection />
        </CardContent>
      </Card>

      <ConnectedAppsCard />

      <ApiTokensCard />

      <Card>
        <CardHeader>
          <CardTitle as="h2">Your data</CardTitle>
          <CardDescription>
            Download everything Tidemark stores about you as one JSON file: your account and plan,
            saved properties, categories, audits with their suggestions, and your conversations with
            the assistant. Google tokens and other secrets are never included. Annotations
            themselves are kept by Google Analytics.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button
            variant="outline"
            onClick={handleExport}
            disabled={exportData.isPending}
            aria-busy={exportData.isPending || undefined}
          >
            {exportData.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Download aria-hidden="true" />
            )}
            Export my data
          </Button>
        </CardContent>
      </Card>

      <Card className="border-destructive/40">
        <CardHeader>
          <CardTitle as="h2">Delete account</CardTitle>
          <CardDescription>
            Deletes your account and all its data at once, revokes Tidemark&apos;s access to Google
            Analytics and signs you out on every device. Accounts left unused for{" "}
            {dataRetention.inactiveAccountDeletionYears} years are deleted the same way; see the{" "}
            <Link href={routePaths.privacy} className="underline underline-offset-2">
              Privacy Policy
            </Link>
            .
          </CardDescription>
        </CardHeader>
        <CardContent>
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
        </CardContent>
      </Card>

      <DeleteAccountDialog
        open={deleting}
        onOpenChange={setDeleting}
        email={user.email}
        pending={deletion.isPending}
        error={deletion.error}
        onConfirm={handleDelete}
      />
    </div>
  );
}
