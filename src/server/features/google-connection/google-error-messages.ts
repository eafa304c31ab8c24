import { errorMessages } from "../../../shared/contracts/errors.js";
import { AppError } from "../../app-error.js";
import type { GoogleApiError } from "../../integrations/google/google-api-error.js";
import { googleUnavailableMessage } from "./google-connection-service.js";

export const readOnlyConnectionMessage =
  "Your Google Analytics connection can read annotations but not change them. Reconnect Google Analytics and allow editing.";

export const changeHistoryReadOnlyMessage =
  "Google Analytics shows a property's change history only to connections allowed to edit, and yours can only read. Reconnect Google Analytics and allow editing to see those changes as suggestions.";
export const changeHistoryQuotaMessage =
  "Google Analytics has used up the quota for reading this property's change history for now. Tidemark will try again later.";

export const noReportAccessMessage =
  "Your Google Analytics connection does not include access to reports, so the chart cannot be drawn. Reconnect Google Analytics and allow Tidemark to see your Analytics data.";
export const reportQuotaMessage =
  "Google Analytics has used up this property's reporting quota for now, so the chart cannot be drawn. It refills within the hour; please try again later.";

/** The Data API's own refusals: its quota, its scope, its access rules. */
function reportAppError(failure: GoogleApiError): AppError | null {
  if (failure.isRateLimit || failure.googleStatus === "RESOURCE_EXHAUSTED")
    return new AppError("google_report_quota", reportQuotaMessage, { retryAfterSeconds: 600 });
  if (failure.status === 403 && failure.reason === "ACCESS_TOKEN_SCOPE_INSUFFICIENT")
    return new AppError("google_no_report_access", noReportAccessMessage);
  if (failure.status === 403 && failure.reason === "SERVICE_DISABLED") {
    return new AppError(
      "google_no_report_access",
      "The Google Analytics Data API is not enabled for this Tidemark installation, so the chart cannot be drawn. Ask its administrator to enable it.",
    );
  }
  if (failure.status === 403) {
    return new AppError(
      "google_no_access",
      "Your Google account cannot read reports for this property in Google Analytics.",
    );
  }
  return null;
}

/**
 * Reading change history: Google wants the edit scope and an Editor role, and a poller that hits
 * the quota should wait well past the minute an interactive caller would.
 */
function changeHistoryAppError(failure: GoogleApiError): AppError | null {
  if (failure.isRateLimit || failure.googleStatus === "RESOURCE_EXHAUSTED")
    return new AppError("google_busy", changeHistoryQuotaMessage, { retryAfterSeconds: 900 });
  if (failure.status === 403 && failure.reason === "ACCESS_TOKEN_SCOPE_INSUFFICIENT")
    return new AppError("google_read_only", changeHistoryReadOnlyMessage);
  if (failure.status === 403) {
    return new AppError(
      "google_no_access",
      "Your Google account cannot see this property's change history in Google Analytics; that takes the Editor role.",
    );
  }
  return null;
}

export type GoogleSubject = "annotation" | "property" | "report" | "changeHistory";

/** What a person reads when Google refused or failed; every Google failure ends up as one of these. */
export function toAppError(failure: GoogleApiError, subject: GoogleSubject): AppError {
  const specific =
    subject === "report"
      ? reportAppError(failure)
      : subject === "changeHistory"
        ? changeHistoryAppError(failure)
        : null;
  if (specific) return specific;
  if (failure.isRateLimit) {
    // Google's own Retry-After when it gave one; a minute otherwise.
    const seconds =
      failure.retryAfterMs !== undefined ? Math.max(1, Math.ceil(failure.retryAfterMs / 1000)) : 60;
    const minutes = Math.ceil(seconds / 60);
    return new AppError(
      "google_busy",
      `Google Analytics is busy right now. Please try again in ${minutes <= 1 ? "a minute" : `about ${minutes} minutes`}.`,
      { retryAfterSeconds: seconds },
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
