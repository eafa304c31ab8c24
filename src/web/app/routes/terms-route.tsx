import { TermsOfService } from "../../features/legal/terms-of-service";

export function TermsRoute() {
  return (
    <>
      <title>Terms of Service · Tidemark</title>
      <TermsOfService />
    </>
  );
}

export default TermsRoute;
