import http from "node:http";
import https from "node:https";
import { GoogleApiError, googleApiErrorFrom } from "./google-api-error.js";

export interface GoogleJsonRequest {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Path below the API root, e.g. `v1alpha/properties/1/reportingDataAnnotations`. */
  path: string;
  query?: Record<string, string | number | undefined>;
  accessToken: string;
  body?: unknown;
}

export type GoogleJsonApi = <T>(request: GoogleJsonRequest) => Promise<T>;

/**
 * Google's REST APIs as JSON over one kept-alive connection pool: one call, one HTTP request, no
 * retrying (the gateway decides that). Every failure — an error answer, a lost connection, a
 * timeout, a body that is not JSON — becomes a GoogleApiError.
 *
 * Why not the generated googleapis client: every list request costs roughly three times the CPU
 * through it (its request pipeline, node-fetch and header objects), and this is the hottest path
 * of the product. The sandbox's conformance tests still run the official clients against it.
 */
export function createGoogleJsonApi(options: {
  rootUrl: string;
  timeoutMs: number;
}): GoogleJsonApi {
  const root = new URL(options.rootUrl.endsWith("/") ? options.rootUrl : `${options.rootUrl}/`);
  const transport = root.protocol === "https:" ? https : http;
  const agent = new transport.Agent({ keepAlive: true, maxSockets: 128 });

  // Resolved once: the root never changes, and parsing a URL per call is measurable on the hot path.
  const server = {
    protocol: root.protocol,
    hostname: root.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: root.port,
  };
  const basePath = root.pathname;

  return function send<T>(request: GoogleJsonRequest): Promise<T> {
    let path = basePath + request.path;
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) query.set(name, String(value));
    }
    if (query.size > 0) path += `?${query.toString()}`;
    const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
    const headers: http.OutgoingHttpHeaders = {
      authorization: `Bearer ${request.accessToken}`,
      accept: "application/json",
      "user-agent": "tidemark",
    };
    if (payload !== undefined) {
      headers["content-type"] = "application/json; charset=utf-8";
      headers["content-length"] = Buffer.byteLength(payload);
    }

    return new Promise<T>((resolve, reject) => {
      const requestOptions = {
        ...server,
        path,
        method: request.method,
        agent,
        headers,
        timeout: options.timeoutMs,
      };
      const outgoing = transport.request(requestOptions, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("error", (error) =>
          reject(new GoogleApiError(0, `Google's answer was cut off: ${error.message}`)),
        );
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          let body: unknown;
          try {
            body = text === "" ? {} : JSON.parse(text);
          } catch {
            body = undefined;
          }
          if (status >= 200 && status < 300) {
            if (body === undefined)
              reject(new GoogleApiError(502, "Google answered with something that is not JSON."));
            else resolve(body as T);
            return;
          }
          reject(googleApiErrorFrom(status, body));
        });
      });
      outgoing.on("timeout", () =>
        outgoing.destroy(new Error(`no answer within ${options.timeoutMs} ms`)),
      );
      outgoing.on("error", (error) =>
        reject(new GoogleApiError(0, `Google could not be reached: ${error.message}`)),
      );
      outgoing.end(payload);
    });
  };
}
