export type ResultHeaders = Record<string, string | string[]>;

/** What a route handler answers; the server turns it into bytes (or drops the connection on a fault). */
export type HandlerResult =
  | { type: "json"; status: number; body: unknown; headers?: ResultHeaders }
  | { type: "html"; status: number; html: string; headers?: ResultHeaders }
  | { type: "redirect"; status: 302 | 303; location: string; headers?: ResultHeaders }
  | { type: "raw"; status: number; contentType: string; body: string; headers?: ResultHeaders };

export function jsonResult(body: unknown, status = 200, headers?: ResultHeaders): HandlerResult {
  return headers ? { type: "json", status, body, headers } : { type: "json", status, body };
}

export function redirectResult(
  location: string,
  status: 302 | 303 = 302,
  headers?: ResultHeaders,
): HandlerResult {
  return headers
    ? { type: "redirect", status, location, headers }
    : { type: "redirect", status, location };
}
