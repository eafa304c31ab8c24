/**
 * The API's error vocabulary, the same on both sides. Every refusal the server makes on purpose
 * carries one of these codes in `{ error, code }`; the web app decides what to do from the code
 * and shows `error`, which is written for the person. Add a code here (and its HTTP status in the
 * server's error mapper) before throwing it.
 */
export const errorCodes = [
  // Requests and sessions
  "invalid_request",
  "unauthenticated",
  "forbidden_origin",
  "method_not_allowed",
  "rate_limited",
  "sign_in_refused",
  "sign_in_link_invalid",
  "signed_in_as_other",
  // Personal access tokens and the REST API
  "invalid_token",
  "insufficient_scope",
  "token_limit",
  "idempotency_key_reused",
  "token_not_found",
  "request_in_progress",
  // Annotation feeds
  "feed_not_found",
  // Connecting AI apps (OAuth) and what they may do
  "consent_elsewhere",
  "approval_not_found",
  "approval_closed",
  // Account
  "confirm_email_mismatch",
  // Plans
  "premium_required",
  "premium_not_available",
  // Properties
  "property_required",
  "property_not_saved",
  "property_not_found",
  "property_locked",
  "property_quota",
  "property_unreachable",
  "property_change_too_soon",
  // Annotations
  "annotation_not_found",
  "system_generated",
  "future_date",
  "daily_limit",
  // CSV import
  "import_not_found",
  // Annotation history and undo
  "change_not_found",
  "already_undone",
  "undo_conflict",
  "not_undoable",
  "confirmation_required",
  "nothing_to_restore",
  // Categories
  "category_not_found",
  "category_limit",
  "category_name_taken",
  // AI audit
  "audit_beta_only",
  "audit_not_found",
  "audit_in_progress",
  "audit_not_completed",
  "suggestion_not_found",
  "suggestion_closed",
  "nothing_to_apply",
  // Suggestion inbox
  "hook_not_found",
  "rule_not_found",
  "webhook_signature_invalid",
  // Assistant
  "chat_not_found",
  "assistant_daily_limit",
  "ambiguous",
  "changed",
  "confirmation_not_waiting",
  // Google
  "google_not_connected",
  "google_reconnect",
  "google_read_only",
  "google_no_access",
  "google_busy",
  "google_unavailable",
  "google_rejected",
  "google_unconfirmed",
  // Traffic reports (the Data API)
  "google_report_quota",
  "google_no_report_access",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (errorCodes as readonly string[]).includes(value);
}

/**
 * Every failed API answer. `code` is absent only where nothing specific went wrong: an unknown
 * path (404) or a failure on our side (500).
 */
export interface ErrorBody {
  error: string;
  code?: ErrorCode;
  /** On a request that is not valid: every invalid field, each with what to fix. */
  fields?: { path: string; message: string }[];
}

/**
 * Sentences more than one layer shows for the same refusal, kept here so they cannot drift, and
 * the server's own for failures that are not a deliberate refusal: an answer never carries an
 * error's own text (a library's message, a stack, a file path), only one of these.
 */
export const errorMessages = {
  systemGenerated: "Annotations made by Google Analytics itself cannot be changed or deleted.",
  chatNotFound: "That conversation was not found.",
  feedNotFound: "That feed was not found. It may have been revoked.",
  ruleNotFound: "That inbox rule was not found. It may have been deleted.",
  annotationGone: "This annotation no longer exists in Google Analytics.",
  futureDate: "Annotations cannot be created for future dates.",
  createUnconfirmed:
    "Google did not confirm the annotation was created. Check the list in a moment before trying again.",
  // An edit or delete whose answer was lost, after reading back what Google holds.
  editUnconfirmed:
    "Google did not confirm the change, and the annotation does not have it now. Please try again.",
  editUnverified:
    "Google did not confirm the change, and it could not be checked. Look at the annotation in a moment before trying again.",
  deleteUnconfirmed:
    "Google did not confirm the deletion, and the annotation is still there. Please try again.",
  deleteUnverified:
    "Google did not confirm the deletion, and it could not be checked. Check the list in a moment before trying again.",
  signInAgain: "Your session has ended. Please sign in again.",
  notSignedIn: "Please sign in to continue.",
  internal: "Something went wrong on our side. Please try again.",
  // Requests the server could not take, whatever the library that noticed said about them.
  requestUnreadable: "The request could not be read. Please try again.",
  requestTooLarge: "The request is too large.",
  requestNotJson: "The request must be sent as JSON.",
  requestRefused: "The request could not be accepted.",
  addressInvalid: "That address is not valid.",
  addressTooLong: "That address is too long.",
  auditStopped: "The audit stopped because of an unexpected error. Try again in a few minutes.",
  changeNotFound: "That change was not found.",
  nothingToUndo: "There is nothing to undo on this property.",
  alreadyUndone: "That change has already been undone.",
  undoInProgress: "That change is being undone already. Look at the list in a moment.",
  undoConflict:
    "This annotation has changed since, in Google Analytics or in Tidemark, so undoing would overwrite that. Nothing was changed.",
  notUndoable:
    "That change was recorded before Tidemark kept what it changed, so it cannot be undone.",
  nothingToRestore: "The annotation already reads as that version. Nothing was changed.",
} as const;
