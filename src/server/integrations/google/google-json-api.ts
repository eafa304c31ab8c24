import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import { GoogleApiError, googleApiErrorFrom } from "./google-api-error.js";

/**
 * How long a kept-alive connection may sit idle before it is closed on our side: well under what
 * servers keep (Node's 5 s, Google's front ends longer), so that we, not they, close it.
 */
export const defaultIdleConnectionMs = 2_000;

/**
 * How a kept-alive connection that the server has already closed fails a request written to it:
 * a reset, a write to a closed socket, or "socket hang up" (which Node reports as ECONNRESET).
 */
const staleConnectionCodes = new Set(["ECONNRESET", "EPIPE"]);

/** Failures before any connection existed: the request provably never left this machine. */
const unreachableCodes = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"]);

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
 * retrying (the gateway decides that). The one exception: a read that failed on a reused
 * connection before any byte of an answer is sent once more on a new connection (Node's
 * `reusedSocket` case; safe because a read changes nothing). Every failure — an error answer, a
 * lost connection, a timeout, a body that is not JSON — becomes a GoogleApiError.
 *
 * Why not the generated googleapis client: every list request costs roughly three times the CPU
 * through it (its request pipeline, node-fetch and header objects), and this is the hottest path
 * of the product. The sandbox's conformance tests still run the official clients against it.
 */
export function createGoogleJsonApi(options: {
  rootUrl: string;
  timeoutMs: number;
  idleConnectionMs?: number;
}): GoogleJsonApi {
  const root = new URL(options.rootUrl.endsWith("/") ? options.rootUrl : `${options.rootUrl}/`);
  const transport = root.protocol === "https:" ? https : http;
  // A request written to a connection the server is just closing is lost, so idle connections
  // are let go before any server would drop them (a server's Keep-Alive hint is honoured too).
  const agent = new transport.Agent({
    keepAlive: true,
    maxSockets: 128,
    timeout: options.idleConnectionMs ?? defaultIdleConnectionMs,
  });

  // Resolved once: the root never changes, and parsing a URL per call is measurable on the hot path.
  const server = {
    protocol: root.protocol,
    hostname: root.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: root.port,
  };
  const basePath = root.pathname;
  const connection: Connection = { transport, agent, server, timeoutMs: options.timeoutMs };

  return function send<T>(request: GoogleJsonRequest): Promise<T> {
    // A create is not safe to send twice, and a kept-alive connection can be closed by the server
    // just as a request goes out on it, with nothing to tell whether the request got through. So
    // a create always takes a connection of its own: one handshake, and no such race.
    return attempt<T>(connection, prepare(basePath, request), request.method === "POST");
  };
}

interface Connection {
  transport: typeof http | typeof https;
  agent: http.Agent;
  server: { protocol: string; hostname: string; port: string };
  timeoutMs: number;
}

/** A request as it goes on the wire, ready to be sent (and, for a read, sent again). */
interface PreparedRequest {
  method: GoogleJsonRequest["method"];
  path: string;
  headers: http.OutgoingHttpHeaders;
  payload: string | undefined;
}

function prepare(basePath: string, request: GoogleJsonRequest): PreparedRequest {
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
  return { method: request.method, path, headers, payload };
}

/** One HTTP request: on the pooled connections, or on a new one of its own when `fresh`. */
function attempt<T>(connection: Connection, request: PreparedRequest, fresh: boolean): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let answered = false;
    let timedOut = false;
    let bytesReadBefore = 0;
    let socket: Socket | undefined;
    const outgoing = connection.transport.request(
      {
        ...connection.server,
        path: request.path,
        method: request.method,
        agent: fresh ? false : connection.agent,
        headers: request.headers,
        timeout: connection.timeoutMs,
      },
      (response) => {
        answered = true;
        readAnswer(response, resolve, reject);
      },
    );
    outgoing.on("socket", (assigned: Socket) => {
      socket = assigned;
      bytesReadBefore = assigned.bytesRead;
    });
    outgoing.on("timeout", () => {
      timedOut = true;
      outgoing.destroy(new Error(`no answer within ${connection.timeoutMs} ms`));
    });
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      const lost = {
        code: error.code,
        reusedSocket: outgoing.reusedSocket,
        // Nothing left this machine: no connection was ever made.
        notSent: !answered && !timedOut && unreachableCodes.has(error.code ?? ""),
        timedOut,
      };
      // A kept-alive connection broke before any byte of an answer. Most likely the server
      // closed it as the request went out, but it may also have taken the request and then
      // dropped the connection, so only a read is sent once more, on a new connection.
      const brokeBeforeAnswer =
        outgoing.reusedSocket &&
        !answered &&
        !timedOut &&
        staleConnectionCodes.has(error.code ?? "") &&
        (socket?.bytesRead ?? 0) === bytesReadBefore;
      if (brokeBeforeAnswer && request.method === "GET" && !fresh) {
        attempt<T>(connection, request, true).then(resolve, reject);
        return;
      }
      reject(
        new GoogleApiError(
          0,
          `Google could not be reached: ${error.message}`,
          undefined,
          undefined,
          lost,
        ),
      );
    });
    outgoing.end(request.payload);
  });
}

/** Reads Google's answer: its JSON on a success, else the GoogleApiError it stands for. */
function readAnswer<T>(
  response: http.IncomingMessage,
  resolve: (body: T) => void,
  reject: (error: GoogleApiError) => void,
): void {
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
    const retryAfter = response.headers["retry-after"];
    reject(
      googleApiErrorFrom(status, body, {
        header: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
        now: Date.now(),
      }),
    );
  });
}
