import type { ReactNode } from "react";
import { useSearch } from "wouter";
import { LoadingStatus } from "../../components/loading-status";
import { TitledCard } from "../../components/titled-card";
import { isApiError } from "../../lib/api-client";
import { serverErrorMessage } from "../../lib/api-error-message";
import { useCurrentUser } from "../../session/current-user";
import { useConsentDetails } from "./consent-api";
import { ConsentCard } from "./consent-card";
import { consentCopy } from "./consent-copy";
import { ConsentSignInCard } from "./consent-sign-in-card";

function ConsentFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-1 flex-col justify-center px-4 py-10 sm:px-6">
      {children}
    </div>
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

  let body: ReactNode;
  if (isLoading || (user && details.isPending && uid))
    body = <LoadingStatus>Loading…</LoadingStatus>;
  else if (!user) body = <ConsentSignInCard />;
  else if (!uid || details.isError || !details.data)
    body = (
      <TitledCard
        title={
          isApiError(details.error, "consent_elsewhere")
            ? consentCopy.elsewhereTitle
            : consentCopy.expiredTitle
        }
        titleProps={{ as: "h1", className: "text-xl" }}
        description={
          (details.isError ? serverErrorMessage(details.error) : null) ?? consentCopy.expired
        }
      />
    );
  else body = <ConsentCard details={details.data} />;

  return <ConsentFrame>{body}</ConsentFrame>;
}
