import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance } from "fastify";
import { accountRoutes } from "../features/account/account-routes.js";
import { annotationImportsRoutes } from "../features/annotation-imports/annotation-imports-routes.js";
import { createAnnotationImportsRepository } from "../features/annotation-imports/annotation-imports-repository.js";
import { createAnnotationImportsService } from "../features/annotation-imports/annotation-imports-service.js";
import { allAnnotationsRoutes } from "../features/annotations/all-annotations-routes.js";
import { createAllAnnotationsRepository } from "../features/annotations/all-annotations-repository.js";
import { createAllAnnotationsService } from "../features/annotations/all-annotations-service.js";
import { annotationsRoutes } from "../features/annotations/annotations-routes.js";
import { apiDocsRoutes } from "../features/api-v1/api-docs-routes.js";
import { apiV1Routes } from "../features/api-v1/api-v1-routes.js";
import { openApiDocument } from "../features/api-v1/openapi.js";
import { apiTokensRoutes } from "../features/api-tokens/api-tokens-routes.js";
import { auditsRoutes } from "../features/audits/audits-routes.js";
import { signOutCookies } from "../features/auth/auth-instance.js";
import { authRoutes } from "../features/auth/auth-routes.js";
import { createSignInLinkService } from "../features/auth/sign-in-link-service.js";
import { categoriesRoutes } from "../features/categories/categories-routes.js";
import { chatRoutes } from "../features/chat/chat-routes.js";
import { devMailRoutes } from "../features/dev-mail/dev-mail-routes.js";
import { createFeedsRepository } from "../features/feeds/feeds-repository.js";
import { feedsRoutes } from "../features/feeds/feeds-routes.js";
import { createFeedsService } from "../features/feeds/feeds-service.js";
import { googleConnectionRoutes } from "../features/google-connection/google-connection-routes.js";
import { healthRoutes } from "../features/health/health-routes.js";
import { impactRoutes } from "../features/impact/impact-routes.js";
import { createMcpActions } from "../features/mcp/mcp-actions.js";
import { createMcpApprovalsService } from "../features/mcp/mcp-approvals-service.js";
import { createMcpConfirmationsRepository } from "../features/mcp/mcp-confirmations-repository.js";
import { mcpRoutes } from "../features/mcp/mcp-routes.js";
import { oauthRoutes } from "../features/oauth/oauth-routes.js";
import { plansRoutes } from "../features/plans/plans-routes.js";
import { propertiesRoutes } from "../features/properties/properties-routes.js";
import { suggestionsRoutes } from "../features/suggestions/suggestions-routes.js";
import { trafficRoutes } from "../features/traffic/traffic-routes.js";
import { pageOperationRoutes } from "../operations/doors/pages.js";
import { restOperations } from "../operations/doors/rest.js";
import { operations as catalogue } from "../operations/registry.js";
import { minute, type WiredConfig, type Wiring } from "./app-dependencies.js";
import type { Identity } from "./identity.js";
import type { Services } from "./services.js";

/** Every route of the API, the pages' first and the other doors (OAuth, MCP, REST) after. */
export async function registerRoutes(
  app: FastifyInstance,
  wiring: Wiring,
  identity: Identity,
  services: Services,
) {
  await registerSignInRoutes(app, wiring, identity, services);
  await registerPageRoutes(app, wiring, identity, services);
  await registerOtherDoors(app, wiring, identity, services);
}

async function registerSignInRoutes(
  app: FastifyInstance,
  { deps }: Wiring,
  { outbox, auth, users, rateLimiter, addressKey }: Identity,
  { plans }: Services,
) {
  const { config } = deps;
  if (outbox) await app.register(devMailRoutes, { outbox });
  await app.register(healthRoutes, {
    database: deps.database,
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
    limits: signInLimits(config),
  });
}

function signInLimits({ rateLimits }: WiredConfig) {
  return {
    lookup: { name: "lookup", max: rateLimits.lookupsPerMinute, windowMs: minute },
    signInLink: {
      name: "sign-in-link",
      max: rateLimits.signInLinksPer15Minutes,
      windowMs: 15 * minute,
    },
    signInLinkPerClient: {
      name: "sign-in-link-client",
      max: rateLimits.signInLinksPerClientPerHour,
      windowMs: 60 * minute,
    },
    signInStart: {
      name: "sign-in-start",
      max: rateLimits.signInStartsPerMinute,
      windowMs: minute,
    },
    signInLinkTotal: {
      name: "sign-in-link-total",
      max: rateLimits.signInLinksTotalPerHour,
      windowMs: 60 * minute,
    },
    lookupTotal: {
      name: "lookup-total",
      max: rateLimits.lookupsTotalPerHour,
      windowMs: 60 * minute,
    },
  };
}

