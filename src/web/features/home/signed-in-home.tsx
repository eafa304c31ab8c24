import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Redirect, useLocation } from "wouter";
import type { CurrentUser } from "../../../shared/contracts/auth";
import type { SubscriptionTier } from "../../../shared/plans";
import { dashboardPath, routePaths } from "../../lib/route-paths";
import { clearAuthIntent, readAuthIntent } from "../auth/auth-intent";
import { ModeSelectionPage } from "../mode-selection/mode-selection-page";
import { applyStoredPlan } from "../plans/apply-stored-plan";
import { readSelectedPlan } from "../plans/selected-plan";
import { decideSignedInHome } from "./home-decision";
import { SettingUpAccount } from "./setting-up-account";

/** Applies the stored plan once (StrictMode runs effects twice; the ref keeps it to one request). */
function ApplyStoredPlan({ plan }: { plan: SubscriptionTier }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void applyStoredPlan(plan, { queryClient, navigate });
  }, [plan, queryClient, navigate]);

  return <SettingUpAccount />;
}

export function SignedInHome({ user }: { user: CurrentUser }) {
  // What the browser held when the person arrived. An authIntent met by someone without a tier is
  // handled by the plan step, so it cannot later send them to
  // the dashboard once a stored plan has given them a tier.
  const [arrival] = useState(() => ({
    authIntent: user.subscriptionTier === null ? null : readAuthIntent(),
    hadIntent: readAuthIntent() !== null,
    storedPlan: readSelectedPlan(),
  }));

  useEffect(() => {
    if (arrival.hadIntent) clearAuthIntent();
  }, [arrival]);

  const step = decideSignedInHome({
    tier: user.subscriptionTier,
    authIntent: arrival.authIntent,
    storedPlan: arrival.storedPlan,
  });

  switch (step.kind) {
    case "apply-stored-plan":
      return <ApplyStoredPlan plan={step.plan} />;
    case "choose-plan":
      return <Redirect to={routePaths.plans} replace />;
    case "open-dashboard":
      return <Redirect to={dashboardPath("property")} replace />;
    case "choose-mode":
      return <ModeSelectionPage user={user} />;
  }
}
