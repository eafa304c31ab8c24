import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  emailAddress,
  lookupRequest,
  signInLinkPreviewQuery,
  signInLinkRequest,
  type LookupResponse,
  type SignInLinkPreview,
  type SignInLinkResult,
} from "../../../shared/contracts/auth.js";
import { errorMessages, type ErrorBody } from "../../../shared/contracts/errors.js";
import { continueSignInPath, loggedOutPath } from "../../../shared/sign-in-link.js";
import { AppError } from "../../app-error.js";
import { clientKey } from "../../http/client-key.js";
import { foreignOriginMessage, stateChangingGet } from "../../http/origin-guard.js";
import { parseInput } from "../../parse-input.js";
import type { RateLimiter, RateLimitRule } from "../../http/rate-limiter.js";
import type { AddressKey } from "../../security/address-key.js";
import type { PlansService } from "../plans/plans-service.js";
import type { UsersRepository } from "./users-repository.js";
import { authBasePath, type Auth } from "./auth-instance.js";
import type { SignInLinkService } from "./sign-in-link-service.js";
import { publicRoute } from "../../http/identity.js";

export interface AuthRouteDependencies {
  auth: Auth;
  appUrl: string;
  users: UsersRepository;
  plans: PlansService;
  signInLinks: SignInLinkService;
  rateLimiter: RateLimiter;
  /** Per-address limits are keyed by this, so they outlive a deleted account without its address. */
  addressKey: AddressKey;
  /** Per-client limits are keyed by `clientKey` (an IPv6 client by its /64). */
  limits: {
    lookup: RateLimitRule;
    signInLink: RateLimitRule;
    signInLinkPerClient: RateLimitRule;
    signInStart: RateLimitRule;
    /** Over all clients together: many clients, each under its own limit, still meet these. */
    signInLinkTotal: RateLimitRule;
    lookupTotal: RateLimitRule;
  };
}

/**
 * A ceiling over everyone is reached by no one in particular: its refusal does not tell the person
 * they did too much, and says how long to wait when that is more than a few minutes.
 */
export function busySignInMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const when = minutes <= 5 ? "in a few minutes" : `in about ${minutes} minutes`;
  return `Too many sign-in requests right now. Please try again ${when}.`;
}

/** The one subject of a ceiling over all clients. */
const everyone = "all";

function hitCeiling(deps: AuthRouteDependencies, rule: RateLimitRule): Promise<void> {
  return deps.rateLimiter.hit({ ...rule, refusal: busySignInMessage }, everyone);
}

/** Where people land after signing in; the web app's home routes them on from there. */
const afterSignInPath = "/";

export async function authRoutes(app: FastifyInstance, deps: AuthRouteDependencies): Promise<void> {
  // Signed out is an answer, not an error: 204 with no body (a 401 would be logged as a failed
  // request in the browser's console on every visit to a public page).
  app.get("/api/auth/user", publicRoute, async (request, reply) => {
    const user = await request.sessionUser();
    if (!user) return reply.code(204).send();
    return deps.plans.toCurrentUser(user);
  });

  app.post("/api/auth/lookup", publicRoute, async (request): Promise<LookupResponse> => {
    await deps.rateLimiter.hit(deps.limits.lookup, clientKey(request.ip));
    const { email } = parseInput(lookupRequest, request.body);
    // Last, so that only answers actually given count against everyone's allowance.
    await hitCeiling(deps, deps.limits.lookupTotal);
    return { exists: await deps.users.existsByEmail(email) };
  });

  // A navigation, not a fetch: answers with a redirect to Google's sign-in page.
  app.get("/api/login", publicRoute, async (request, reply) => {
    await deps.rateLimiter.hit(deps.limits.signInStart, clientKey(request.ip));
    const response = await deps.auth.api.signInSocial({
      body: { provider: "google", callbackURL: afterSignInPath, errorCallbackURL: "/login" },
      headers: fromNodeHeaders(request.headers),
      asResponse: true,
    });
    const { url } = (await response.json()) as { url?: string };
    if (!response.ok || !url) return reply.redirect("/login?error=google_unavailable", 302);
    forwardCookies(response, reply);
    return reply.redirect(url, 302);
  });

  // A navigation: ends the session, clears the cookie and lands on the landing page. The origin
  // guard holds it to same-origin like a POST.
  app.get("/api/logout", stateChangingGet("public"), async (request, reply) => {
    const response = await deps.auth.api.signOut({
      headers: fromNodeHeaders(request.headers),
      asResponse: true,
    });
    forwardCookies(response, reply);
    return reply.redirect(loggedOutPath, 302);
  });

  // The continue page asks whose link it holds; nothing is used up or changed.
  app.get("/api/auth/sign-in-link", publicRoute, async (request): Promise<SignInLinkPreview> => {
    const { token } = parseInput(signInLinkPreviewQuery, request.query);
    return deps.signInLinks.preview(token, await request.sessionUser());
  });

  // Signing in with a link happens only here: a POST from our own continue page (the origin guard
  // has checked its Origin), with the token in a JSON body — a cross-site form can send neither.
  app.post(
    "/api/auth/sign-in-link",
    publicRoute,
    async (request, reply): Promise<SignInLinkResult> => {
      refuseUnlessSameOriginFetch(request);
      const input = parseInput(signInLinkRequest, request.body);
      const setCookies = await deps.signInLinks.signIn(input, {
        headers: authHeaders(request),
        signedInAs: await request.sessionUser(),
      });
      reply.header("set-cookie", setCookies);
      return { redirectTo: afterSignInPath };
    },
  );

  // Links mailed before sign-in moved to the continue page pointed here. Opening one now only
  // leads to that page with its token; it never signs in on its own.
  app.get(`${authBasePath}/magic-link/verify`, publicRoute, async (request, reply) => {
    const { token } = request.query as { token?: unknown };
    const query = typeof token === "string" ? `?${new URLSearchParams({ token })}` : "";
    return reply.redirect(`${continueSignInPath}${query}`, 302);
  });

  // Only the parts of Better Auth the product uses are reachable. The rest (session listings that
  // carry the raw session token, account tokens, linking) stays internal.
  app.route({
    ...publicRoute,
    method: ["GET", "POST"],
    url: `${authBasePath}/*`,
    handler: async (request, reply) => {
      const path = request.url.split("?")[0]!.slice(authBasePath.length);
      const allowed = forwardedAuthPaths[path];
      if (!allowed || !allowed.includes(request.method)) {
        return reply
          .code(404)
          .send({ error: `Not found: ${request.method} ${authBasePath}${path}` });
      }
      await guardSignInAttempt(request, deps);
      return forwardToAuth(request, reply, deps.auth, deps.appUrl);
    },
  });
}

