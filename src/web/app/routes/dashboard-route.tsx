import { LogOutButton } from "../../features/auth/log-out-button";
import { RequireSignedIn } from "../../features/auth/require-signed-in";
import { DashboardPage } from "../../features/dashboard/dashboard-page";
import { ModeTabs } from "../../features/dashboard/mode-tabs";
import { SiteLayout } from "../layouts/site-layout";

/** /dashboard has its own header (mode tabs, logout); signed-out visitors go to /login. */
export function DashboardRoute() {
  return (
    <RequireSignedIn>
      {(user) => (
        // Categories and AI Audit (premium only) join the header when their pages exist.
        <SiteLayout headerNav={<ModeTabs className="w-full md:w-auto" />} headerActions={<LogOutButton />}>
          <title>Dashboard · Tidemark</title>
          <DashboardPage user={user} />
        </SiteLayout>
      )}
    </RequireSignedIn>
  );
}
