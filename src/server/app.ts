import { fromNodeHeaders } from "better-auth/node";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { pino } from "pino";
import type { Database } from "./db/database.js";
import type { AppConfig } from "./env.js";
import { createAccountRepository } from "./features/account/account-repository.js";
import { accountRoutes } from "./features/account/account-routes.js";
import { createApiTokensRepository } from "./features/api-tokens/api-tokens-repository.js";
import { apiTokensRoutes } from "./features/api-tokens/api-tokens-routes.js";
import { createApiTokensService } from "./features/api-tokens/api-tokens-service.js";
import { createFeedsRepository } from "./features/feeds/feeds-repository.js";
import { feedsRoutes } from "./features/feeds/feeds-routes.js";
import { createFeedsService } from "./features/feeds/feeds-service.js";
import { apiOperations } from "./features/api-v1/api-v1-operations.js";
import { apiV1Routes } from "./features/api-v1/api-v1-routes.js";
import { apiDocsRoutes } from "./features/api-v1/api-docs-routes.js";
import { openApiDocument } from "./features/api-v1/openapi.js";
import { createAccountService } from "./features/account/account-service.js";
import { createAccountTombstones } from "./features/account/account-tombstones.js";
import { createDeletedAccountsRepository } from "./features/account/deleted-accounts-repository.js";
import { createGoogleRevocations } from "./features/account/google-revocations.js";
import { createAuth, openSignInToken, signOutCookies } from "./features/auth/auth-instance.js";
import { authRoutes } from "./features/auth/auth-routes.js";
import { createSignInLinkService } from "./features/auth/sign-in-link-service.js";
import { createSessionsRepository } from "./features/auth/sessions-repository.js";
import { registerSessionUser } from "./features/auth/session-user.js";
import { createAnnotationRecordsRepository } from "./features/annotations/annotation-records-repository.js";
import { createAnnotationsService } from "./features/annotations/annotations-service.js";
import { createCategoriesRepository } from "./features/categories/categories-repository.js";
import { categoriesRoutes } from "./features/categories/categories-routes.js";
import { createCategoriesService } from "./features/categories/categories-service.js";
import { annotationsRoutes } from "./features/annotations/annotations-routes.js";
import { bulkAnnotationsRoutes } from "./features/annotations/bulk-annotations-routes.js";
import { createBulkAnnotationsService } from "./features/annotations/bulk-annotations-service.js";
import { createAnnotationSetsRepository } from "./features/annotations/annotation-sets-repository.js";
import { allAnnotationsRoutes } from "./features/annotations/all-annotations-routes.js";
import { createAllAnnotationsRepository } from "./features/annotations/all-annotations-repository.js";
import { createAllAnnotationsService } from "./features/annotations/all-annotations-service.js";
import { createCreateRequestsRepository } from "./features/annotations/create-requests-repository.js";
import { createDailyQuotaRepository } from "./features/annotations/daily-quota-repository.js";
import { createAnalyticsGateway } from "./features/google-connection/analytics-gateway.js";
import { createChatRepository } from "./features/chat/chat-repository.js";
import { chatRoutes } from "./features/chat/chat-routes.js";
import { createAssistantAllowance } from "./features/chat/assistant-allowance.js";
import { createChatService, type AssistantEngine } from "./features/chat/chat-service.js";
import { createOfflineAssistant } from "./features/chat/skills/offline-assistant.js";
import { createGoogleConnectionRepository } from "./features/google-connection/google-connection-repository.js";
import { googleConnectionRoutes } from "./features/google-connection/google-connection-routes.js";
import { createGoogleConnectionService } from "./features/google-connection/google-connection-service.js";
import { healthRoutes } from "./features/health/health-routes.js";
import { createMcpConfirmationsRepository } from "./features/mcp/mcp-confirmations-repository.js";
import { mcpRoutes } from "./features/mcp/mcp-routes.js";
import { createAuthorizationServer } from "./features/oauth/authorization-server.js";
import { createOAuthRecordsRepository } from "./features/oauth/oauth-records-repository.js";
import { oauthRoutes } from "./features/oauth/oauth-routes.js";
import { createOAuthService } from "./features/oauth/oauth-service.js";
import { mcpOAuthPaths } from "../shared/contracts/oauth.js";
import { devMailRoutes } from "./features/dev-mail/dev-mail-routes.js";
import { OneLineRequestLog } from "./http/request-log.js";
import { createPropertiesRepository } from "./features/properties/properties-repository.js";
import { propertiesRoutes } from "./features/properties/properties-routes.js";
import { createPropertiesService } from "./features/properties/properties-service.js";
import { createPlansRepository } from "./features/plans/plans-repository.js";
import { plansRoutes } from "./features/plans/plans-routes.js";
import { createPlansService } from "./features/plans/plans-service.js";
import { createUsersRepository } from "./features/auth/users-repository.js";
import { registerApiCompression } from "./http/compression.js";
import { answerFrameworkError, registerErrorHandling } from "./http/error-handling.js";
import { registerIdentity } from "./http/identity.js";
import { registerOriginGuard } from "./http/origin-guard.js";
import { registerRouteTable } from "./http/route-table.js";
import { createRateLimiter } from "./http/rate-limiter.js";
import { builtInlineScriptHashes } from "./http/inline-scripts.js";
import { registerSecurityHeaders } from "./http/security-headers.js";
import { registerWebApp } from "./http/web-app.js";
import type { AuditReviewer } from "./features/audits/audit-reviewer.js";
import { createAuditsRepository } from "./features/audits/audits-repository.js";
import { auditsRoutes } from "./features/audits/audits-routes.js";
import { createAuditsService } from "./features/audits/audits-service.js";
import { createOfflineReviewer } from "./features/audits/offline-reviewer.js";
import { createJobQueue, type JobQueue } from "./jobs/job-queue.js";
import { createAnalyticsAdmin } from "./integrations/google/analytics-admin.js";
import { createAnalyticsData } from "./integrations/google/analytics-data.js";
import { createTrafficRepository } from "./features/traffic/traffic-repository.js";
import { trafficRoutes } from "./features/traffic/traffic-routes.js";
import { createTrafficService } from "./features/traffic/traffic-service.js";
import { createSuggestionsRepository } from "./features/suggestions/suggestions-repository.js";
import { suggestionsRoutes } from "./features/suggestions/suggestions-routes.js";
import { annotationImportsRoutes } from "./features/annotation-imports/annotation-imports-routes.js";
import { createAnnotationImportsRepository } from "./features/annotation-imports/annotation-imports-repository.js";
import { createAnnotationImportsService } from "./features/annotation-imports/annotation-imports-service.js";
import { createSuggestionsService } from "./features/suggestions/suggestions-service.js";
import type { GoogleEndpoints } from "./integrations/google/google-endpoints.js";
import { createGoogleOAuth } from "./integrations/google/google-oauth.js";
import { interactiveRetryPolicy, type RetryPolicy } from "./integrations/google/google-retry.js";
import { createAddressKey } from "./security/address-key.js";
import { createSecretBox, parseEncryptionKey } from "./security/secret-box.js";
import {
  createLogMailer,
  createSmtpMailer,
  refuseLogMailerInProduction,
  type Mailer,
  type Outbox,
} from "./integrations/mailer/mailer.js";
import { webDistFolder } from "./paths.js";

