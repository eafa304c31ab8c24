/** A method of a Google API as it appears in error details. */
export interface ApiMethod {
  /** Sandbox counter id, e.g. `analyticsadmin.properties.reportingDataAnnotations.create`. */
  id: string;
  service: string;
  /** Fully qualified RPC name, e.g. `google.analytics.admin.v1alpha.AnalyticsAdminService.CreateReportingDataAnnotation`. */
  rpc: string;
}

type ErrorDetail = { "@type": string } & Record<string, unknown>;
type LegacyError = Record<string, string>;

const credentialsHelp =
  "Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.";
const errorInfoType = "type.googleapis.com/google.rpc.ErrorInfo";

/** An error in Google's JSON shape: `{ error: { code, message, errors?, status, details? } }`. */
export class GoogleApiError extends Error {
  constructor(
    readonly code: number,
    readonly status: string,
    message: string,
    readonly details?: ErrorDetail[],
    readonly legacyErrors?: LegacyError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  toBody(): { error: Record<string, unknown> } {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.legacyErrors ? { errors: this.legacyErrors } : {}),
        status: this.status,
        ...(this.details ? { details: this.details } : {}),
      },
    };
  }
}

/** 400 INVALID_ARGUMENT naming the offending field (snake_case proto path) in the message and in a BadRequest detail. */
export function invalidArgument(
  field: string,
  description: string,
  message = description,
): GoogleApiError {
  return new GoogleApiError(400, "INVALID_ARGUMENT", message, [
    {
      "@type": "type.googleapis.com/google.rpc.BadRequest",
      fieldViolations: [{ field, description }],
    },
  ]);
}

/** 400 the way Google's JSON transcoder words a value of the wrong type. */
export function invalidValue(field: string, protoType: string, value: unknown): GoogleApiError {
  const shown = JSON.stringify(value) ?? String(value);
  const message = `Invalid value at '${field}' (${protoType}), ${shown}`;
  return invalidArgument(field, message, message);
}

/** 400 for a body that is not acceptable JSON at all. */
export function invalidJsonPayload(detail: string, field?: string): GoogleApiError {
  const message = `Invalid JSON payload received. ${detail}`;
  return field
    ? invalidArgument(field, message, message)
    : new GoogleApiError(400, "INVALID_ARGUMENT", message);
}

export function notFound(message = "Requested entity was not found."): GoogleApiError {
  return new GoogleApiError(404, "NOT_FOUND", message);
}

export function permissionDenied(message = "The caller does not have permission"): GoogleApiError {
  return new GoogleApiError(403, "PERMISSION_DENIED", message);
}

export function unauthenticated(
  kind: "missing" | "invalid" | "expired",
  method: ApiMethod,
): GoogleApiError {
  const missing = kind === "missing";
  const message = missing
    ? `Request is missing required authentication credential. ${credentialsHelp}`
    : `Request had invalid authentication credentials. ${credentialsHelp}`;
  const reason = missing
    ? "CREDENTIALS_MISSING"
    : kind === "expired"
      ? "ACCESS_TOKEN_EXPIRED"
      : "ACCESS_TOKEN_TYPE_UNSUPPORTED";
  const legacy = missing
    ? {
        message: "Login Required.",
        domain: "global",
        reason: "required",
        location: "Authorization",
        locationType: "header",
      }
    : {
        message: "Invalid Credentials",
        domain: "global",
        reason: "authError",
        location: "Authorization",
        locationType: "header",
      };
  const challenge = missing
    ? 'Bearer realm="https://accounts.google.com/"'
    : 'Bearer realm="https://accounts.google.com/", error="invalid_token"';
  return new GoogleApiError(
    401,
    "UNAUTHENTICATED",
    message,
    [
      {
        "@type": errorInfoType,
        reason,
        domain: "googleapis.com",
        metadata: { service: method.service, method: method.rpc },
      },
    ],
    [legacy],
    { "www-authenticate": challenge },
  );
}

export function scopeInsufficient(
  method: ApiMethod,
  acceptedScopes: readonly string[],
): GoogleApiError {
  return new GoogleApiError(
    403,
    "PERMISSION_DENIED",
    "Request had insufficient authentication scopes.",
    [
      {
        "@type": errorInfoType,
        reason: "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
        domain: "googleapis.com",
        metadata: { service: method.service, method: method.rpc },
      },
    ],
    [{ message: "Insufficient Permission", domain: "global", reason: "insufficientPermissions" }],
    {
      "www-authenticate": `Bearer realm="https://accounts.google.com/", error="insufficient_scope", scope="${acceptedScopes.join(" ")}"`,
    },
  );
}

/** 429 RESOURCE_EXHAUSTED with Google's quota ErrorInfo and the legacy `rateLimitExceeded` reason. */
export function resourceExhausted(service: string): GoogleApiError {
  return new GoogleApiError(
    429,
    "RESOURCE_EXHAUSTED",
    "Quota exceeded for quota metric 'Requests' and limit 'Requests per minute per user' of service '" +
      service +
      "'.",
    [
      {
        "@type": errorInfoType,
        reason: "RATE_LIMIT_EXCEEDED",
        domain: "googleapis.com",
        metadata: {
          service,
          quota_metric: `${service}/requests`,
          quota_limit: "RequestsPerMinutePerUser",
          quota_limit_value: "600",
          consumer: "projects/tidemark-sandbox",
        },
      },
    ],
    [{ message: "Rate Limit Exceeded", domain: "global", reason: "rateLimitExceeded" }],
  );
}

/** The Admin API's documented alternative: 403 with reason `rateLimitExceeded`. */
export function rateLimitExceeded403(): GoogleApiError {
  return new GoogleApiError(
    403,
    "PERMISSION_DENIED",
    "Rate Limit Exceeded",
    [
      {
        "@type": errorInfoType,
        reason: "RATE_LIMIT_EXCEEDED",
        domain: "googleapis.com",
        metadata: {},
      },
    ],
    [{ message: "Rate Limit Exceeded", domain: "usageLimits", reason: "rateLimitExceeded" }],
  );
}

export function internalError(): GoogleApiError {
  return new GoogleApiError(500, "INTERNAL", "Internal error encountered.");
}

export function unavailable(): GoogleApiError {
  return new GoogleApiError(503, "UNAVAILABLE", "The service is currently unavailable.");
}
