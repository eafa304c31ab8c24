import { SignInComingSoon } from "../../features/auth/sign-in-coming-soon";

export function LoginRoute() {
  return (
    <>
      <title>Log in · Tidemark</title>
      <SignInComingSoon intent="login" />
    </>
  );
}