export interface AppDependencies {
  config: AppConfig;
  database: Database;
  /** Where Google (or the sandbox standing in for it) is. */
  google: GoogleEndpoints;
  /** Defaults to a silent logger, which is what tests want. */
  logger?: FastifyBaseLogger;
  /** Defaults to SMTP when configured, else one log line per sign-in link. */
  mailer?: Mailer;
  /** Where the built web app lives; null to serve the API only. */
  webRoot?: string | null;
  /** The clock, for tests that cross midnight. */
  now?: () => Date;
  /** The assistant's engine; defaults to what config.llm says. Tests pass a scripted model. */
  assistantEngine?: AssistantEngine;
  /** How Google calls are retried; tests pass one that does not wait. */
  googleRetryPolicy?: RetryPolicy;
  /** How long one Admin API call may go without an answer (tests shorten it to provoke timeouts). */
  googleRequestTimeoutMs?: number;
  /**
   * The durable job queue; defaults to pg-boss on `database`. The app defines its jobs on it,
   * starts it when the app is ready and stops it when the app closes.
   */
  jobs?: JobQueue;
  /** The audit's reviewer; defaults to what config.llm says. Tests pass a scripted one. */
  auditReviewer?: AuditReviewer;
  /** Waits between an audit's review attempts; tests pass one that does not. */
  auditSleep?: (ms: number) => Promise<void>;
  /** Whether the instance is on its way out (the health check then sends balancers elsewhere). */
  isDraining?: () => boolean;
  /** How a revoke Google does not answer is retried; tests shorten the wait. */
  googleRevokeRetry?: { limit: number; delaySeconds: number };
}

