import { errorMessages } from "../../../shared/contracts/errors.js";
import { AppError } from "../../app-error.js";
import type { GoogleApiError } from "../../integrations/google/google-api-error.js";
import { googleUnavailableMessage } from "./google-connection-service.js";

export const readOnlyConnectionMessage =
  "Your Google Analytics connection can read annotations but not change them. Reconnect Google Analytics and allow editing.";

/** What a person reads when Google refused or failed; every Google failure ends up as one of these. */
export function toAppError(failure: GoogleApiError, subject: "annotation" | "property"): AppError {
  if (failure.isRateLimit) {
    return new AppError(
      "google_busy",
      "Google Analytics is busy right now. Please try again in a minute.",
      { retryAfterSeconds: 60 },
    );
  }
  if (failure.status === 0 || failure.status >= 500)
    return new AppError("google_unavailable", googleUnavailableMessage);
  if (failure.status === 403 && failure.reason === "ACCESS_TOKEN_SCOPE_INSUFFICIENT") {
    return new AppError("google_read_only", readOnlyConnectionMessage);
  }
  if (failure.status === 403) {
    return new AppError(
      "google_no_access",
      "Your Google account does not have access to change this property in Google Analytics.",
    );
  }
  if (failure.status === 404) {
    return subject === "annotation"
      ? new AppError("annotation_not_found", errorMessages.annotationGone)
      : new AppError("property_not_found", "That property was not found in Google Analytics.");
  }
  if (/system-generated/i.test(failure.message)) {
    return new AppError("system_generated", errorMessages.systemGenerated);
  }
  return new AppError(
    "google_rejected",
    `Google Analytics refused the request: ${failure.message}`,
  );
}
