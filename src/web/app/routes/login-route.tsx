import { SignInPage } from "../../features/auth/sign-in-page";

export function LoginRoute() {
  return (
    <>
      <title>Log in · Tidemark</title>
      <SignInPage intent="login" />
    </>
  );
}

export default LoginRoute;
