import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import {
  knownScopes,
  type ConsentDetails,
  type ConsentDecisionRequest,
  type ConsentDecisionResult,
} from "../../../shared/contracts/oauth.js";
import { apiTokenScopes } from "../../../shared/contracts/api-tokens.js";
import type { AuthorizationServer } from "./authorization-server.js";
import type { OAuthRecordsRepository } from "./oauth-records-repository.js";

const consentGone =
  "This request to connect an app has expired or was already answered. Start again from your AI client.";
const consentElsewhere =
  "This link to connect an app was opened in a different browser from the one your AI client started in, so it cannot be allowed here. If you were connecting an app, start again from your AI client on this computer; if someone sent you this link, ignore it.";
const consentAccountChanged =
  "You are now signed in to a different Tidemark account from the one this page showed. Reload the page to see which account the app would reach.";
const chooseSomething = "Tick at least one thing the app may do, or press Deny.";

/** A client's name as people should read it: its own name, else where it sends the browser. */
export function clientName(metadata: Record<string, unknown>, fallback: string): string {
  const name = metadata["client_name"];
  return typeof name === "string" && name.trim() ? name.trim().slice(0, 100) : fallback;
}

export function hostOf(uri: unknown): string {
  try {
    return typeof uri === "string" ? new URL(uri).host : "";
  } catch {
    return "";
  }
}

/**
 * The provider's session an earlier consent left in this browser (another person's, or this
 * person's from before they signed out) is ended, and the interaction no longer tied to it: the
 * authorization is finished for the person signed in now, in a session of its own, never by the
 * provider's sign-out page, which Tidemark does not serve.
 */
async function forgetEarlierSession(
  provider: AuthorizationServer["provider"],
  interaction: { session?: { cookie: string } | undefined },
) {
  const earlier = interaction.session?.cookie;
  if (earlier) await (await provider.Session.find(earlier))?.destroy();
  delete interaction.session;
}

/**
 * The consent page's two steps: what the page shows, and the person's decision, finished only by
 * the browser that began the authorization.
 */
export function createOAuthConsent(deps: {
  server: AuthorizationServer;
  records: Pick<OAuthRecordsRepository, "deleteExpired">;
  now: () => Date;
}) {
  const { provider, resource } = deps.server;
  const { now } = deps;

  /** `browserUid` is the interaction the calling browser holds (its cookie), if any. */
  async function interactionFor(uid: string, browserUid: string | null) {
    const interaction = await provider.Interaction.find(uid);
    if (!interaction || interaction.result) throw new AppError("invalid_request", consentGone);
    if (browserUid !== uid) throw new AppError("consent_elsewhere", consentElsewhere);
    return interaction;
  }

  /** The scopes asked for; a client that named none asks for all (the page lists them). */
  function requestedScopes(scope: unknown) {
    const asked = typeof scope === "string" ? knownScopes(scope.split(" ")) : [];
    return asked.length > 0 ? asked : [...apiTokenScopes];
  }

  return {
    async consentDetails(
      user: User,
      uid: string,
      browserUid: string | null,
    ): Promise<ConsentDetails> {
      const interaction = await interactionFor(uid, browserUid);
      const clientId = String(interaction.params["client_id"] ?? "");
      const client = await provider.Client.find(clientId);
      if (!client) throw new AppError("invalid_request", consentGone);
      const metadata = client.metadata() as Record<string, unknown>;
      const redirectUri = interaction.params["redirect_uri"];
      const redirectHost = hostOf(redirectUri);
      return {
        uid,
        client: {
          id: clientId,
          name: clientName(metadata, redirectHost || "An app"),
          uri: typeof metadata["client_uri"] === "string" ? metadata["client_uri"] : null,
          redirectHost,
        },
        scopes: requestedScopes(interaction.params["scope"]),
        resource,
        account: { id: user.id, email: user.email },
      };
    },

    async decide(
      user: User,
      request: ConsentDecisionRequest,
      browserUid: string | null,
    ): Promise<ConsentDecisionResult> {
      const { uid, decision } = request;
      const interaction = await interactionFor(uid, browserUid);
      if (request.accountId !== user.id)
        throw new AppError("signed_in_as_other", consentAccountChanged);
      const expiresIn = Math.max(1, interaction.exp - Math.floor(now().getTime() / 1000));
      if (decision === "deny") {
        interaction.result = {
          error: "access_denied",
          error_description: "The person did not allow this app to use Tidemark.",
        };
      } else {
        const clientId = String(interaction.params["client_id"]);
        // A fresh grant each time: what the person ticks now is the whole of it, never merged
        // with scopes an earlier consent granted or refused.
        const grant = new provider.Grant({ accountId: user.id, clientId });
        const requested = requestedScopes(interaction.params["scope"]);
        const chosen = requested.filter((scope) => request.scopes.includes(scope));
        if (chosen.length === 0) throw new AppError("invalid_request", chooseSomething);
        const refused = requested.filter((scope) => !chosen.includes(scope));
        grant.addResourceScope(resource, chosen.join(" "));
        // The provider also counts the scopes it lists as its own. Each scope asked for is either
        // granted or refused, both ways, so the provider has nothing left to ask about again.
        const asked = String(interaction.params["scope"] ?? "").split(" ");
        grant.addOIDCScope(
          [...chosen, ...(asked.includes("offline_access") ? ["offline_access"] : [])].join(" "),
        );
        if (refused.length > 0) {
          grant.rejectResourceScope(resource, refused.join(" "));
          grant.rejectOIDCScope(refused.join(" "));
        }
        const grantId = await grant.save();
        await forgetEarlierSession(provider, interaction);
        interaction.result = { login: { accountId: user.id }, consent: { grantId } };
      }
      await interaction.save(expiresIn);
      // Each consent clears what has expired, so the table holds live records, not history.
      await deps.records.deleteExpired();
      return { redirectTo: interaction.returnTo };
    },
  };
}
