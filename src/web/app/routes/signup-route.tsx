import { SignInPage } from "../../features/auth/sign-in-page";

export function SignupRoute() {
  return (
    <>
      <title>Create your account · Tidemark</title>
      <SignInPage intent="signup" />
    </>
  );
}

export default SignupRoute;
