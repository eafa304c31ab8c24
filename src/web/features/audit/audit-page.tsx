import { FlaskConical } from "lucide-react";
import { useState } from "react";
import { auditAccessOf } from "../../../shared/audit";
import type { CurrentUser } from "../../../shared/contracts/auth";
import { Alert } from "../../components/ui/alert";
import { BackLink } from "../../components/back-link";
import { cn } from "../../lib/class-names";
import { routePaths } from "../../lib/route-paths";
import { useCookieHeader } from "../../session/request-cookies";
import { lastSelectedPropertyId } from "../../session/selected-property";
import { AuditHistory } from "./audit-history";
import { AuditPremiumNotice, AuditPrivateBetaNotice } from "./audit-notices";
import { RunAuditPanel } from "./run-audit-panel";

type Tab = "run" | "history";

/**
 * /audit: the Premium notice, the private-beta notice, or — for people in the beta — the
 * experimental audit with its 'Run Audit' and 'Past Audits' tabs. The server enforces the same
 * rule on every audit call.
 */
export function AuditPage({ user }: { user: CurrentUser }) {
  const access = auditAccessOf(user);
  if (access === "premium_required") return <AuditPremiumNotice />;
  if (access === "beta_only") return <AuditPrivateBetaNotice />;
  return (
    <section aria-labelledby="audit-title" className="flex flex-1 flex-col px-4 py-8 sm:px-6">
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
        <BackLink href={routePaths.dashboard}>Back to Dashboard</BackLink>
        <div>
          <h1 id="audit-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            AI Annotation Audit
          </h1>
          <p className="mt-1 text-muted-foreground">
            Clearer titles, consistent colours and categories for your annotations.
          </p>
        </div>
        <Audit ownerId={user.id} />
      </div>
    </section>
  );
}

function Audit({ ownerId }: { ownerId: string }) {
  const [tab, setTab] = useState<Tab>("run");
  const lastPropertyId = lastSelectedPropertyId(useCookieHeader(), ownerId);
  const [auditId, setAuditId] = useState<string | null>(null);
  const tabs: { id: Tab; label: string }[] = [
    { id: "run", label: "Run Audit" },
    { id: "history", label: "Past Audits" },
  ];
  return (
    <>
      <Alert role="note">
        <FlaskConical aria-hidden="true" />
        <div>
          <p className="font-medium">Experimental Feature</p>
          <p className="text-muted-foreground">
            Suggestions can be wrong. Review each one; only the ones you accept and apply are
            written to Google Analytics.
          </p>
        </div>
      </Alert>
      <div role="tablist" aria-label="Audit" className="flex gap-1 rounded-lg bg-muted p-1">
        {tabs.map((item) => (
          <button
            key={item.id}
            id={`audit-tab-${item.id}`}
            type="button"
            role="tab"
            aria-selected={tab === item.id}
            aria-controls={`audit-panel-${item.id}`}
            onClick={() => setTab(item.id)}
            className={cn(
              "flex-1 rounded-md px-3 py-1.5 text-sm font-medium outline-none focus-visible:ring-3 focus-visible:ring-ring/40",
              tab === item.id
                ? "bg-background text-foreground shadow-xs"
                : "text-muted-foreground hover:text-foreground",
            )}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div
        id={`audit-panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`audit-tab-${tab}`}
        className="flex flex-col gap-4"
      >
        {tab === "run" ? (
          <RunAuditPanel
            auditId={auditId}
            onAuditChange={setAuditId}
            initialPropertyId={lastPropertyId}
          />
        ) : (
          <AuditHistory
            onView={(id) => {
              setAuditId(id);
              setTab("run");
            }}
          />
        )}
      </div>
    </>
  );
}
