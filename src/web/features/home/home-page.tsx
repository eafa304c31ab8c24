import { lazy, Suspense } from "react";
import { useCurrentUser } from "../../session/current-user";
import { LandingPage } from "../landing/landing-page";
import { SettingUpAccount } from "./setting-up-account";

// Signed-in screens are fetched only for signed-in people, keeping the landing page's bundle small.
const SignedInHome = lazy(() =>
  import("./signed-in-home").then((module) => ({ default: module.SignedInHome })),
);

/** "/": the landing page for visitors; for signed-in people, plans or mode selection. */
export function HomePage() {
  const { user, isLoading } = useCurrentUser();

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
