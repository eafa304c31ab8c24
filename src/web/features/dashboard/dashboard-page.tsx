import { Suspense } from "react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import { LoadingScreen } from "../../components/loading-screen";
import { cn } from "../../lib/class-names";
import { preloadable } from "../../lib/preloadable";
import { AppApprovalsNotice } from "../../session/app-approvals-notice";
import { SubscriptionCard } from "../plans/subscription-card";
import {
  dashboardPanelId,
  dashboardTabId,
  parseDashboardMode,
  useDashboardMode,
} from "./dashboard-mode";

// Each mode is its own chunk: Agent Mode never loads Property View's table dialogs and Property
// View never loads the assistant until someone opens it. A new mode or panel follows suit.
// Holds the panel's place, so the subscription card below it on phones does not jump when the
// mode's code arrives.
const panelFallback = <LoadingScreen label="Loading..." className="min-h-dvh" />;
const PropertyView = preloadable(
  () => import("./property-view").then((module) => module.PropertyView),
  panelFallback,
);
const AgentView = preloadable(
  () => import("./agent-view").then((module) => module.AgentView),
  panelFallback,
);

// The mode's code starts loading with this module, beside the signed-in check, rather than once
// the check has answered and the panel renders (a round trip later). A failure shows there.
if (typeof window !== "undefined") {
  const mode = parseDashboardMode(window.location.search) === "property" ? PropertyView : AgentView;
  mode.preload().catch(() => undefined);
}

/**
 * /dashboard: the mode's panel. Agent Mode has the subscription card (and deletions waiting for
 * approval) beside the conversation, which needs no more width; Property View's table needs the
 * page's whole width, so there they are a bar inside the panel instead (`PlanAndApprovals`).
 */
export function DashboardPage({ user }: { user: CurrentUser }) {
  const mode = useDashboardMode();
  const sidebar = mode === "agent";

  return (
    <div
      className={cn(
        "mx-auto grid w-full max-w-7xl flex-1 gap-6 px-4 py-8 sm:px-6",
        sidebar && "lg:grid-cols-[minmax(0,1fr)_18rem]",
      )}
    >
      <section
        id={dashboardPanelId}
        role="tabpanel"
        aria-labelledby={dashboardTabId(mode)}
        // At least a screen tall, so what follows the panel (the subscription card on phones, the
        // footer) starts below the fold and does not move as the panel's content arrives.
        className="min-h-dvh min-w-0"
      >
        {/* The fallback holds the panel's place, so the subscription card below it on phones
        does not jump when the mode's code arrives. */}
        <Suspense fallback={panelFallback}>
          {mode === "property" ? (
            <PropertyView.Component user={user} />
          ) : (
            <AgentView.Component user={user} />
          )}
        </Suspense>
      </section>
      {sidebar ? (
        <div className="flex min-w-0 flex-col gap-6">
          <SubscriptionCard user={user} />
          <AppApprovalsNotice />
        </div>
      ) : null}
    </div>
  );
}
