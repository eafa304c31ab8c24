/** An error shown to a person as an HTML page (sign-in flow), like Google's "Error 400: redirect_uri_mismatch". */
export class PageError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}
