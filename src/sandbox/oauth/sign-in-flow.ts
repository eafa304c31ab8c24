import { randomBytes, timingSafeEqual } from "node:crypto";
import { serializeCookie } from "../http/cookies.js";
import type { HandlerResult } from "../http/handler-result.js";
import { redirectResult } from "../http/handler-result.js";
import { PageError } from "../http/page-error.js";
import type { RequestContext, Route } from "../http/route.js";
import { interactionLifetimeSeconds } from "../sandbox-options.js";
import type { SandboxContext } from "../sandbox-context.js";
import { ensureSandboxUser } from "../seed/seed-sandbox-user.js";
import type { UserRecord } from "../store/sandbox-records.js";
import {
  callbackUrl,
  parseAuthorizationRequest,
  type AuthorizationRequest,
} from "./authorization-request.js";
import { isBasicScope, sortScopes } from "./scopes.js";
import { renderConsentPage, renderEmailPage } from "./sign-in-pages.js";

/** The sandbox's browser cookie; its name differs from anything the app sets on the same host. */
export const sandboxSessionCookie = "tidemark_sandbox_session";

interface Interaction {
  id: string;
  request: AuthorizationRequest;
  csrfToken: string;
  browserKey: string;
  expiresAt: number;
  sub?: string;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const idPattern = "(?<id>[A-Za-z0-9_-]{16,64})";

/**
 * The pages a person sees: authorize → email page → (consent page) → redirect back with a code.
 * Each page load gets an interaction bound to the browser's sandbox cookie, and each form carries
 * that interaction's CSRF token.
 */
export class SignInFlow {
  private readonly interactions = new Map<string, Interaction>();
  /** Browser session → signed-in sandbox user (memory only; a restart signs browsers out). */
  private readonly sessions = new Map<string, string>();

  constructor(private readonly context: SandboxContext) {}

  routes(): Route[] {
    const page = { family: "page" as const };
    return [
      {
        ...page,
        method: "GET",
        pattern: /^\/o\/oauth2\/(?:v2\/)?auth$/,
        body: "none",
        counter: "oauth2.authorize",
        handle: (c) => this.authorize(c),
      },
      {
        ...page,
        method: "POST",
        pattern: new RegExp(`^/signin/${idPattern}/identifier$`),
        body: "form",
        counter: "oauth2.signin",
        handle: (c) => this.submitEmail(c),
      },
      {
        ...page,
        method: "GET",
        pattern: new RegExp(`^/signin/${idPattern}/consent$`),
        body: "none",
        counter: "oauth2.consent",
        handle: (c) => this.showConsent(c),
      },
      {
        ...page,
        method: "POST",
        pattern: new RegExp(`^/signin/${idPattern}/consent$`),
        body: "form",
        counter: "oauth2.consent",
        handle: (c) => this.submitConsent(c),
      },
    ];
  }

  private async authorize(context: RequestContext): Promise<HandlerResult> {
    const request = parseAuthorizationRequest(context.query, this.context.clients);
    const existingKey = context.cookies[sandboxSessionCookie];
    const browserKey =
      existingKey && /^[A-Za-z0-9_-]{32,64}$/.test(existingKey)
        ? existingKey
        : randomBytes(24).toString("base64url");
    const signedInSub = this.sessions.get(browserKey);
    const signedIn = signedInSub ? this.context.store.users.get(signedInSub) : undefined;

    if (request.prompts.has("none")) {
      if (!signedIn) return redirectResult(callbackUrl(request, { error: "login_required" }));
      if (this.needsConsent(request, signedIn.sub))
        return redirectResult(callbackUrl(request, { error: "consent_required" }));
      return redirectResult(await this.finish(request, signedIn, request.scopes, false));
    }

    const now = this.context.clock.now();
    if (this.interactions.size > 256) {
      for (const [id, interaction] of this.interactions)
        if (interaction.expiresAt <= now) this.interactions.delete(id);
    }
    const interaction: Interaction = {
      id: randomBytes(18).toString("base64url"),
      request,
      csrfToken: randomBytes(24).toString("base64url"),
      browserKey,
      expiresAt: now + interactionLifetimeSeconds * 1000,
    };
    this.interactions.set(interaction.id, interaction);
    const result = this.emailPage(interaction, request.loginHint ?? signedIn?.email ?? "");
    if (browserKey !== existingKey) {
      result.headers = {
        ...result.headers,
        "set-cookie": serializeCookie(sandboxSessionCookie, browserKey),
      };
    }
    return result;
  }

