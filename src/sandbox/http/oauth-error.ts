/** An OAuth 2.0 error in Google's token-endpoint shape: `{ error, error_description }`. */
export class OAuthError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly error: string,
    readonly description: string,
    readonly headers?: Record<string, string>,
  ) {
    super(`${error}: ${description}`);
  }

  toBody(): { error: string; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}
