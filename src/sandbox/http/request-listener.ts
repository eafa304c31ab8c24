import type { IncomingMessage, ServerResponse } from "node:http";
import { setTimeout as delay } from "node:timers/promises";
import type { FaultController } from "../faults/fault-controller.js";
import type { FailureKind } from "../faults/fault-rules.js";
import type { SandboxLogger } from "../sandbox-options.js";
import { parseCookies } from "./cookies.js";
import {
  GoogleApiError,
  internalError,
  invalidJsonPayload,
  notFound,
  rateLimitExceeded403,
  resourceExhausted,
  unavailable,
} from "./google-api-error.js";
import type { HandlerResult, ResultHeaders } from "./handler-result.js";
import { OAuthError } from "./oauth-error.js";
import { PageError } from "./page-error.js";
import { readRequestBody, RequestBodyError } from "./request-body.js";
import {
  isCounted,
  matchRoute,
  type RequestContext,
  type Route,
  type RouteFamily,
} from "./route.js";

export interface RequestListenerDeps {
  routes: readonly Route[];
  faults: FaultController;
  bodyLimitBytes: number;
  logger?: SandboxLogger;
  renderErrorPage(error: PageError): HandlerResult;
}

const jsonHeaders = {
  "content-type": "application/json; charset=UTF-8",
  "x-content-type-options": "nosniff",
  vary: "Origin, X-Origin, Referer",
} as const;

/**
 * The whole request pipeline: route → body → count → faults → handler → answer.
 * Every failure becomes an answer in the route's own error shape; nothing escapes as a crash.
 */
export function createRequestListener(deps: RequestListenerDeps) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    handle(deps, request, response).catch((error: unknown) => {
      deps.logger?.error?.({ err: error }, "sandbox request failed");
      if (!response.headersSent) write(response, errorResult(internalError(), "api", deps), true);
      else response.destroy();
    });
  };
}

async function handle(
  deps: RequestListenerDeps,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = new URL(request.url ?? "/", "http://localhost");
  const pretty =
    url.searchParams.get("prettyPrint") !== "false" &&
    url.searchParams.get("$prettyPrint") !== "false";
  const match = matchRoute(deps.routes, request.method ?? "GET", url.pathname);
  if (!match) {
    request.resume();
    write(
      response,
      errorResult(
        notFound(`The requested URL ${url.pathname} was not found on this server.`),
        "api",
        deps,
      ),
      pretty,
    );
    return;
  }
  const { route, params } = match;
  const context: RequestContext = {
    method: route.method,
    path: url.pathname,
    params,
    query: url.searchParams,
    headers: request.headers,
    cookies: parseCookies(request.headers.cookie),
    body: { kind: "none" },
  };
  try {
    context.body = await readRequestBody(request, route.body, deps.bodyLimitBytes);
  } catch (error) {
    if (!(error instanceof RequestBodyError)) throw error;
    if (isCounted(route.family))
      deps.faults.count(typeof route.counter === "string" ? route.counter : route.counter(context));
    write(response, errorResult(bodyError(error, route.family), route.family, deps), pretty);
    return;
  }

  const counter = typeof route.counter === "string" ? route.counter : route.counter(context);
  let drop = false;
  if (isCounted(route.family)) {
    deps.faults.count(counter);
    const decision = deps.faults.decide(counter);
    if (decision.latencyMs > 0) await delay(decision.latencyMs);
    if (decision.failure === "commit-then-drop") drop = true;
    else if (decision.failure) {
      const failed = errorResult(injectedFailure(decision.failure, route), route.family, deps);
      write(
        response,
        decision.retryAfterSeconds === undefined
          ? failed
          : withHeaders(failed, { "retry-after": String(decision.retryAfterSeconds) }),
        pretty,
      );
      return;
    }
  }

  let result: HandlerResult;
  try {
    result = await route.handle(context);
  } catch (error) {
    result = errorResult(error, route.family, deps);
  }
  if (drop) {
    response.socket?.destroy();
    return;
  }
  write(response, result, pretty);
}

function bodyError(error: RequestBodyError, family: RouteFamily): Error {
  if (family === "oauth") return new OAuthError(400, "invalid_request", error.message);
  if (family === "page" || family === "asset")
    return new PageError(400, "Error 400: invalid_request", error.message);
  if (error.problem === "too-large")
    return new GoogleApiError(400, "INVALID_ARGUMENT", error.message);
  return invalidJsonPayload(error.message);
}

function injectedFailure(kind: FailureKind, route: Route): Error {
  const service = route.service ?? "oauth2.googleapis.com";
  if (route.family === "oauth") {
    if (kind === "resource-exhausted")
      return new OAuthError(429, "rate_limit_exceeded", "Rate limit exceeded.");
    if (kind === "rate-limit-exceeded")
      return new OAuthError(403, "rate_limit_exceeded", "Rate limit exceeded.");
    if (kind === "internal") return new OAuthError(500, "internal_failure", "Backend Error");
    return new OAuthError(503, "temporarily_unavailable", "The service is currently unavailable.");
  }
  const apiError =
    kind === "resource-exhausted"
      ? resourceExhausted(service)
      : kind === "rate-limit-exceeded"
        ? rateLimitExceeded403()
        : kind === "internal"
          ? internalError()
          : unavailable();
  if (route.family === "page")
    return new PageError(apiError.code, `Error ${apiError.code}`, apiError.message);
  return apiError;
}

function errorResult(
  error: unknown,
  family: RouteFamily,
  deps: RequestListenerDeps,
): HandlerResult {
  if (error instanceof GoogleApiError)
    return withHeaders({ type: "json", status: error.code, body: error.toBody() }, error.headers);
  if (error instanceof OAuthError) {
    return withHeaders(
      { type: "json", status: error.httpStatus, body: error.toBody() },
      { "cache-control": "no-store", ...error.headers },
    );
  }
  if (error instanceof PageError) return deps.renderErrorPage(error);
  deps.logger?.error?.({ err: error }, "sandbox handler failed");
  if (family === "oauth")
    return {
      type: "json",
      status: 500,
      body: new OAuthError(500, "internal_failure", "Backend Error").toBody(),
    };
  if (family === "page" || family === "asset")
    return deps.renderErrorPage(
      new PageError(500, "Error 500", "Something went wrong in the sandbox."),
    );
  return { type: "json", status: 500, body: internalError().toBody() };
}

function withHeaders(result: HandlerResult, headers: ResultHeaders | undefined): HandlerResult {
  return headers ? { ...result, headers: { ...result.headers, ...headers } } : result;
}

function write(response: ServerResponse, result: HandlerResult, pretty: boolean): void {
  switch (result.type) {
    case "json": {
      const text = pretty
        ? `${JSON.stringify(result.body, null, 2)}\n`
        : JSON.stringify(result.body);
      response.writeHead(result.status, {
        ...jsonHeaders,
        "cache-control": "private",
        ...result.headers,
      });
      response.end(text);
      return;
    }
    case "html":
      response.writeHead(result.status, {
        "content-type": "text/html; charset=utf-8",
        ...result.headers,
      });
      response.end(result.html);
      return;
    case "redirect":
      response.writeHead(result.status, {
        location: result.location,
        "cache-control": "no-store",
        ...result.headers,
      });
      response.end();
      return;
    case "raw":
      response.writeHead(result.status, { "content-type": result.contentType, ...result.headers });
      response.end(result.body);
      return;
  }
}
