import { Suspense } from "react";
import { Route, Switch, useRoute } from "wouter";
import { HeaderAccountActions } from "../features/auth/header-account-actions";
import { preloadable } from "../lib/preloadable";
import { routePaths } from "../lib/route-paths";
import { SiteLayout } from "./layouts/site-layout";
import { notFoundRoute, pageRoutes } from "./page-routes";

/** Holds the page's height while a page's code is in flight, so the footer stays below the fold. */
function PageLoading() {
  return (
    <div className="min-h-dvh" aria-busy="true">
      <span role="status" className="sr-only">
        Loading page…
      </span>
    </div>
  );
}

// The signed-in header's controls (the Google connection and its dialog among them) are a chunk
// of their own: a visitor's pages, the landing page first, never download them.
const SignedInHeaderActions = preloadable(
  () => import("./layouts/signed-in-header-actions").then((module) => module.SignedInHeaderActions),
  null,
);

/**
 * Starts fetching the signed-in header's code, for a page drawn for a signed-in person: it is
 * here before that page is hydrated, so the header matches the server's HTML at once.
 */
export const preloadSignedInHeader = SignedInHeaderActions.preload;

const sitePages = pageRoutes.filter((route) => route.frame === "site");
const appPages = pageRoutes.filter((route) => route.frame === "app");

/** Every page drawn inside the shared site frame. */
function SiteFrame() {
  const [isLoginPage] = useRoute(routePaths.login);
  const [isSignupPage] = useRoute(routePaths.signup);
  const [isContinueSignInPage] = useRoute(routePaths.continueSignIn);
  // The pages that are the way in do not need to offer it again.
  const headerActions =
    isLoginPage || isSignupPage || isContinueSignInPage ? null : (
      <HeaderAccountActions signedIn={<SignedInHeaderActions.Component />} />
    );

  return (
    // One layout around these pages: only the main content suspends while a page loads, and the
    // header, footer and focus target stay put across navigations.
    <SiteLayout headerActions={headerActions}>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          {sitePages.map((route) => (
            <Route key={route.path} path={route.path} component={route.Page} />
          ))}
          <Route component={notFoundRoute.Page} />
        </Switch>
      </Suspense>
    </SiteLayout>
  );
}

export function AppRouter() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        {appPages.map((route) => (
          <Route key={route.path} path={route.path} component={route.Page} />
        ))}
        <Route component={SiteFrame} />
      </Switch>
    </Suspense>
  );
}
