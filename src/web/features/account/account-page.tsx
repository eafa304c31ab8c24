import type { CurrentUser } from "../../../shared/contracts/auth";
import { BackLink } from "../../components/back-link";
import { PageHeading } from "../../components/page-heading";
import { routePaths } from "../../lib/route-paths";
import { AppApprovalsNotice } from "../../session/app-approvals-notice";
import { ApiTokensCard } from "./api-tokens-card";
import { ConnectedAppsCard } from "./connected-apps-card";
import { DeleteAccountCard } from "./delete-account-card";
import { ExportDataCard } from "./export-data-card";
import { GoogleConnectionCard } from "./google-connection-card";
import { PlanCard } from "./plan-card";
import { ProfileCard } from "./profile-card";

/**
 * /account: who is signed in, their plan and Google connection, a copy of their data and the
 * way to delete the account. After a deletion the person lands on the landing page, signed out.
 */
export function AccountPage({ user }: { user: CurrentUser }) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
      <BackLink href={routePaths.dashboard}>Back to Dashboard</BackLink>
      <PageHeading title="Account">
        Your sign-in, your plan and the data Tidemark keeps for you.
      </PageHeading>
      <AppApprovalsNotice />
      <ProfileCard user={user} />
      <PlanCard user={user} />
      <GoogleConnectionCard />
      <ConnectedAppsCard />
      <ApiTokensCard />
      <ExportDataCard />
      <DeleteAccountCard email={user.email} />
    </div>
  );
}
