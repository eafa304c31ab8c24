import { HttpError } from "../../http/http-error.js";
import type { GoogleApiError } from "../../integrations/google/google-api-error.js";
import { googleUnavailableMessage } from "./google-connection-service.js";

export const readOnlyConnectionMessage =
  "Your Google Analytics connection can read annotations but not change them. Reconnect Google Analytics and allow editing.";
export const annotationGoneMessage = "This annotation no longer exists in Google Analytics.";

/** What a person reads when Google refused or failed; every Google failure ends up as one of these. */
export function toHttpError(
  failure: GoogleApiError,
  subject: "annotation" | "property",
): HttpError {
  if (failure.isRateLimit) {
    return new HttpError(
      429,
      "Google Analytics is busy right now. Please try again in a minute.",
      "google_busy",
      {
        "Retry-After": "60",
      },
    );
  }
  if (failure.status === 0 || failure.status >= 500)
    return new HttpError(503, googleUnavailableMessage, "google_unavailable");
  if (failure.status === 403 && failure.reason === "ACCESS_TOKEN_SCOPE_INSUFFICIENT") {
    return new HttpError(403, readOnlyConnectionMessage, "google_read_only");
  }
  if (failure.status === 403) {
    return new HttpError(
      403,
      "Your Google account does not have access to change this property in Google Analytics.",
      "google_no_access",
    );
  }
  if (failure.status === 404) {
    return subject === "annotation"
      ? new HttpError(404, annotationGoneMessage, "annotation_not_found")
      : new HttpError(
          404,
          "That property was not found in Google Analytics.",
          "property_not_found",
        );
  }
  if (/system-generated/i.test(failure.message)) {
    return new HttpError(
      403,
      "Annotations made by Google Analytics itself cannot be changed or deleted.",
      "system_generated",
    );
  }
  return new HttpError(
    400,
    `Google Analytics refused the request: ${failure.message}`,
    "google_rejected",
  );
}
