import { lazy, Suspense, useEffect } from "react";
import { useLocation, useSearch } from "wouter";
import { toast } from "../../components/ui/use-toast";
import { loggedOutParameter, routePaths } from "../../lib/route-paths";
import { useCurrentUser } from "../../session/current-user";
import { LandingPage } from "../landing/landing-page";
import { SettingUpAccount } from "./setting-up-account";

// Signed-in screens are fetched only for signed-in people, keeping the landing page's bundle small.
const SignedInHome = lazy(() =>
  import("./signed-in-home").then((module) => ({ default: module.SignedInHome })),
);

/**
 * Logging out lands on /?logged-out=1: the landing page says so once, and the address loses the
 * parameter, so a reload or a bookmark does not say it again.
 */
function useLoggedOutNotice(): void {
  const search = useSearch();
  const [, navigate] = useLocation();
  const loggedOut = new URLSearchParams(search).has(loggedOutParameter);
  useEffect(() => {
    if (!loggedOut) return;
    toast({
      title: "You're logged out",
      description: "Tidemark is closed in this browser. Log in again whenever you like.",
    });
    navigate(routePaths.home, { replace: true });
  }, [loggedOut, navigate]);
}

/** "/": the landing page for visitors; for signed-in people, plans or mode selection. */
export function HomePage() {
  const { user, isLoading } = useCurrentUser();
  useLoggedOutNotice();

  if (isLoading) return <SettingUpAccount />;
  if (!user) {
    return (
      <>
        <title>Tidemark: annotate Google Analytics 4 by chat or by table</title>
        <LandingPage />
      </>
    );
  }
  return (
    <Suspense fallback={<SettingUpAccount />}>
      <SignedInHome user={user} />
    </Suspense>
  );
}
