import { useMutation, useQueryClient } from "@tanstack/react-query";
import { BellRing, Check, Crown } from "lucide-react";
import { Link } from "wouter";
import type { CurrentUser } from "../../shared/contracts/auth";
import { premiumAvailability, premiumForSale } from "../../shared/plans";
import { Button } from "../components/ui/button";
import { toast } from "../components/ui/use-toast";
import { apiRequest } from "../lib/api-client";
import { serverErrorMessage } from "../lib/api-error-message";
import { cn } from "../lib/class-names";
import { routePaths } from "../lib/route-paths";
import { parseCurrentUser, refreshCurrentUser } from "./current-user";

/** POST /api/users/premium-interest: 'Notify me', recorded on the account. */
function usePremiumInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest("/api/users/premium-interest", {
        method: "POST",
        parse: (json) => parseCurrentUser((json as { user: unknown }).user),
      }),
    onSuccess: (user) => refreshCurrentUser(queryClient, user),
  });
}

/**
 * What 'Upgrade' leads to, wherever Premium is offered: never a way to buy something that cannot
 * be had. Once Premium is for sale, Upgrade goes to /plans. Until then a tester the server lets
 * choose Premium goes to /plans; anyone else signed in may ask to be told when it opens (kept on
 * their account), and a visitor is asked to sign up first.
 */
export function PremiumAction({
  user,
  className,
}: {
  /** The signed-in person, or null for a visitor. */
  user: CurrentUser | null;
  className?: string;
}) {
  const interest = usePremiumInterest();
  const noteClass = "text-center text-xs text-pretty text-muted-foreground";

  if (user?.subscriptionTier === "premium") return null;
  if (user && premiumForSale) {
    return (
      <Button asChild className={cn("w-full", className)}>
        <Link href={routePaths.plans}>
          <Crown aria-hidden="true" />
          Upgrade
        </Link>
      </Button>
    );
  }
  if (user?.canSelectPremium) {
    return (
      <div className={cn("flex flex-col gap-2", className)}>
        <Button asChild className="w-full">
          <Link href={routePaths.plans}>
            <Crown aria-hidden="true" />
            Choose Premium
          </Link>
        </Button>
        <p className={noteClass}>{premiumAvailability.tester}</p>
      </div>
    );
  }
  if (!user) {
    return (
      <div className={cn("flex flex-col gap-2", className)}>
        <Button asChild variant="secondary" className="w-full">
          <Link href={routePaths.signup}>
            <BellRing aria-hidden="true" />
            Sign up to be notified
          </Link>
        </Button>
        <p className={noteClass}>{premiumAvailability.visitor}</p>
      </div>
    );
  }
  if (user.wantsPremiumNotice) {
    return (
      <p
        role="status"
        className={cn(
          "flex items-center justify-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm",
          className,
        )}
      >
        <Check className="size-4 shrink-0 text-primary" aria-hidden="true" />
        {premiumAvailability.notified}
      </p>
    );
  }
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Button
        variant="secondary"
        className="w-full"
        disabled={interest.isPending}
        onClick={() =>
          interest.mutate(undefined, {
            onSuccess: () =>
              toast({ title: "You're on the list", description: premiumAvailability.notified }),
            onError: (error) =>
              toast({
                variant: "destructive",
                title: "Could not save that",
                description: serverErrorMessage(error) ?? "Please try again.",
              }),
          })
        }
      >
        <BellRing aria-hidden="true" />
        Notify me
      </Button>
      <p className={noteClass}>{premiumAvailability.notForSale}</p>
    </div>
  );
}
