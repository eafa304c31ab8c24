import type { ErrorCode } from "../shared/contracts/errors.js";

export interface AppErrorOptions {
  /** For refusals that pass with time (rate limits, a busy Google): when to try again. */
  retryAfterSeconds?: number;
  /**
   * The request itself named something that is not there (a category id in an annotation's
   * body), as opposed to asking for it: the request is at fault, whatever the code's usual status.
   */
  fromInput?: boolean;
  /** Every field of the request that is not valid, each with what to fix, beside the sentence. */
  fields?: { path: string; message: string }[];
}

/**
 * A refusal on purpose, thrown by services, routes and jobs alike: a code from the shared
 * vocabulary and a message written for the person. It knows nothing of HTTP — the error mapper
 * (`http/error-handling.ts`) turns the code into a status, and the assistant reads the message
 * back to the person. Anything else thrown is a bug and becomes a generic 500.
 */
export class AppError extends Error {
  override name = "AppError";
  readonly retryAfterSeconds: number | undefined;
  readonly fromInput: boolean;
  readonly fields: { path: string; message: string }[] | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.fromInput = options.fromInput ?? false;
    this.fields = options.fields;
  }
}

export function isAppError(error: unknown, code?: ErrorCode): error is AppError {
  return error instanceof AppError && (code === undefined || error.code === code);
}