  private async submitEmail(context: RequestContext): Promise<HandlerResult> {
    const interaction = this.activeInteraction(context, true);
    const email = form(context).get("email")?.trim() ?? "";
    if (email.length > 254 || !emailPattern.test(email)) {
      return this.emailPage(
        interaction,
        email,
        "Enter a valid email address, for example jane.doe@example.com.",
        400,
      );
    }
    const user = ensureSandboxUser(
      this.context.store,
      email,
      this.context.clock.now(),
      this.context.testers,
    );
    this.sessions.set(interaction.browserKey, user.sub);
    interaction.sub = user.sub;
    if (this.needsConsent(interaction.request, user.sub))
      return redirectResult(`/signin/${interaction.id}/consent`, 303);
    this.interactions.delete(interaction.id);
    return redirectResult(
      await this.finish(interaction.request, user, interaction.request.scopes, false),
      303,
    );
  }

  private showConsent(context: RequestContext): HandlerResult {
    const interaction = this.activeInteraction(context, false);
    const user = this.userOf(interaction);
    const { request } = interaction;
    return renderConsentPage({
      action: `/signin/${interaction.id}/consent`,
      csrfToken: interaction.csrfToken,
      clientName: request.client.displayName,
      email: user.email,
      pictureUrl: `/avatars/${user.sub}.svg`,
      scopes: request.scopes,
      formTarget: new URL(request.redirectUri).origin,
    });
  }

  private async submitConsent(context: RequestContext): Promise<HandlerResult> {
    const interaction = this.activeInteraction(context, true);
    const user = this.userOf(interaction);
    const { request } = interaction;
    const body = form(context);
    this.interactions.delete(interaction.id);
    if (body.get("decision") !== "allow")
      return redirectResult(callbackUrl(request, { error: "access_denied" }), 303);
    const ticked = body.getAll("scope");
    const granted = request.scopes.filter((scope) => isBasicScope(scope) || ticked.includes(scope));
    if (granted.length === 0)
      return redirectResult(callbackUrl(request, { error: "access_denied" }), 303);
    return redirectResult(await this.finish(request, user, granted, true), 303);
  }

  /** Records the grant and returns the redirect back to the client with a fresh code. */
  private async finish(
    request: AuthorizationRequest,
    user: UserRecord,
    granted: string[],
    consentShown: boolean,
  ): Promise<string> {
    const { tokens } = this.context;
    const clientId = request.client.clientId;
    const allGranted = tokens.recordGrant(user.sub, clientId, granted, true);
    const scopes = request.includeGrantedScopes ? allGranted : sortScopes(granted);
    const code = tokens.issueCode({
      clientId,
      redirectUri: request.redirectUri,
      sub: user.sub,
      scopes,
      ...(request.nonce ? { nonce: request.nonce } : {}),
      ...(request.codeChallenge
        ? {
            codeChallenge: request.codeChallenge,
            codeChallengeMethod: request.codeChallengeMethod ?? "plain",
          }
        : {}),
      // Like Google: a refresh token comes with the consent screen, not with every sign-in.
      issueRefreshToken:
        request.offline && (consentShown || !tokens.hasLiveRefreshToken(user.sub, clientId)),
      offline: request.offline,
    });
    return callbackUrl(request, { code, scope: scopes.join(" ") });
  }

  private needsConsent(request: AuthorizationRequest, sub: string): boolean {
    if (request.prompts.has("consent")) return true;
    const granted = this.context.tokens.grantedScopes(sub, request.client.clientId);
    return request.scopes.some((scope) => !granted.includes(scope));
  }

  private emailPage(
    interaction: Interaction,
    email: string,
    error?: string,
    status?: number,
  ): HandlerResult {
    return renderEmailPage(
      {
        action: `/signin/${interaction.id}/identifier`,
        csrfToken: interaction.csrfToken,
        clientName: interaction.request.client.displayName,
        email,
        ...(error ? { error } : {}),
        formTarget: new URL(interaction.request.redirectUri).origin,
      },
      status,
    );
  }

  private activeInteraction(context: RequestContext, checkCsrf: boolean): Interaction {
    const interaction = this.interactions.get(context.params.id ?? "");
    if (!interaction || interaction.expiresAt <= this.context.clock.now()) {
      throw new PageError(
        400,
        "Error 400: invalid_request",
        "This sign-in request has expired or is unknown. Go back to the app and start again.",
      );
    }
    if (context.cookies[sandboxSessionCookie] !== interaction.browserKey) {
      throw new PageError(
        403,
        "Error 403: invalid_request",
        "This sign-in request belongs to another browser session. Go back to the app and start again.",
      );
    }
    if (checkCsrf && !sameToken(form(context).get("csrf_token") ?? "", interaction.csrfToken)) {
      throw new PageError(
        403,
        "Error 403: invalid_request",
        "The form's security token is missing or wrong. Go back to the app and start again.",
      );
    }
    return interaction;
  }

  private userOf(interaction: Interaction): UserRecord {
    const user = interaction.sub ? this.context.store.users.get(interaction.sub) : undefined;
    if (!user)
      throw new PageError(
        400,
        "Error 400: invalid_request",
        "Enter your email first. Go back to the app and start again.",
      );
    return user;
  }
}

function form(context: RequestContext): URLSearchParams {
  return context.body.kind === "form" ? context.body.value : new URLSearchParams();
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
