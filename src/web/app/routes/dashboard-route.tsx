import { lazy, Suspense } from "react";
import { useSearch } from "wouter";
import type { CurrentUser } from "../../../shared/contracts/auth";
import { capabilitiesOf } from "../../../shared/plans";
import { RequireSignedIn } from "../../features/auth/require-signed-in";
import { DashboardPage } from "../../features/dashboard/dashboard-page";
import { DashboardTitle } from "../../features/dashboard/dashboard-title";
import { ModeTabs } from "../../features/dashboard/mode-tabs";
import { PropertyPicker } from "../../features/properties/property-picker";
import { preloadable } from "../../lib/preloadable";
import { SelectedPropertyProvider } from "../../session/selected-property";
import { SignedInHeaderActions } from "../layouts/signed-in-header-actions";
import { SiteLayout } from "../layouts/site-layout";

// Categories and the AI Audit are Premium's: the free plan's first screen does not carry their
// code. A page drawn for a Premium person waits for it before taking the links over.
const PremiumHeaderLinks = preloadable(
  () =>
    import("../../features/dashboard/premium-header-links").then(
      (module) => module.PremiumHeaderLinks,
    ),
  null,
);

// Coming back from Google's consent (?oauth=…) is one visit in many: what it does (the toast, the
// picker opened, the address tidied) loads only then, not with every first screen.
const OauthResult = lazy(() =>
  import("../../features/google-connection/use-oauth-result").then((module) => ({
    default: function OauthResult() {
      module.useOauthResult();
      return null;
    },
  })),
);

function Dashboard({ user }: { user: CurrentUser }) {
  const returnedFromGoogle = new URLSearchParams(useSearch()).has("oauth");
  return (
    <SiteLayout
      headerNav={
        <div className="flex w-full flex-wrap items-center justify-center gap-2 2xl:w-auto 2xl:flex-nowrap">
          <ModeTabs className="w-full sm:w-auto" />
          <PropertyPicker user={user} />
          {capabilitiesOf(user.subscriptionTier).canUseCategories ? (
            // Its own boundary: while its code arrives only the links wait, not the page.
            <Suspense fallback={null}>
              <PremiumHeaderLinks.Component user={user} />
            </Suspense>
          ) : null}
        </div>
      }
      headerActions={<SignedInHeaderActions />}
    >
      {returnedFromGoogle ? (
        <Suspense fallback={null}>
          <OauthResult />
        </Suspense>
      ) : null}
      <DashboardTitle />
      <DashboardPage user={user} />
    </SiteLayout>
  );
}

/**
 * /dashboard adds its own nav to the header (mode tabs, property picker, Categories and AI Audit
 * for Premium) beside the signed-in actions every page has; signed-out visitors go to /login.
 */
export function DashboardRoute() {
  return (
    <RequireSignedIn>
      {(user) => (
        <SelectedPropertyProvider ownerId={user.id}>
          <Dashboard user={user} />
        </SelectedPropertyProvider>
      )}
    </RequireSignedIn>
  );
}

export default DashboardRoute;
