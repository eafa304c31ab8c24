import type { FastifyInstance } from "fastify";
import { createAccountRepository } from "../features/account/account-repository.js";
import { createAccountService } from "../features/account/account-service.js";
import { createGoogleRevocations } from "../features/account/google-revocations.js";
import { createAnnotationRecordsRepository } from "../features/annotations/annotation-records-repository.js";
import { createAnnotationSetsRepository } from "../features/annotations/annotation-sets-repository.js";
import {
  createAnnotationsService,
  type AnnotationsService,
} from "../features/annotations/annotations-service.js";
import { createBulkAnnotationsService } from "../features/annotations/bulk-annotations-service.js";
import { createCreateRequestsRepository } from "../features/annotations/create-requests-repository.js";
import { createDailyQuotaRepository } from "../features/annotations/daily-quota-repository.js";
import { openSignInToken } from "../features/auth/auth-instance.js";
import { createAuditsRepository } from "../features/audits/audits-repository.js";
import { createAuditsService } from "../features/audits/audits-service.js";
import { createCategoriesRepository } from "../features/categories/categories-repository.js";
import { createCategoriesService } from "../features/categories/categories-service.js";
import { createAssistantAllowance } from "../features/chat/assistant-allowance.js";
import { createChatRepository } from "../features/chat/chat-repository.js";
import { createChatService } from "../features/chat/chat-service.js";
import { createAnalyticsGateway } from "../features/google-connection/analytics-gateway.js";
import { createGoogleConnectionRepository } from "../features/google-connection/google-connection-repository.js";
import { createGoogleConnectionService } from "../features/google-connection/google-connection-service.js";
import { createExplainService } from "../features/impact/explain-service.js";
import { createImpactService } from "../features/impact/impact-service.js";
import { createPlansRepository } from "../features/plans/plans-repository.js";
import { createPlansService } from "../features/plans/plans-service.js";
import { createPropertiesRepository } from "../features/properties/properties-repository.js";
import { createPropertiesService } from "../features/properties/properties-service.js";
import { createSuggestionsRepository } from "../features/suggestions/suggestions-repository.js";
import { createSuggestionsService } from "../features/suggestions/suggestions-service.js";
import { createTrafficRepository } from "../features/traffic/traffic-repository.js";
import { createTrafficService } from "../features/traffic/traffic-service.js";
import { createRateLimiter } from "../http/rate-limiter.js";
import { createAnalyticsAdmin } from "../integrations/google/analytics-admin.js";
import { createAnalyticsData } from "../integrations/google/analytics-data.js";
import { createGoogleOAuth } from "../integrations/google/google-oauth.js";
import { interactiveRetryPolicy } from "../integrations/google/google-retry.js";
import { createSecretBox, parseEncryptionKey } from "../security/secret-box.js";
import type { Wiring } from "./app-dependencies.js";
import { assistantEngineFor, auditReviewerFor } from "./engines.js";
import type { Identity } from "./identity.js";

/**
 * The services, built in the order they rest on one another: Google and the annotations first,
 * then what reads them (suggestions, impact, the assistant), then audits and the account.
 */
export async function wireServices(app: FastifyInstance, wiring: Wiring, identity: Identity) {
  const annotationServices = wireAnnotationServices(wiring, identity);
  const assistantServices = await wireAssistantServices(app, wiring, identity, annotationServices);
  const { deps, logger, jobs } = wiring;
  const { annotations, categories, properties, plans, connections } = annotationServices;
  const audits = createAuditsService({
    repository: createAuditsRepository(deps.database.db),
    // What an audit changes is recorded as the audit's.
    annotations: {
      ...annotations,
      update: (user, propertyId, annotationId, request) =>
        annotations.update(user, propertyId, annotationId, request, "audit"),
    },
    categories,
    properties,
    findUser: (id) => identity.users.findById(id),
    isAuditBetaUser: plans.isAuditBetaUser,
    reviewer: deps.auditReviewer ?? (await auditReviewerFor(deps.config.llm)),
    jobs,
    logger,
    now: deps.now,
    sleep: deps.auditSleep,
  });
  const account = createAccountService({
    repository: createAccountRepository(deps.database.db),
    tombstones: identity.tombstones,
    revocations: createGoogleRevocations({
      repository: identity.deletedAccounts,
      connections,
      jobs,
      logger,
      retry: deps.googleRevokeRetry,
      now: deps.now,
    }),
    connections,
    jobs,
    logger,
    openSignInToken: (stored) => openSignInToken(identity.auth, stored),
    now: deps.now,
  });
  return { ...annotationServices, ...assistantServices, audits, account };
}

export type Services = Awaited<ReturnType<typeof wireServices>>;

/** Google's connection and the properties, plans, categories, annotations and traffic on it. */
function wireAnnotationServices({ deps, logger }: Wiring, { users }: Identity) {
  const { config, database } = deps;
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
    ...(deps.googleRequestTimeoutMs ? { requestTimeoutMs: deps.googleRequestTimeoutMs } : {}),
  });
  const traffic = createTrafficService({
    gateway,
    data: createAnalyticsData({ rootUrl: deps.google.dataApiRoot }),
    properties,
    annotations,
    repository: createTrafficRepository(database.db),
    now: deps.now,
  });
  return {
    connections,
    gateway,
    properties,
    plans,
    categories,
    annotationRecords,
    annotations,
    traffic,
  };
}

/**
 * What reads the annotations and their traffic: the suggestions inbox, impact and its
 * explanation, the operation catalogue's services, and the assistant that uses them all.
 */
async function wireAssistantServices(
  app: FastifyInstance,
  { deps, logger, jobs }: Wiring,
  { users, addressKey }: Identity,
  base: ReturnType<typeof wireAnnotationServices>,
) {
  const { config, database } = deps;
  const { annotations, categories, properties, traffic, gateway } = base;
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

  // Did it work, and why did it move: the pages, every door and the assistant ask these two.
  const impact = createImpactService({ traffic, annotations });
  const explain = createExplainService({ traffic, annotations, suggestions });
  // The operation catalogue runs on these, whichever door it is called through.
  const bulk = createBulkAnnotationsService({
    annotations,
    records: base.annotationRecords,
    categories,
    logger,
  });
  const operationServices = {
    annotations,
    bulk,
    categories,
    properties,
    suggestions,
    impact,
    explain,
  };
  const chat = createChatService({
    chat: chatRepository,
    suggestions,
    impact,
    explain,
    operations: operationServices,
    annotations: recordedAsAssistant(annotations),
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
  return { suggestions, impact, explain, operationServices, chat };
}

/** What the assistant changes is recorded as the assistant's. */
function recordedAsAssistant(annotations: AnnotationsService): AnnotationsService {
  return {
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
    restore: (user, propertyId, annotationId, changeId, request) =>
      annotations.restore(user, propertyId, annotationId, changeId, request, "assistant"),
  };
}
