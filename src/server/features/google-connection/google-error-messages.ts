import { errorMessages } from "../../../shared/contracts/errors.js";
import { AppError } from "../../app-error.js";
import type { GoogleApiError } from "../../integrations/google/google-api-error.js";
import { googleUnavailableMessage } from "./google-connection-service.js";

export const readOnlyConnectionMessage =
  "Your Google Analytics connection can read annotations but not change them. Reconnect Google Analytics and allow editing.";

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

/** What a person reads when Google refused or failed; every Google failure ends up as one of these. */
export function toAppError(
  failure: GoogleApiError,
  subject: "annotation" | "property" | "report",
): AppError {
  const report = subject === "report" ? reportAppError(failure) : null;
  if (report) return report;
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