const minute = 60_000;

/** A sign-in link in the terminal: a line of its own, bold where the terminal shows it. */
function printPlainLine(line: string): void {
  process.stdout.write(process.stdout.isTTY ? `\n\x1b[1m${line}\x1b[0m\n\n` : `${line}\n`);
}

/** Builds the HTTP app from its dependencies; it opens nothing itself, so tests can pass their own. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  if (!config.sessionSecret || !config.tokenEncryptionKey) {
    throw new Error(
      "buildApp needs config.sessionSecret and config.tokenEncryptionKey (startServer provides them).",
    );
  }
  const logger = deps.logger ?? pino({ level: "silent" });
  const app: FastifyInstance = Fastify({
    loggerInstance: logger,
    // Behind a load balancer the client address arrives in X-Forwarded-For.
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    frameworkErrors: answerFrameworkError,
    logController: new OneLineRequestLog({ structured: config.logFormat === "json" }),
  });

  const jobs = deps.jobs ?? createJobQueue({ database, logger });
  // Jobs start once every feature has defined its own, and stop before the database closes.
  app.addHook("onReady", () => jobs.start());
  app.addHook("onClose", () => jobs.stop());

  registerErrorHandling(app);
  const webRoot =
    deps.webRoot === undefined ? (config.serveWeb ? webDistFolder : null) : deps.webRoot;
  registerSecurityHeaders(app, {
    production: config.nodeEnv === "production",
    inlineScriptHashes: builtInlineScriptHashes(webRoot),
  });
  registerRouteTable(app);
  registerOriginGuard(app, { trustedOrigins: [config.appUrl] });
  await registerApiCompression(app);

  let mailer: Mailer;
  // Without SMTP, outside production, links go to the terminal and the local /dev/mail page.
  let outbox: Outbox | null = null;
  if (deps.mailer) mailer = deps.mailer;
  else if (config.smtpUrl)
    mailer = createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  else if (config.nodeEnv === "production") refuseLogMailerInProduction();
  else {
    const logMailer = createLogMailer(logger, {
      ...(config.logFormat === "pretty" ? { plainLine: printPlainLine } : {}),
    });
    mailer = logMailer;
    outbox = logMailer.outbox;
  }
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

  const connections = createGoogleConnectionService({
    repository: createGoogleConnectionRepository(database.db),
    oauth: createGoogleOAuth(deps.google, deps.now),
    box: createSecretBox(parseEncryptionKey(config.tokenEncryptionKey)),
    callbackUrl: `${config.appUrl}/api/google/callback`,
    now: deps.now,
  });
  const gateway = createAnalyticsGateway({
    connections,
    admin: createAnalyticsAdmin({
      rootUrl: deps.google.adminApiRoot,
      ...(deps.googleRequestTimeoutMs ? { timeoutMs: deps.googleRequestTimeoutMs } : {}),
    }),
    retryPolicy: deps.googleRetryPolicy ?? interactiveRetryPolicy,
  });
  const properties = createPropertiesService({
    repository: createPropertiesRepository(database.db),
    gateway,
    now: deps.now,
  });
  const plans = createPlansService({
    repository: createPlansRepository(database.db),
    findUser: (id) => users.findById(id),
    access: {
      premiumTesterEmails: config.premiumTesterEmails,
      auditBetaEmails: config.auditBetaEmails,
    },
    keepOnePropertyForFreePlan: (user) => properties.keepOneForFreePlan(user),
    now: deps.now,
  });
  const categories = createCategoriesService({
    repository: createCategoriesRepository(database.db),
  });
  const annotationRecords = createAnnotationRecordsRepository(database.db);
  const annotations = createAnnotationsService({
    gateway,
    properties,
    categories,
    records: annotationRecords,
    quota: createDailyQuotaRepository(database.db),
    createRequests: createCreateRequestsRepository(database.db),
    sets: createAnnotationSetsRepository(database.db),
    logger,
    now: deps.now,
  });
  const traffic = createTrafficService({
    gateway,
    data: createAnalyticsData({ rootUrl: deps.google.dataApiRoot }),
    properties,
    annotations,
    repository: createTrafficRepository(database.db),
    now: deps.now,
  });

  const chatRepository = createChatRepository(database.db);
  const assistantEngine = deps.assistantEngine ?? (await assistantEngineFor(config.llm, logger));
  // The offline engine's reading thread ends with the app that made it.
  if (!deps.assistantEngine && assistantEngine.kind === "offline")
    app.addHook("onClose", () => assistantEngine.assistant.close());
  const suggestions = createSuggestionsService({
    repository: createSuggestionsRepository(database.db),
    annotations,
    categories,
    properties,
    findUser: (id) => users.findById(id),
    // Webhook secrets are sealed like Google's tokens: verifying a signature needs them back.
    box: createSecretBox(parseEncryptionKey(config.tokenEncryptionKey)),
    jobs,
    sourceDeps: { gateway, traffic },
    appUrl: config.appUrl,
    logger,
    now: deps.now,
  });

  const chat = createChatService({
    chat: chatRepository,
    suggestions,
    // What the assistant changes is recorded as the assistant's.
    annotations: {
      ...annotations,
      create: (user, propertyId, request) =>
        annotations.create(user, propertyId, request, "assistant"),
      createOnProperties: (user, request) =>
        annotations.createOnProperties(user, request, "assistant"),
      update: (user, propertyId, annotationId, request) =>
        annotations.update(user, propertyId, annotationId, request, "assistant"),
      remove: (user, propertyId, annotationId) =>
        annotations.remove(user, propertyId, annotationId, "assistant"),
      undo: (user, propertyId, changeId, request) =>
        annotations.undo(user, propertyId, changeId, request, "assistant"),
    },
    properties,
    categories,
    traffic,
    engine: assistantEngine,
    allowance: createAssistantAllowance({
      chat: chatRepository,
      // On the app's clock, as the day's count is, so a minute passes alike for both.
      rateLimiter: createRateLimiter(database.db, () => (deps.now?.() ?? new Date()).getTime()),
      subjectOf: (user) => addressKey(user.email),
      limits: {
        freeMessagesPerDay: config.assistantDailyMessageLimit,
        premium: config.premiumAssistantFairUse,
      },
      now: deps.now,
    }),
    now: deps.now,
  });

  const audits = createAuditsService({
    repository: createAuditsRepository(database.db),
    // What an audit changes is recorded as the audit's.
    annotations: {
      ...annotations,
      update: (user, propertyId, annotationId, request) =>
        annotations.update(user, propertyId, annotationId, request, "audit"),
    },
    categories,
    properties,
    findUser: (id) => users.findById(id),
    isAuditBetaUser: plans.isAuditBetaUser,
    reviewer: deps.auditReviewer ?? (await auditReviewerFor(config.llm)),
    jobs,
    logger,
    now: deps.now,
    sleep: deps.auditSleep,
  });

  const account = createAccountService({
    repository: createAccountRepository(database.db),
    tombstones,
    revocations: createGoogleRevocations({
      repository: deletedAccounts,
      connections,
      jobs,
      logger,
      retry: deps.googleRevokeRetry,
      now: deps.now,
    }),
    connections,
    jobs,
    logger,
    openSignInToken: (stored) => openSignInToken(auth, stored),
    now: deps.now,
  });

  if (outbox) await app.register(devMailRoutes, { outbox });
  await app.register(healthRoutes, {
    database,
    isDraining: deps.isDraining ?? (() => false),
  });
  await app.register(authRoutes, {
    auth,
    appUrl: config.appUrl,
    users,
    plans,
    signInLinks: createSignInLinkService({ auth, secret: config.sessionSecret }),
    rateLimiter,
    addressKey,
    limits: {
      lookup: { name: "lookup", max: config.rateLimits.lookupsPerMinute, windowMs: minute },
      signInLink: {
        name: "sign-in-link",
        max: config.rateLimits.signInLinksPer15Minutes,
        windowMs: 15 * minute,
      },
      signInLinkPerClient: {
        name: "sign-in-link-client",
        max: config.rateLimits.signInLinksPerClientPerHour,
        windowMs: 60 * minute,
      },
      signInStart: {
        name: "sign-in-start",
        max: config.rateLimits.signInStartsPerMinute,
        windowMs: minute,
      },
      signInLinkTotal: {
        name: "sign-in-link-total",
        max: config.rateLimits.signInLinksTotalPerHour,
        windowMs: 60 * minute,
      },
      lookupTotal: {
        name: "lookup-total",
        max: config.rateLimits.lookupsTotalPerHour,
        windowMs: 60 * minute,
      },
    },
  });
  await app.register(plansRoutes, { plans });
  await app.register(googleConnectionRoutes, {
    connections,
    secureCookies: config.nodeEnv === "production",
  });
  await app.register(propertiesRoutes, { properties });
  await app.register(bulkAnnotationsRoutes, {
    bulk: createBulkAnnotationsService({
      annotations,
      records: annotationRecords,
      categories,
      logger,
    }),
  });
  await app.register(annotationsRoutes, { annotations });
  await app.register(allAnnotationsRoutes, {
    allAnnotations: createAllAnnotationsService({
      annotations,
      properties,
      categories,
      repository: createAllAnnotationsRepository(database.db),
      logger,
      now: deps.now,
    }),
  });
  await app.register(trafficRoutes, { traffic });
  await app.register(categoriesRoutes, { categories });
  await app.register(chatRoutes, { chat });
  await app.register(auditsRoutes, { audits });
  await app.register(suggestionsRoutes, { suggestions });
  await app.register(annotationImportsRoutes, {
    // What an import writes is recorded as the import's, through the pages' own path.
    imports: createAnnotationImportsService({
      repository: createAnnotationImportsRepository(database.db),
      annotations,
      properties,
      categories,
      findUser: (id) => users.findById(id),
      jobs,
      logger,
      now: deps.now,
    }),
  });
  await app.register(oauthRoutes, {
    server: authorizationServer,
    oauth,
    appUrl: config.appUrl,
    rateLimiter,
    registrationLimit: { name: "oauth-register", max: 20, windowMs: 60 * minute },
  });
  const apiRateLimit = {
    name: "api",
    max: config.rateLimits.apiRequestsPerMinute,
    windowMs: minute,
  };
  await app.register(mcpRoutes, {
    resource: authorizationServer.resource,
    annotations,
    properties,
    categories,
    traffic,
    suggestions,
    confirmations: createMcpConfirmationsRepository(database.db, deps.now),
    rateLimiter,
    rateLimit: apiRateLimit,
    logger,
    now: deps.now,
  });
  await app.register(accountRoutes, {
    account,
    rateLimiter,
    addressKey,
    limits: {
      export: {
        name: "account-export",
        max: config.rateLimits.accountExportsPerHour,
        windowMs: 60 * minute,
      },
      delete: {
        name: "account-delete",
        max: config.rateLimits.accountDeletionsPerHour,
        windowMs: 60 * minute,
      },
    },
    signOutCookies: (request) => signOutCookies(auth, fromNodeHeaders(request.headers)),
  });

  await app.register(apiTokensRoutes, { apiTokens });
  await app.register(feedsRoutes, {
    feeds: createFeedsService({
      repository: createFeedsRepository(database.db),
      annotations,
      properties,
      categories,
      appUrl: config.appUrl,
      now: deps.now,
    }),
    rateLimiter,
    // A sheet or dashboard refreshes a few times an hour; this leaves room for many of them.
    rateLimit: { name: "feed", max: 120, windowMs: 60 * minute },
  });
  const operations = apiOperations({ annotations, categories, properties, suggestions });
  await app.register(apiDocsRoutes, { document: openApiDocument(operations, config.appUrl) });
  await app.register(apiV1Routes, {
    operations,
    rateLimiter,
    rateLimit: apiRateLimit,
    tokens: apiTokens,
    now: deps.now,
  });

  await registerWebApp(app, {
    webRoot,
    production: config.nodeEnv === "production",
    isSignedIn: async (request) => (await request.sessionUser()) !== null,
    currentUser: async (request) => {
      const user = await request.sessionUser();
      return user ? plans.toCurrentUser(user) : null;
    },
  });

  return app;
}

async function assistantEngineFor(
  llm: AppConfig["llm"],
  logger: FastifyBaseLogger,
): Promise<AssistantEngine> {
  if (llm.provider === "offline") return { kind: "offline", assistant: createOfflineAssistant() };
  // The provider SDKs load only when one is configured: start-up stays fast without them.
  const [{ createLanguageModel }, { createLlmAssistant }] = await Promise.all([
    import("./features/chat/language-model.js"),
    import("./features/chat/llm-assistant.js"),
  ]);
  return {
    kind: "llm",
    assistant: createLlmAssistant({
      model: createLanguageModel(llm),
      timeoutMs: llm.timeoutMs,
      logger,
    }),
  };
}

async function auditReviewerFor(llm: AppConfig["llm"]): Promise<AuditReviewer> {
  if (llm.provider === "offline") return createOfflineReviewer();
  const [{ createLanguageModel }, { createLlmReviewer }] = await Promise.all([
    import("./features/chat/language-model.js"),
    import("./features/audits/llm-reviewer.js"),
  ]);
  return createLlmReviewer({ model: createLanguageModel(llm), timeoutMs: llm.timeoutMs });
}
