import { LandingPage } from "../../features/landing/landing-page";

export function LandingRoute() {
  return (
    <>
      <title>Tidemark: annotate Google Analytics 4 by chat or by table</title>
      <LandingPage />
    </>
  );
}
