import type { ReactNode } from "react";
import { Redirect } from "wouter";
import type { CurrentUser } from "../../../shared/contracts/auth";
import { LoadingScreen } from "../../components/loading-screen";
import { routePaths } from "../../lib/route-paths";
import { useCurrentUser } from "../../session/current-user";

/**
 * Renders its children for a signed-in person and sends everyone else to /login.
 * With `requireTier`, someone who has not chosen a plan yet is sent to /plans first.
 */
export function RequireSignedIn({
  requireTier = false,
  children,
}: {
  requireTier?: boolean;
  children: (user: CurrentUser) => ReactNode;
}) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <LoadingScreen label="Loading your account..." />;
  if (!user) return <Redirect to={routePaths.login} replace />;
  if (requireTier && user.subscriptionTier === null)
    return <Redirect to={routePaths.plans} replace />;
  return children(user);
}
