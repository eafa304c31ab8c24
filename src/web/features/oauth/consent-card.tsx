import { CircleAlert, Loader2, PlugZap, ShieldCheck } from "lucide-react";
import { useState } from "react";
import type { ApiTokenScope } from "../../../shared/contracts/api-tokens";
import type { ConsentDetails } from "../../../shared/contracts/oauth";
import { scopeDescriptions, writeScopes } from "../../../shared/oauth";
import { LoadingStatus } from "../../components/loading-status";
import { TitledCard } from "../../components/titled-card";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { WrappingEmail } from "../../components/wrapping-email";
import { serverErrorMessage } from "../../lib/api-error-message";
import { loadServerPage } from "../../lib/page-navigation";
import { useConsentDecision } from "./consent-api";
import { consentCopy } from "./consent-copy";

function ScopeChoices({
  scopes,
  chosen,
  onToggle,
}: {
  scopes: ApiTokenScope[];
  chosen: ApiTokenScope[];
  onToggle: (scope: ApiTokenScope, on: boolean) => void;
}) {
  return (
    <div>
      <h2 className="text-sm font-medium">{consentCopy.mayDo}</h2>
      <ul aria-label="What the app may do" className="mt-2 flex flex-col gap-2 text-sm">
        {scopes.map((scope) => (
          <li key={scope}>
            <label className="flex cursor-pointer items-start gap-2">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-primary"
                checked={chosen.includes(scope)}
                onChange={(event) => onToggle(scope, event.target.checked)}
              />
              <span>
                {scopeDescriptions[scope]}{" "}
                <code className="text-xs text-muted-foreground">{scope}</code>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {scopes.some((scope) => writeScopes.includes(scope)) ? (
        <p className="mt-2 text-xs text-muted-foreground">{consentCopy.writeOff}</p>
      ) : null}
    </div>
  );
}

/** Which app asks for which account, what it may do, and Allow or Deny. */
export function ConsentCard({ details }: { details: ConsentDetails }) {
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

  if (leaving) return <LoadingStatus>{consentCopy.leaving(app)}</LoadingStatus>;

  return (
    <TitledCard
      lead={
        <div className="mb-2 flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
          <PlugZap className="size-5" aria-hidden="true" />
        </div>
      }
      title={consentCopy.title(app)}
      titleProps={{ as: "h1", className: "text-xl break-words" }}
      description={
        <>
          <span className="font-medium text-foreground">{app}</span>
          {details.client.redirectHost ? ` (returns to ${details.client.redirectHost})` : ""} asks
          to connect to the Tidemark account of{" "}
          <WrappingEmail email={details.account.email} className="font-medium text-foreground" />.
        </>
      }
      descriptionProps={{ className: "break-words" }}
      contentClassName="flex flex-col gap-4"
      footer={
        <>
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
        </>
      }
      footerClassName="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
    >
      <ScopeChoices scopes={details.scopes} chosen={chosen} onToggle={toggle} />
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
    </TitledCard>
  );
}