/** What the signed-in pages call, with the session. */
async function registerPageRoutes(
  app: FastifyInstance,
  { deps, logger, jobs }: Wiring,
  { users }: Identity,
  services: Services,
) {
  const { database, config } = deps;
  const { annotations, properties, categories, impact } = services;
  await app.register(plansRoutes, { plans: services.plans });
  await app.register(googleConnectionRoutes, {
    connections: services.connections,
    secureCookies: config.nodeEnv === "production",
  });
  await app.register(propertiesRoutes, { properties });
  await app.register(annotationsRoutes, { annotations });
  await app.register(allAnnotationsRoutes, {
    allAnnotations: createAllAnnotationsService({
      annotations,
      properties,
      categories,
      repository: createAllAnnotationsRepository(database.db),
      impact,
      logger,
      now: deps.now,
    }),
  });
  await app.register(trafficRoutes, { traffic: services.traffic });
  await app.register(impactRoutes, { impact, explain: services.explain });
  await app.register(pageOperationRoutes, { catalogue, services: services.operationServices });
  await app.register(categoriesRoutes, { categories });
  await app.register(chatRoutes, { chat: services.chat });
  await app.register(auditsRoutes, { audits: services.audits });
  await app.register(suggestionsRoutes, { suggestions: services.suggestions });
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
      sleep: deps.importSleep,
    }),
  });
}

/** The doors for other programs (OAuth, MCP, REST, feeds) and the account's own routes. */
async function registerOtherDoors(
  app: FastifyInstance,
  { deps, logger }: Wiring,
  identity: Identity,
  services: Services,
) {
  const { config, database } = deps;
  const { authorizationServer, oauth, rateLimiter } = identity;
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
  await registerMcp(app, { deps, logger }, identity, services, apiRateLimit);
  await registerAccountRoutes(app, deps.config, identity, services);

  await app.register(apiTokensRoutes, { apiTokens: identity.apiTokens });
  await app.register(feedsRoutes, {
    feeds: createFeedsService({
      repository: createFeedsRepository(database.db),
      annotations: services.annotations,
      properties: services.properties,
      categories: services.categories,
      impact: services.impact,
      appUrl: config.appUrl,
      now: deps.now,
    }),
    rateLimiter,
    // A sheet or dashboard refreshes a few times an hour; this leaves room for many of them.
    rateLimit: { name: "feed", max: 120, windowMs: 60 * minute },
  });
  const operations = restOperations(catalogue, services.operationServices);
  await app.register(apiDocsRoutes, { document: openApiDocument(operations, config.appUrl) });
  await app.register(apiV1Routes, {
    operations,
    rateLimiter,
    rateLimit: apiRateLimit,
    tokens: identity.apiTokens,
    now: deps.now,
  });
}

async function registerMcp(
  app: FastifyInstance,
  { deps, logger }: Pick<Wiring, "deps" | "logger">,
  { authorizationServer, oauth, rateLimiter }: Identity,
  services: Services,
  rateLimit: { name: string; max: number; windowMs: number },
) {
  const mcpConfirmations = createMcpConfirmationsRepository(deps.database.db, deps.now);
  const mcpActionsFor = createMcpActions({
    annotations: services.annotations,
    properties: services.properties,
    categories: services.categories,
    traffic: services.traffic,
    suggestions: services.suggestions,
    explain: services.explain,
    ...(deps.now ? { now: deps.now } : {}),
  });
  await app.register(mcpRoutes, {
    resource: authorizationServer.resource,
    actionsFor: mcpActionsFor,
    services: services.operationServices,
    approvals: createMcpApprovalsService({
      confirmations: mcpConfirmations,
      actionsFor: mcpActionsFor,
      appName: (clientId) => oauth.appName(clientId),
      deletesWithoutAsking: (userId, clientId) => oauth.deletesWithoutAsking(userId, clientId),
      ...(deps.now ? { now: deps.now } : {}),
    }),
    confirmations: mcpConfirmations,
    rateLimiter,
    rateLimit,
    logger,
  });
}

async function registerAccountRoutes(
  app: FastifyInstance,
  config: WiredConfig,
  { auth, rateLimiter, addressKey }: Identity,
  { account }: Services,
) {
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
}
