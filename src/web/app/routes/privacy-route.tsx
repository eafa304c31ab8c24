import { PrivacyPolicy } from "../../features/legal/privacy-policy";

export function PrivacyRoute() {
  return (
    <>
      <title>Privacy Policy · Tidemark</title>
      <PrivacyPolicy />
    </>
  );
}

export default PrivacyRoute;
