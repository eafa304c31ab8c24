import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { OAuthError } from "../http/oauth-error.js";
import { sandboxTestClient, type SandboxClientOptions } from "../sandbox-options.js";

export interface RegisteredClient {
  clientId: string;
  clientSecret: string;
  redirectUris: readonly string[];
  displayName: string;
  /** The documented test client accepts any redirect URI on http://localhost:* or http://127.0.0.1:*. */
  anyLoopbackRedirect: boolean;
}

/** The OAuth clients the sandbox knows: the app's own and the documented test client. */
export class ClientRegistry {
  private readonly clients = new Map<string, RegisteredClient>();

  constructor(appClients: readonly SandboxClientOptions[]) {
    this.clients.set(sandboxTestClient.clientId, {
      ...sandboxTestClient,
      redirectUris: [],
      anyLoopbackRedirect: true,
    });
    for (const client of appClients) {
      this.clients.set(client.clientId, {
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        redirectUris: [...client.redirectUris],
        displayName: client.displayName ?? client.clientId,
        anyLoopbackRedirect: false,
      });
    }
  }

  get(clientId: string): RegisteredClient | undefined {
    return this.clients.get(clientId);
  }

  allowsRedirect(client: RegisteredClient, redirectUri: string): boolean {
    if (client.redirectUris.includes(redirectUri)) return true;
    if (!client.anyLoopbackRedirect) return false;
    try {
      const url = new URL(redirectUri);
      return (
        url.protocol === "http:" &&
        (url.hostname === "localhost" || url.hostname === "127.0.0.1") &&
        !url.hash
      );
    } catch {
      return false;
    }
  }

  /**
   * Authenticates the client of a token request (client_secret_basic or client_secret_post),
   * answering like Google: 401 invalid_client for an unknown client or a wrong secret.
   */
  authenticate(headers: IncomingHttpHeaders, form: URLSearchParams): RegisteredClient {
    let clientId = form.get("client_id") ?? undefined;
    let secret = form.get("client_secret") ?? undefined;
    const authorization = headers.authorization;
    if (authorization?.toLowerCase().startsWith("basic ")) {
      const decoded = Buffer.from(authorization.slice(6).trim(), "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      if (colon > 0) {
        clientId = decodeFormComponent(decoded.slice(0, colon));
        secret = decodeFormComponent(decoded.slice(colon + 1));
      }
    }
    if (!clientId)
      throw new OAuthError(400, "invalid_request", "Could not determine client ID from request.");
    const client = this.clients.get(clientId);
    if (!client) throw new OAuthError(401, "invalid_client", "The OAuth client was not found.");
    if (secret === undefined || !sameSecret(secret, client.clientSecret))
      throw new OAuthError(401, "invalid_client", "Unauthorized");
    return client;
  }
}

function decodeFormComponent(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return value;
  }
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
