import type { ComponentType } from "react";
import { routePaths } from "../lib/route-paths";
import { lazyPage, type LazyPage } from "./lazy-page";

/** Each page's module, by file: its default export is the page. One chunk per module. */
const routeModules = import.meta.glob<ComponentType>("./routes/*-route.tsx", {
  import: "default",
});

/**
 * Every page of the web app, in one table: the router draws from it, the build pre-renders from
 * it and the server learns from it which addresses are pages. A new page is one entry here (its
 * path in lib/route-paths.ts, its component as the default export of routes/<name>-route.tsx).
 * Each page's code is a chunk of its own, fetched on first visit, so no page makes another's
 * visitors wait for code they do not use.
 */
export interface PageRoute extends LazyPage {
  /** An exact path (no parameters). */
  path: string;
  /** The module under routes/, without its extension ("login-route"). */
  module: string;
  /**
   * "site": drawn inside the shared site frame (header with the way in, footer). "app": a
   * signed-in screen that draws its own frame (the dashboard's header, for one).
   */
  frame: "site" | "app";
  /**
   * Pre-rendered to HTML at build time as a signed-out visitor sees it, and hydrated in the
   * browser. Only for pages a signed-out visitor can see; signed-in visitors get the app shell.
   */
  prerender: boolean;
  /**
   * For a pre-rendered page with few interactive parts: the script (a file under src/web, also an
   * input of the build in vite.config.ts) that its HTML loads instead of the app, which makes those
   * parts work on the drawn page rather than hydrating it. Reached inside the app (a link from
   * another page), the page is drawn by React as any other.
   */
  script?: string;
}

function routeModule(module: string): LazyPage {
  const load = routeModules[`./routes/${module}.tsx`];
  if (!load) throw new Error(`No page module src/web/app/routes/${module}.tsx`);
  return lazyPage(load);
}

function page(
  path: string,
  module: string,
  { frame, prerender, script }: Pick<PageRoute, "frame" | "prerender" | "script">,
): PageRoute {
  return { path, module, frame, prerender, ...(script ? { script } : {}), ...routeModule(module) };
}

const publicPage = { frame: "site", prerender: true } as const;
const signedInPage = { frame: "site", prerender: false } as const;
const signedInScreen = { frame: "app", prerender: false } as const;

export const pageRoutes: readonly PageRoute[] = [
  // Mostly text: its theme toggle, "View Pricing" and the demo's days work by a script of their
  // own, so a visitor's first page loads no app code (decision 0070).
  page(routePaths.home, "home-route", {
    ...publicPage,
    script: "features/home/landing-page-script.ts",
  }),
  page(routePaths.login, "login-route", publicPage),
  page(routePaths.continueSignIn, "continue-sign-in-route", publicPage),
  page(routePaths.signup, "signup-route", publicPage),
  page(routePaths.plans, "plans-route", publicPage),
  page(routePaths.pricing, "pricing-route", publicPage),
  page(routePaths.privacy, "privacy-route", publicPage),
  page(routePaths.terms, "terms-route", publicPage),
  page(routePaths.apiDocs, "api-docs-route", publicPage),
  page(routePaths.modeSelection, "mode-selection-route", signedInPage),
  page(routePaths.categories, "categories-route", signedInPage),
  page(routePaths.allAnnotations, "all-annotations-route", signedInPage),
  page(routePaths.annotationImport, "annotation-import-route", signedInPage),
  page(routePaths.audit, "audit-route", signedInPage),
  page(routePaths.account, "account-route", signedInPage),
  // Public: a signed-out person arriving from an AI app signs in from the page itself.
  page(routePaths.oauthConsent, "oauth-consent-route", publicPage),
  page(routePaths.dashboard, "dashboard-route", signedInScreen),
];

/** What any other address draws. */
export const notFoundRoute = { module: "not-found-route", ...routeModule("not-found-route") };

/** The page that draws `pathname`: its route, or the 404 page. */
export function pageFor(pathname: string): LazyPage {
  return pageRoutes.find((route) => route.path === pathname) ?? notFoundRoute;
}
