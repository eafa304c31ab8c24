import { ContinueSignInPage } from "../../features/auth/continue-sign-in-page";

/** The page sets its own document title: signing in, or creating the account a link opens. */
export function ContinueSignInRoute() {
  return <ContinueSignInPage />;
}

export default ContinueSignInRoute;
