import { AccountLink } from "../../components/account-link";
import { AllAnnotationsLink } from "../../components/all-annotations-link";
import { GoogleConnectControl } from "../../features/google-connection/google-connect-control";
import { LogOutButton } from "../../session/log-out-button";

/**
 * The header's right-hand side on every page a signed-in person sees, the dashboard included:
 * the Google Analytics connection ("GA4 Connected", or the way to connect), All annotations,
 * Account and Log out, beside the theme toggle the header always has. One component, so no page
 * drops one of them.
 */
export function SignedInHeaderActions() {
  return (
    <>
      <GoogleConnectControl />
      <AllAnnotationsLink />
      <AccountLink />
      <LogOutButton />
    </>
  );
}
