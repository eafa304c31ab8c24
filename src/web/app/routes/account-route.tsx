import { RequireSignedIn } from "../../features/auth/require-signed-in";
import { AccountPage } from "../../features/account/account-page";

export function AccountRoute() {
  return (
    <>
      <title>Account · Tidemark</title>
      <RequireSignedIn>{(user) => <AccountPage user={user} />}</RequireSignedIn>
    </>
  );
}

export default AccountRoute;
