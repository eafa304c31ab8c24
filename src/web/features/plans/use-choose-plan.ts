import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import type { CurrentUser } from "../../../shared/contracts/auth";
import type { SubscriptionTier } from "../../../shared/plans";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import { loadServerPage } from "../../lib/page-navigation";
import { routePaths, serverNavigations } from "../../lib/route-paths";
import { refreshCurrentUser } from "../../session/current-user";
import { modeSelectionDelayMs, planMessages } from "./plan-messages";
import { clearSelectedPlan, storeSelectedPlan } from "./selected-plan";
import { updateSubscription } from "./plans-api";

/**
 * Choosing a plan on /plans. Signed out: the plan is stored and sign-in starts;
 * home applies it afterwards. Signed in: PATCH, then refresh the user, clear the stored plan,
 * toast, and open mode selection 500 ms later. Clicks while a plan is being applied are ignored.
 */
export function useChoosePlan(user: CurrentUser | null): {
  choosePlan: (tier: SubscriptionTier) => void;
  /** The plan being applied (stays set until mode selection opens), or null. */
  pendingTier: SubscriptionTier | null;
} {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [pendingTier, setPendingTier] = useState<SubscriptionTier | null>(null);
  // State updates land on the next render; the ref also stops a second click in the same tick.
  const busy = useRef(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  async function apply(tier: SubscriptionTier) {
    busy.current = true;
    setPendingTier(tier);
    try {
      const updated = await updateSubscription(tier);
      await refreshCurrentUser(queryClient, updated);
      clearSelectedPlan();
      toast({ title: planMessages.selectedTitle, description: planMessages.selectedDescription });
      redirectTimer.current = setTimeout(
        () => navigate(routePaths.modeSelection),
        modeSelectionDelayMs,
      );
    } catch (error) {
      toast({
        title: planMessages.errorTitle,
        description: serverErrorMessage(error) ?? planMessages.updateFailed,
        variant: "destructive",
      });
      busy.current = false;
      setPendingTier(null);
    }
  }

  function choosePlan(tier: SubscriptionTier) {
    if (busy.current) return;
    if (!user) {
      storeSelectedPlan(tier);
      loadServerPage(serverNavigations.googleSignIn);
      return;
    }
    void apply(tier);
  }

  return { choosePlan, pendingTier };
}
