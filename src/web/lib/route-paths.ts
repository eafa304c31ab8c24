import { mcpOAuthPaths } from "../../shared/oauth";
import { continueSignInPath, loggedOutParameter } from "../../shared/sign-in-link";

export { loggedOutParameter };

/**
 * The client routes that exist in this build. Server navigations (full page loads handled by the API) live in `serverNavigations`.
 */
export const routePaths = {
  home: "/",
  login: "/login",
  /** Where an emailed sign-in link lands; signing in waits for Continue there. */
  continueSignIn: continueSignInPath,
  signup: "/signup",
  plans: "/plans",
  /** The landing page's pricing section on its own. */
  pricing: "/pricing",
  modeSelection: "/mode-selection",
  dashboard: "/dashboard",
  categories: "/categories",
  /** Every saved property's annotations in one table. */
  allAnnotations: "/annotations",
  /** A CSV file of annotations: mapped, previewed and imported. */
  annotationImport: "/annotations/import",
  audit: "/audit",
  account: "/account",
  /** Where an AI app's authorization request asks the signed-in person to allow it. */
  oauthConsent: mcpOAuthPaths.consentPage,
  /** Connecting an AI assistant (MCP) and the REST API's reference. */
  apiDocs: "/docs/api",
  privacy: "/privacy",
  terms: "/terms",
} as const;

/** Addresses the browser must load as a whole page, because the server answers with a redirect. */
export const serverNavigations = {
  /** Starts "Continue with Google"; the server redirects to Google's sign-in page. */
  googleSignIn: "/api/login",
  /** Ends the session and lands on the landing page, which says so (see `loggedOutParameter`). */
  logout: "/api/logout",
} as const;

export type DashboardMode = "agent" | "property";

/** /dashboard?mode=agent or /dashboard?mode=property. */
export function dashboardPath(mode: DashboardMode): string {
  return `${routePaths.dashboard}?mode=${mode}`;
}
