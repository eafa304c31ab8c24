import { lazy, Suspense } from "react";
import { Route, Switch, useRoute } from "wouter";
import { HeaderAccountActions } from "../features/auth/header-account-actions";
import { routePaths } from "../lib/route-paths";
import { SiteLayout } from "./layouts/site-layout";
import { HomeRoute } from "./routes/home-route";

// Home (the landing page for visitors) is the front door, so it ships in the entry chunk; every
// other page, and every signed-in screen, is fetched on first visit to keep the landing route small.
const LoginRoute = lazy(() =>
  import("./routes/login-route").then((module) => ({ default: module.LoginRoute })),
);
const SignupRoute = lazy(() =>
  import("./routes/signup-route").then((module) => ({ default: module.SignupRoute })),
);
const PlansRoute = lazy(() =>
  import("./routes/plans-route").then((module) => ({ default: module.PlansRoute })),
);
const ModeSelectionRoute = lazy(() =>
  import("./routes/mode-selection-route").then((module) => ({
    default: module.ModeSelectionRoute,
  })),
);
const DashboardRoute = lazy(() =>
  import("./routes/dashboard-route").then((module) => ({ default: module.DashboardRoute })),
);
const CategoriesRoute = lazy(() =>
  import("./routes/categories-route").then((module) => ({ default: module.CategoriesRoute })),
);
const AuditRoute = lazy(() =>
  import("./routes/audit-route").then((module) => ({ default: module.AuditRoute })),
);
const PrivacyRoute = lazy(() =>
  import("./routes/privacy-route").then((module) => ({ default: module.PrivacyRoute })),
);
const TermsRoute = lazy(() =>
  import("./routes/terms-route").then((module) => ({ default: module.TermsRoute })),
);
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

/** Every page except the dashboard, which brings its own header. */
function PublicSite() {
  const [isLoginPage] = useRoute(routePaths.login);
  const [isSignupPage] = useRoute(routePaths.signup);
  // The pages that are the way in do not need to offer it again.
  const headerActions = isLoginPage || isSignupPage ? null : <HeaderAccountActions />;

  return (
    // One layout around these pages: only the main content suspends while a page loads, and the
    // header, footer and focus target stay put across navigations.
    <SiteLayout headerActions={headerActions}>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          <Route path={routePaths.home} component={HomeRoute} />
          <Route path={routePaths.login} component={LoginRoute} />
          <Route path={routePaths.signup} component={SignupRoute} />
          <Route path={routePaths.plans} component={PlansRoute} />
          <Route path={routePaths.modeSelection} component={ModeSelectionRoute} />
          <Route path={routePaths.categories} component={CategoriesRoute} />
          <Route path={routePaths.audit} component={AuditRoute} />
          <Route path={routePaths.privacy} component={PrivacyRoute} />
          <Route path={routePaths.terms} component={TermsRoute} />
          <Route component={NotFoundRoute} />
        </Switch>
      </Suspense>
    </SiteLayout>
  );
}

export function AppRouter() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        <Route path={routePaths.dashboard} component={DashboardRoute} />
        <Route component={PublicSite} />
      </Switch>
    </Suspense>
  );
}
