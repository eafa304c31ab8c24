import { analyticsadmin } from "@googleapis/analyticsadmin";
import { analyticsdata } from "@googleapis/analyticsdata";
import { OAuth2Client, type Credentials } from "google-auth-library";
import { sandboxTestClient } from "../sandbox-options.js";

/**
 * Google's own client libraries pointed at a sandbox, configured the way the app configures them for
 * production (only the base URLs differ). For conformance tests and for the app's own test kit.
 */

export function sandboxOAuthClient(
  sandboxUrl: string,
  options: {
    clientId?: string;
    clientSecret?: string;
    redirectUri?: string;
    credentials?: Credentials;
  } = {},
): OAuth2Client {
  const client = new OAuth2Client({
    clientId: options.clientId ?? sandboxTestClient.clientId,
    clientSecret: options.clientSecret ?? sandboxTestClient.clientSecret,
    redirectUri: options.redirectUri ?? "http://localhost:3000/api/google/callback",
    endpoints: {
      oauth2AuthBaseUrl: `${sandboxUrl}/o/oauth2/v2/auth`,
      oauth2TokenUrl: `${sandboxUrl}/token`,
      oauth2RevokeUrl: `${sandboxUrl}/revoke`,
      tokenInfoUrl: `${sandboxUrl}/tokeninfo`,
      oauth2FederatedSignonPemCertsUrl: `${sandboxUrl}/oauth2/v1/certs`,
      oauth2FederatedSignonJwkCertsUrl: `${sandboxUrl}/oauth2/v3/certs`,
    },
    issuers: [sandboxUrl],
  });
  if (options.credentials) client.setCredentials(options.credentials);
  return client;
}

/** Admin API v1alpha (annotations, account summaries); `auth` omitted = no Authorization header. */
export function sandboxAdminClient(sandboxUrl: string, auth?: OAuth2Client) {
  return analyticsadmin({
    version: "v1alpha",
    rootUrl: `${sandboxUrl}/`,
    ...(auth ? { auth } : {}),
  });
}

export function sandboxAdminBetaClient(sandboxUrl: string, auth?: OAuth2Client) {
  return analyticsadmin({
    version: "v1beta",
    rootUrl: `${sandboxUrl}/`,
    ...(auth ? { auth } : {}),
  });
}

export function sandboxDataClient(sandboxUrl: string, auth?: OAuth2Client) {
  return analyticsdata({ version: "v1beta", rootUrl: `${sandboxUrl}/`, ...(auth ? { auth } : {}) });
}

/** An OAuth2Client holding just an access token (with a far expiry, so it never refreshes on its own). */
export function bearer(sandboxUrl: string, accessToken: string): OAuth2Client {
  return sandboxOAuthClient(sandboxUrl, {
    credentials: { access_token: accessToken, expiry_date: Date.now() + 3_600_000 },
  });
}

export interface GoogleErrorSummary {
  status: number;
  body: {
    error: {
      code: number;
      message: string;
      status: string;
      details?: Array<Record<string, unknown>>;
      errors?: unknown[];
    };
  };
}

/** Awaits a client call that must fail and returns the HTTP status and the Google error body. */
export async function googleErrorOf(call: Promise<unknown>): Promise<GoogleErrorSummary> {
  try {
    await call;
  } catch (error) {
    const failure = error as { status?: number; response?: { status: number; data: unknown } };
    const status = failure.response?.status ?? failure.status;
    if (status === undefined) throw error;
    return { status, body: failure.response?.data as GoogleErrorSummary["body"] };
  }
  throw new Error("expected the call to fail");
}
