import { ConsentPage } from "../../features/oauth/consent-page";

export function OAuthConsentRoute() {
  return (
    <>
      <title>Connect an app · Tidemark</title>
      <ConsentPage />
    </>
  );
}

export default OAuthConsentRoute;
