import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { errorMessages, type ErrorBody, type ErrorCode } from "../../shared/contracts/errors.js";
import { AppError } from "../app-error.js";

/** The HTTP status of each refusal: the one place where the error vocabulary meets HTTP. */
export const statusOfError: Record<ErrorCode, number> = {
  invalid_request: 400,
  unauthenticated: 401,
  forbidden_origin: 403,
  method_not_allowed: 405,
  rate_limited: 429,
  sign_in_refused: 400,
  // Expired, already used or never issued: the link is gone for good.
  sign_in_link_invalid: 410,
  signed_in_as_other: 409,
  // Unknown, revoked or expired (RFC 6750): the caller must get another token.
  invalid_token: 401,
  insufficient_scope: 403,
  token_limit: 409,
  // The same key was sent with another request: replaying the first answer would be a lie.
  idempotency_key_reused: 422,
  token_not_found: 404,
  // The first request with this Idempotency-Key has not answered yet.
  request_in_progress: 409,
  feed_not_found: 404,
  // A consent link opened in a browser other than the one the app's sign-in began in.
  consent_elsewhere: 403,
  approval_not_found: 404,
  // Already approved, declined or expired: a second answer changes nothing.
  approval_closed: 409,
  confirm_email_mismatch: 400,
  premium_required: 403,
  premium_not_available: 403,
  property_required: 400,
  property_not_saved: 403,
  property_not_found: 404,
  property_locked: 403,
  property_quota: 403,
  property_change_too_soon: 409,
  property_unreachable: 403,
  annotation_not_found: 404,
  system_generated: 403,
  future_date: 400,
  daily_limit: 429,
  import_not_found: 404,
  change_not_found: 404,
  already_undone: 409,
  // The annotation is not as the change left it: undoing would overwrite someone's later change.
  undo_conflict: 409,
  not_undoable: 409,
  confirmation_required: 409,
  // Restoring the version the annotation already holds would change nothing.
  nothing_to_restore: 409,
  category_not_found: 404,
  category_limit: 409,
  category_name_taken: 409,
  audit_beta_only: 403,
  audit_not_found: 404,
  audit_in_progress: 409,
  audit_not_completed: 409,
  suggestion_not_found: 404,
  suggestion_closed: 409,
  nothing_to_apply: 400,
  hook_not_found: 404,
  rule_not_found: 404,
  // A webhook delivery whose signature does not match its secret: nothing is stored.
  webhook_signature_invalid: 401,
  chat_not_found: 404,
  assistant_daily_limit: 429,
  ambiguous: 409,
  changed: 409,
  confirmation_not_waiting: 409,
  google_not_connected: 409,
  google_reconnect: 409,
  google_read_only: 403,
  google_no_access: 403,
  google_busy: 429,
  google_report_quota: 429,
  google_no_report_access: 403,
  google_unavailable: 503,
  google_rejected: 400,
  // Google may or may not have done it: the answer never came.
  google_unconfirmed: 504,
};

/**
 * Maps every failure to one JSON shape, `{ error, code? }`, in one place. Only an AppError's
 * message, written for the person, is ever sent; anything else thrown (a bug, a library's or the
 * database's error, Fastify's own refusal of a request) is answered with one of the product's
 * sentences, and its message and stack, which may name our files and internals, go to the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler<unknown>((error, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) {
        reply.header("Retry-After", String(error.retryAfterSeconds));
      }
      return reply.code(error.fromInput ? 400 : statusOfError[error.code]).send({
        error: error.message,
        code: error.code,
        ...(error.fields && error.fields.length > 0 ? { fields: error.fields } : {}),
      } satisfies ErrorBody);
    }
    const status = clientErrorStatus(error);
    if (status !== null) {
      // Fastify's own (bad JSON, a body too large, an unsupported type) are expected; a 4xx any
      // other library raised should have been an AppError, so it is worth a look.
      if (isFastifyError(error)) request.log.debug({ err: error }, "request refused");
      else request.log.warn({ err: error }, "request refused by a library's error");
      return reply
        .code(status)
        .send({ error: clientErrorSentence(status), code: "invalid_request" } satisfies ErrorBody);
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({ error: errorMessages.internal } satisfies ErrorBody);
  });
}

/** The 4xx status an error names for itself (Fastify's convention), or null for a failure of ours. */
function clientErrorStatus(error: unknown): number | null {
  if (typeof error !== "object" || error === null || !("statusCode" in error)) return null;
  const { statusCode } = error;
  return typeof statusCode === "number" &&
    Number.isInteger(statusCode) &&
    statusCode >= 400 &&
    statusCode < 500
    ? statusCode
    : null;
}

function isFastifyError(error: unknown): boolean {
  return (
    error instanceof Error &&
    "code" in error &&
    typeof error.code === "string" &&
    error.code.startsWith("FST_")
  );
}

function clientErrorSentence(status: number): string {
  if (status === 400) return errorMessages.requestUnreadable;
  if (status === 413) return errorMessages.requestTooLarge;
  if (status === 415) return errorMessages.requestNotJson;
  return errorMessages.requestRefused;
}

/**
 * Refusals Fastify's router makes before any route or error handler runs (a path with broken
 * percent-encoding, a path parameter over the length limit), answered in the same `{ error, code }`
 * shape instead of Fastify's own, which echoes the path and names no ErrorCode.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const tooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
  void reply.code(tooLong ? 414 : 400).send({
    error: tooLong ? errorMessages.addressTooLong : errorMessages.addressInvalid,
    code: "invalid_request",
  } satisfies ErrorBody);
}
