import { dataRetention } from "./data-retention.js";

const day = 24 * 60 * 60;

/**
 * Every cookie Tidemark sets: its name, what it holds and how long it lives. The server and the
 * web app set them from here and the privacy policy states them from here, so the policy cannot
 * drift from what the browser receives.
 */
export const cookieFacts = {
  /** Keeps a person signed in; its lifetime is the session's. */
  session: {
    name: "tidemark.session_token",
    /** In production: Secure, Path=/, no Domain, so no sibling subdomain can set or shadow it. */
    productionName: "__Host-tidemark.session_token",
    maxAgeSeconds: dataRetention.sessionLifetimeDays * day,
  },
  /** Ties Google's answer to the Google sign-in this browser started (Better Auth's own, signed). */
  googleSignIn: { name: "tidemark.state", maxAgeSeconds: 5 * 60 },
  /** Ties Google's answer to the Google Analytics connection this browser started. */
  googleConnection: { name: "tidemark.google_oauth", maxAgeSeconds: 10 * 60 },
  /** The person's id and the GA4 property they last selected, so a page opens on it. */
  selectedProperty: { name: "tidemark_property", maxAgeSeconds: 400 * day },
} as const;

/** The prefix Better Auth puts before the names of its cookies. */
export const authCookiePrefix = "tidemark";
