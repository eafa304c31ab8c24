import { ContinueSignInPage } from "../../features/auth/continue-sign-in-page";

export function ContinueSignInRoute() {
  return (
    <>
      <title>Sign in · Tidemark</title>
      <ContinueSignInPage />
    </>
  );
}

export default ContinueSignInRoute;
