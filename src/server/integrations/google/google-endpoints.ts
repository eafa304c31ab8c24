/**
 * Where "Google" is. Production talks to Google's real hosts; sandbox mode talks to the built-in
 * sandbox, which serves the same paths on one local origin. Nothing else in the server knows
 * which of the two it is talking to.
 */
export interface GoogleEndpoints {
  mode: "google" | "sandbox";
  clientId: string;
  clientSecret: string;
  /** OpenID Connect issuer; its discovery document lists the OAuth endpoints. */
  issuer: string;
  discoveryUrl: string;
  authorizationUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  userinfoUrl: string;
  tokeninfoUrl: string;
  jwksUrl: string;
  /** Root URL of the Analytics Admin API (with a trailing slash). */
  adminApiRoot: string;
  /** rootUrl for the Analytics Data API client. */
  dataApiRoot: string;
}

export function realGoogleEndpoints(client: {
  clientId: string;
  clientSecret: string;
}): GoogleEndpoints {
  return {
    mode: "google",
    ...client,
    issuer: "https://accounts.google.com",
    discoveryUrl: "https://accounts.google.com/.well-known/openid-configuration",
    authorizationUrl: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: "https://oauth2.googleapis.com/token",
    revokeUrl: "https://oauth2.googleapis.com/revoke",
    userinfoUrl: "https://openidconnect.googleapis.com/v1/userinfo",
    tokeninfoUrl: "https://oauth2.googleapis.com/tokeninfo",
    jwksUrl: "https://www.googleapis.com/oauth2/v3/certs",
    adminApiRoot: "https://analyticsadmin.googleapis.com/",
    dataApiRoot: "https://analyticsdata.googleapis.com/",
  };
}

export function sandboxGoogleEndpoints(
  sandboxUrl: string,
  client: { clientId: string; clientSecret: string },
): GoogleEndpoints {
  const base = sandboxUrl.replace(/\/+$/, "");
  return {
    mode: "sandbox",
    ...client,
    issuer: base,
    discoveryUrl: `${base}/.well-known/openid-configuration`,
    authorizationUrl: `${base}/o/oauth2/v2/auth`,
    tokenUrl: `${base}/token`,
    revokeUrl: `${base}/revoke`,
    userinfoUrl: `${base}/v1/userinfo`,
    tokeninfoUrl: `${base}/tokeninfo`,
    jwksUrl: `${base}/oauth2/v3/certs`,
    adminApiRoot: `${base}/`,
    dataApiRoot: `${base}/`,
  };
}
