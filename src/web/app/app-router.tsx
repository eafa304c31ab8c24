import { lazy, Suspense } from "react";
import { Route, Switch, useRoute } from "wouter";
import { AuthEntryLinks } from "../features/auth/auth-entry-links";
import { routePaths } from "../lib/route-paths";
import { SiteLayout } from "./layouts/site-layout";
import { LandingRoute } from "./routes/landing-route";

// The landing page is the front door, so it ships in the entry chunk; every other page is
// fetched on first visit to keep the landing route's JavaScript small.
const LoginRoute = lazy(() => import("./routes/login-route").then((module) => ({ default: module.LoginRoute })));
const SignupRoute = lazy(() => import("./routes/signup-route").then((module) => ({ default: module.SignupRoute })));
const PrivacyRoute = lazy(() => import("./routes/privacy-route").then((module) => ({ default: module.PrivacyRoute })));
const TermsRoute = lazy(() => import("./routes/terms-route").then((module) => ({ default: module.TermsRoute })));
const NotFoundRoute = lazy(() =>
  import("./routes/not-found-route").then((module) => ({ default: module.NotFoundRoute })),
);

/** Holds the page's height while a lazy page's code is in flight, so the footer does not jump up. */
function PageLoading() {
  return (
    <div className="min-h-dvh" aria-busy="true">
      <span role="status" className="sr-only">
        Loading page…
      </span>
    </div>
  );
}

export function AppRouter() {
  const [isLoginPage] = useRoute(routePaths.login);
  const [isSignupPage] = useRoute(routePaths.signup);
  // The pages that are the way in do not need to offer it again.
  const headerActions = isLoginPage || isSignupPage ? null : <AuthEntryLinks />;

  return (
    // One layout around every public page: only the main content suspends while a page loads,
    // and the header, footer and focus target stay put across navigations.
    <SiteLayout headerActions={headerActions}>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          <Route path={routePaths.home} component={LandingRoute} />
          <Route path={routePaths.login} component={LoginRoute} />
          <Route path={routePaths.signup} component={SignupRoute} />
          <Route path={routePaths.privacy} component={PrivacyRoute} />
          <Route path={routePaths.terms} component={TermsRoute} />
          <Route component={NotFoundRoute} />
        </Switch>
      </Suspense>
    </SiteLayout>
  );
}
