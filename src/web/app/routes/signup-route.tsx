import { SignInComingSoon } from "../../features/auth/sign-in-coming-soon";

export function SignupRoute() {
  return (
    <>
      <title>Create your account · Tidemark</title>
      <SignInComingSoon intent="signup" />
    </>
  );
}
