import type { FastifyInstance } from "fastify";
import { mcpOAuthPaths } from "../../shared/contracts/oauth.js";
import { createAccountTombstones } from "../features/account/account-tombstones.js";
import { createDeletedAccountsRepository } from "../features/account/deleted-accounts-repository.js";
import { createApiTokensRepository } from "../features/api-tokens/api-tokens-repository.js";
import { createApiTokensService } from "../features/api-tokens/api-tokens-service.js";
import { createAuth } from "../features/auth/auth-instance.js";
import { registerSessionUser } from "../features/auth/session-user.js";
import { createSessionsRepository } from "../features/auth/sessions-repository.js";
import { createUsersRepository } from "../features/auth/users-repository.js";
import { createAuthorizationServer } from "../features/oauth/authorization-server.js";
import { createOAuthRecordsRepository } from "../features/oauth/oauth-records-repository.js";
import { createOAuthService } from "../features/oauth/oauth-service.js";
import { registerIdentity } from "../http/identity.js";
import { createRateLimiter } from "../http/rate-limiter.js";
import {
  createLogMailer,
  createSmtpMailer,
  refuseLogMailerInProduction,
  type Mailer,
  type Outbox,
} from "../integrations/mailer/mailer.js";
import { createAddressKey } from "../security/address-key.js";
import type { Wiring } from "./app-dependencies.js";

/**
 * Who is asking: sign-in (its mail and the accounts it remembers after deletion), the session,
 * and the bearer tokens of the REST API and of the apps signed in through OAuth.
 */
export async function wireIdentity(app: FastifyInstance, { deps, logger }: Wiring) {
  const { config, database } = deps;
  const { mailer, outbox } = chooseMailer({ deps, logger });
  const addressKey = createAddressKey(config.sessionSecret);
  const deletedAccounts = createDeletedAccountsRepository(database.db);
  const tombstones = createAccountTombstones({
    repository: deletedAccounts,
    addressKey,
    now: deps.now,
  });
  const auth = createAuth({
    db: database.db,
    appUrl: config.appUrl,
    secret: config.sessionSecret,
    production: config.nodeEnv === "production",
    google: deps.google,
    mailer,
    logger,
    startingLimits: (email) => tombstones.carriedTo(email),
  });
  const users = createUsersRepository(database.db);
  const rateLimiter = createRateLimiter(database.db);
  await registerSessionUser(app, {
    auth,
    users,
    sessions: createSessionsRepository(database.db),
    secret: config.sessionSecret,
  });
  const oauthRecords = createOAuthRecordsRepository(database.db, deps.now);
  const authorizationServer = createAuthorizationServer({
    appUrl: config.appUrl,
    secret: config.sessionSecret,
    records: oauthRecords,
    production: config.nodeEnv === "production",
    ...(deps.loopbackClientDocuments
      ? { loopbackClientDocuments: deps.loopbackClientDocuments }
      : {}),
  });
  const oauth = createOAuthService({
    server: authorizationServer,
    records: oauthRecords,
    findUser: (id) => users.findById(id),
    now: deps.now,
  });
  const apiTokens = createApiTokensService({
    repository: createApiTokensRepository(database.db),
    now: deps.now,
  });
  registerIdentity(app, {
    sessionUser: (request) => request.sessionUser(),
    bearerResolvers: [(token) => apiTokens.resolve(token), oauth.resolveAccessToken],
    // A refused call to /mcp points the client at how to get a token (RFC 9728).
    bearerChallenge: (request, error) => {
      const resourceMetadata =
        request.routeOptions.config?.resource === authorizationServer.resource
          ? `, resource_metadata="${config.appUrl}${mcpOAuthPaths.protectedResourceMetadata}${mcpOAuthPaths.mcp}"`
          : "";
      return `Bearer realm="Tidemark"${error ? `, error="${error}"` : ""}${resourceMetadata}`;
    },
  });
  return {
    outbox,
    addressKey,
    deletedAccounts,
    tombstones,
    auth,
    users,
    rateLimiter,
    authorizationServer,
    oauth,
    apiTokens,
  };
}

export type Identity = Awaited<ReturnType<typeof wireIdentity>>;

/** Without SMTP, outside production, links go to the terminal and the local /dev/mail page. */
function chooseMailer({ deps, logger }: Pick<Wiring, "deps" | "logger">): {
  mailer: Mailer;
  outbox: Outbox | null;
} {
  const { config } = deps;
  if (deps.mailer) return { mailer: deps.mailer, outbox: null };
  if (config.smtpUrl)
    return {
      mailer: createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
      outbox: null,
    };
  if (config.nodeEnv === "production") refuseLogMailerInProduction();
  const logMailer = createLogMailer(logger, {
    ...(config.logFormat === "pretty" ? { plainLine: printPlainLine } : {}),
  });
  return { mailer: logMailer, outbox: logMailer.outbox };
}

/** A sign-in link in the terminal: a line of its own, bold where the terminal shows it. */
function printPlainLine(line: string): void {
  process.stdout.write(process.stdout.isTTY ? `\n\x1b[1m${line}\x1b[0m\n\n` : `${line}\n`);
}
