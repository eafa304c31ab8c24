/**
 * An error a route may throw on purpose: its message is written for the person using the app
 * and is sent as `{ error }` with the given status. Anything else becomes a generic 500.
 */
export class HttpError extends Error {
  override name = "HttpError";

  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export interface ErrorBody {
  error: string;
  code?: string;
}
