import type { FaultRuleInput } from "./faults/fault-rules.js";

/** The subset of a pino-style logger the sandbox uses. */
export interface SandboxLogger {
  info(objOrMsg: unknown, msg?: string): void;
  warn?(objOrMsg: unknown, msg?: string): void;
  error?(objOrMsg: unknown, msg?: string): void;
}

export interface SandboxClientOptions {
  clientId: string;
  clientSecret: string;
  /** Exact redirect URIs, compared as strings like Google does. */
  redirectUris: string[];
  /** Shown on the sign-in and consent pages; defaults to the client id. */
  displayName?: string;
}

export interface SandboxOptions {
  /** 0 picks a free port. */
  port: number;
  /**
   * Interface to listen on. By default the sandbox listens on both loopback addresses (127.0.0.1 and ::1)
   * so that `http://localhost:<port>`, its issuer, works whichever one `localhost` resolves to.
   */
  host?: string;
  /** State persists to `<dataDir>/sandbox/state.json`; in memory when absent. */
  dataDir?: string;
  /** The app's own OAuth client(s). The documented test client is always registered as well. */
  clients: SandboxClientOptions[];
  /** Access-token lifetime; 3600 s by default. */
  accessTokenLifetimeSeconds?: number;
  /** Serve the `/__sandbox/control/*` endpoint (faults, counters, clock, token controls). Off by default. */
  faultControl?: boolean;
  /** Faults active from the start (same shape as the control endpoint's `POST /__sandbox/control/faults`). */
  faults?: FaultRuleInput[];
  /**
   * The addresses whose accounts are seeded to try everything (several editable properties in
   * different time zones, beside the read-only one); `defaultSandboxTesterEmails` when absent.
   */
  testerEmails?: readonly string[];
  logger?: SandboxLogger;
}

/** The testers a sandbox-mode Tidemark lets try Premium and the AI audit (README). */
export const defaultSandboxTesterEmails = [
  "tester1@example.com",
  "tester2@example.com",
  "auditor@example.com",
] as const;

/** Registered on every sandbox, for outside tools and tests: any redirect URI on http://localhost:* or http://127.0.0.1:*. */
export const sandboxTestClient = {
  clientId: "tidemark-sandbox-test",
  clientSecret: "tidemark-sandbox-secret",
  displayName: "Tidemark sandbox test client",
} as const;

/**
 * Tidemark's own OAuth client on a sandbox. Only sandboxes know it: the embedded one that
 * `npm start` runs, and a shared one from `npm run sandbox` that several instances use.
 */
export const sandboxAppClient = {
  clientId: "tidemark-app",
  clientSecret: "tidemark-app-sandbox-secret",
} as const;

/** The app's client as a sandbox registers it: Google's exact redirect URIs for each app address. */
export function sandboxAppClientFor(appUrls: readonly string[]): SandboxClientOptions {
  return {
    ...sandboxAppClient,
    displayName: "Tidemark",
    redirectUris: appUrls.flatMap((appUrl) => [
      `${appUrl}/api/auth/callback/google`,
      `${appUrl}/api/google/callback`,
    ]),
  };
}

export const defaultAccessTokenLifetimeSeconds = 3600;
/** Authorization codes are single use and live this long. */
export const authorizationCodeLifetimeSeconds = 300;
/** A sign-in page left open longer than this has to be started again from the app. */
export const interactionLifetimeSeconds = 1800;
/** Largest request body accepted, in bytes; anything bigger gets a Google-shaped 400. */
export const requestBodyLimitBytes = 1_048_576;
