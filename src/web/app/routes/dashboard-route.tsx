import type { CurrentUser } from "../../../shared/contracts/auth";
import { AccountLink } from "../../components/account-link";
import { AllAnnotationsLink } from "../../components/all-annotations-link";
import { LogOutButton } from "../../session/log-out-button";
import { RequireSignedIn } from "../../features/auth/require-signed-in";
import { DashboardPage } from "../../features/dashboard/dashboard-page";
import { DashboardTitle } from "../../features/dashboard/dashboard-title";
import { ModeTabs } from "../../features/dashboard/mode-tabs";
import { PremiumHeaderLinks } from "../../features/dashboard/premium-header-links";
import { GoogleConnectControl } from "../../features/google-connection/google-connect-control";
import { useOauthResult } from "../../features/google-connection/use-oauth-result";
import { PropertyPicker } from "../../features/properties/property-picker";
import { SelectedPropertyProvider } from "../../session/selected-property";
import { SiteLayout } from "../layouts/site-layout";

function Dashboard({ user }: { user: CurrentUser }) {
  useOauthResult();
  return (
    <SiteLayout
      headerNav={
        <div className="flex w-full flex-wrap items-center justify-center gap-2 2xl:w-auto 2xl:flex-nowrap">
          <ModeTabs className="w-full sm:w-auto" />
          <PropertyPicker user={user} />
          <PremiumHeaderLinks user={user} />
        </div>
      }
      headerActions={
        <>
          <GoogleConnectControl />
          <AllAnnotationsLink />
          <AccountLink />
          <LogOutButton />
        </>
      }
    >
      <DashboardTitle />
      <DashboardPage user={user} />
    </SiteLayout>
  );
}

/**
 * /dashboard has its own header (mode tabs, property picker, Categories and AI Audit for Premium,
 * Google connection, All annotations, account, logout); signed-out visitors go to /login.
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