/** Better Auth endpoints the web app and Google's redirects need, and nothing else. */
const forwardedAuthPaths: Record<string, string[]> = {
  "/sign-in/magic-link": ["POST"],
  "/sign-in/social": ["POST"],
  "/callback/google": ["GET"],
  "/error": ["GET"],
};

/**
 * Our rules in front of Better Auth's sign-in endpoints: an email link request gets the same
 * email normalisation as the rest of the app (one person, one address), a per-address limit (no
 * inbox gets flooded), a per-client limit (no one client mails many inboxes) and a ceiling over
 * all clients (no crowd of clients mails more than the service can stand behind); starting an
 * OAuth sign-in is limited per client.
 */
async function guardSignInAttempt(
  request: FastifyRequest,
  deps: AuthRouteDependencies,
): Promise<void> {
  if (request.method !== "POST") return;
  const path = request.url.split("?")[0];
  if (path === `${authBasePath}/sign-in/magic-link`) {
    const body = request.body as Record<string, unknown> | undefined;
    const parsed = emailAddress.safeParse(body?.email);
    if (!parsed.success)
      throw new AppError(
        "invalid_request",
        parsed.error.issues[0]?.message ?? "Enter a valid email address",
      );
    body!.email = parsed.data;
    await deps.rateLimiter.hit(deps.limits.signInLinkPerClient, clientKey(request.ip));
    await deps.rateLimiter.hit(deps.limits.signInLink, deps.addressKey(parsed.data));
    // Last, so that a client or an inbox already refused spends nothing of everyone's allowance.
    await hitCeiling(deps, deps.limits.signInLinkTotal);
  } else if (path === `${authBasePath}/sign-in/social`) {
    await deps.rateLimiter.hit(deps.limits.signInStart, clientKey(request.ip));
  }
}

/**
 * Fetch Metadata, where the browser sends it, must say the request comes from our own origin: a
 * sibling subdomain ("same-site") could otherwise sign a person in to an account of its choosing.
 */
function refuseUnlessSameOriginFetch(request: FastifyRequest): void {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin")
    throw new AppError("forbidden_origin", foreignOriginMessage);
}

/** The request's headers for Better Auth, with the client address as we determined it. */
function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  // Better Auth reads the client address from a header; set it from the connection (or the
  // trusted proxy) so a client cannot choose its own.
  headers.set("x-tidemark-client-ip", request.ip);
  return headers;
}

async function forwardToAuth(
  request: FastifyRequest,
  reply: FastifyReply,
  auth: Auth,
  appUrl: string,
) {
  const headers = authHeaders(request);
  const hasBody =
    request.method !== "GET" && request.method !== "HEAD" && request.body !== undefined;
  const response = await auth.handler(
    new Request(new URL(request.url, appUrl), {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(request.body) : undefined,
    }),
  );
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie" && name !== "content-length") reply.header(name, value);
  });
  forwardCookies(response, reply);
  if (response.status >= 500) {
    // Better Auth answers a failure of its own (or of ours inside it, such as a mail server that
    // refused the link) with its message or nothing; it has logged the error, the person gets
    // our sentence.
    await response.body?.cancel();
    return reply
      .type("application/json; charset=utf-8")
      .send({ error: errorMessages.internal } satisfies ErrorBody);
  }
  const isJson = response.headers.get("content-type")?.includes("application/json") ?? false;
  if (response.status >= 400 && isJson) {
    // One error shape for the whole API: Better Auth's `{ message, code }` becomes `{ error, code }`
    // with a code from our vocabulary; its own codes name internals the web app has no use for.
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    return reply.send({
      error: body.message ?? "Sign-in failed. Please try again.",
      code: response.status === 429 ? "rate_limited" : "sign_in_refused",
    } satisfies ErrorBody);
  }
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}

/** One Set-Cookie header per cookie; merging them into one line would corrupt them. */
function forwardCookies(response: Response, reply: FastifyReply): void {
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
}
