import type { QueryClient } from "@tanstack/react-query";
import type { SubscriptionTier } from "../../../shared/plans";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import { routePaths } from "../../lib/route-paths";
import { refreshCurrentUser } from "../../session/current-user";
import { planMessages } from "./plan-messages";
import { clearSelectedPlan } from "./selected-plan";
import { updateSubscription } from "./plans-api";

type Navigate = (to: string, options?: { replace?: boolean }) => void;

/**
 * Automatic plan application: a person without a tier who picked a plan before signing
 * in gets it now. Either way the stored plan is cleared; on success home reloads the user and
 * carries on at /, on failure a toast explains and /plans lets them choose again.
 */
export async function applyStoredPlan(
  plan: SubscriptionTier,
  { queryClient, navigate }: { queryClient: QueryClient; navigate: Navigate },
): Promise<void> {
  try {
    const user = await updateSubscription(plan);
    clearSelectedPlan();
    await refreshCurrentUser(queryClient, user);
    navigate(routePaths.home, { replace: true });
  } catch (error) {
    clearSelectedPlan();
    toast({
      title: planMessages.errorTitle,
      description: serverErrorMessage(error) ?? planMessages.autoApplyFailed,
      variant: "destructive",
    });
    navigate(routePaths.plans, { replace: true });
  }
}
