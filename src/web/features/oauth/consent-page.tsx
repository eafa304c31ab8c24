import { useQueryClient } from "@tanstack/react-query";
import { CircleAlert, ExternalLink, Loader2, PlugZap, ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearch } from "wouter";
import type { ApiTokenScope } from "../../../shared/contracts/api-tokens";
import type { ConsentDetails } from "../../../shared/contracts/oauth";
import { scopeDescriptions, writeScopes } from "../../../shared/oauth";
import { Alert } from "../../components/ui/alert";
import { WrappingEmail } from "../../components/wrapping-email";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { serverErrorMessage } from "../../lib/api-error-message";
import { isApiError } from "../../lib/api-client";
import { loadServerPage } from "../../lib/page-navigation";
import { routePaths } from "../../lib/route-paths";
import { currentUserQueryKey, useCurrentUser } from "../../session/current-user";
import { useConsentDecision, useConsentDetails } from "./consent-api";

export const consentCopy = {
  title: (app: string) => `Allow ${app} to use your Tidemark account?`,
  signInTitle: "Sign in to connect an app",
  signIn:
    "An AI app is asking to use your Tidemark account. Sign in in the new tab, then come back to this one: it continues on its own.",
  mayDo: "It will be able to:",
  writeOff:
    "What you leave unticked stays off. You can narrow a connected app to reading at any time under Account → Connected apps.",
  noneChosen: "Tick at least one thing the app may do, or press Deny.",
  deletions:
    "Deletions always wait for you: you see what would be deleted and approve it, in the app or in Tidemark.",
  revoke: "You can disconnect it at any time under Account → Connected apps.",
  expiredTitle: "This request has expired",
  elsewhereTitle: "This link cannot be used in this browser",
  expired: "Start connecting again from your AI app.",
  leaving: (app: string) => `Taking you back to ${app}…`,
};

function ConsentFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-1 flex-col justify-center px-4 py-10 sm:px-6">
      {children}
    </div>
  );
}

function SignedOut() {
  const queryClient = useQueryClient();
  // Signing in happens in another tab (the link arrives by email): coming back here checks again.
  useEffect(() => {
    const recheck = () => void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    window.addEventListener("focus", recheck);
    document.addEventListener("visibilitychange", recheck);
    return () => {
      window.removeEventListener("focus", recheck);
      document.removeEventListener("visibilitychange", recheck);
    };
  }, [queryClient]);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-xl">
          {consentCopy.signInTitle}
        </CardTitle>
        <CardDescription>{consentCopy.signIn}</CardDescription>
      </CardHeader>
      <CardFooter>
        <Button asChild>
          <a href={routePaths.login} target="_blank" rel="noopener">
            Sign in
            <ExternalLink aria-hidden="true" />
          </a>
        </Button>
      </CardFooter>
    </Card>
  );
}

function Consent({ details }: { details: ConsentDetails }) {
  const decision = useConsentDecision();
  const [leaving, setLeaving] = useState(false);
  // Reading is ticked; writing waits for the person to tick it, whatever the app asked for.
  const [chosen, setChosen] = useState<ApiTokenScope[]>(() => {
    const reads = details.scopes.filter((scope) => !writeScopes.includes(scope));
    return reads.length > 0 ? reads : details.scopes;
  });
  const app = details.client.name;

  function toggle(scope: ApiTokenScope, on: boolean) {
    setChosen((current) =>
      on ? [...new Set([...current, scope])] : current.filter((s) => s !== scope),
    );
  }

  function decide(choice: "allow" | "deny") {
    decision.mutate(
      {
        uid: details.uid,
        decision: choice,
        accountId: details.account.id,
        scopes: choice === "allow" ? chosen : [],
      },
      {
        onSuccess: ({ redirectTo }) => {
          setLeaving(true);
          loadServerPage(redirectTo);
        },
      },
    );
  }

  if (leaving)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        {consentCopy.leaving(app)}
      </p>
    );

  return (
    <Card>
      <CardHeader>
        <div className="mb-2 flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
          <PlugZap className="size-5" aria-hidden="true" />
        </div>
        <CardTitle as="h1" className="text-xl break-words">
          {consentCopy.title(app)}
        </CardTitle>
        <CardDescription className="break-words">
          <span className="font-medium text-foreground">{app}</span>
          {details.client.redirectHost ? ` (returns to ${details.client.redirectHost})` : ""} asks
          to connect to the Tidemark account of{" "}
          <WrappingEmail email={details.account.email} className="font-medium text-foreground" />.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div>
          <h2 className="text-sm font-medium">{consentCopy.mayDo}</h2>
          <ul aria-label="What the app may do" className="mt-2 flex flex-col gap-2 text-sm">
            {details.scopes.map((scope) => (
              <li key={scope}>
                <label className="flex cursor-pointer items-start gap-2">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 shrink-0 accent-primary"
                    checked={chosen.includes(scope)}
                    onChange={(event) => toggle(scope, event.target.checked)}
                  />
                  <span>
                    {scopeDescriptions[scope]}{" "}
                    <code className="text-xs text-muted-foreground">{scope}</code>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {details.scopes.some((scope) => writeScopes.includes(scope)) ? (
            <p className="mt-2 text-xs text-muted-foreground">{consentCopy.writeOff}</p>
          ) : null}
        </div>
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {consentCopy.deletions} {consentCopy.revoke}
          </span>
        </p>
        {decision.isError ? (
          <Alert variant="destructive" role="alert">
            <CircleAlert aria-hidden="true" />
            <span>{serverErrorMessage(decision.error) ?? "Please try again."}</span>
          </Alert>
        ) : null}
      </CardContent>
      <CardFooter className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          className="w-full sm:w-auto"
          disabled={decision.isPending}
          onClick={() => decide("deny")}
        >
          Deny
        </Button>
        <Button
          className="w-full sm:w-auto"
          disabled={decision.isPending || chosen.length === 0}
          title={chosen.length === 0 ? consentCopy.noneChosen : undefined}
          onClick={() => decide("allow")}
        >
          {decision.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Allow
        </Button>
      </CardFooter>
    </Card>
  );
}

/**
 * /oauth/consent?uid=…: where an AI app's authorization request lands. The signed-in person sees
 * which app asks and what it may do, and allows or denies; the browser then goes back to the app.
 */
export function ConsentPage() {
  const uid = new URLSearchParams(useSearch()).get("uid") ?? "";
  const { user, isLoading } = useCurrentUser();
  const details = useConsentDetails(uid, Boolean(user));

  let body: React.ReactNode;
  if (isLoading || (user && details.isPending && uid))
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        Loading…
      </p>
    );
  else if (!user) body = <SignedOut />;
  else if (!uid || details.isError || !details.data)
    body = (
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-xl">
            {isApiError(details.error, "consent_elsewhere")
              ? consentCopy.elsewhereTitle
              : consentCopy.expiredTitle}
          </CardTitle>
          <CardDescription>
            {(details.isError ? serverErrorMessage(details.error) : null) ?? consentCopy.expired}
          </CardDescription>
        </CardHeader>
      </Card>
    );
  else body = <Consent details={details.data} />;

  return <ConsentFrame>{body}</ConsentFrame>;
}
