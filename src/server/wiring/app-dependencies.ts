import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database.js";
import type { AppConfig } from "../env.js";
import type { AuditReviewer } from "../features/audits/audit-reviewer.js";
import type { AssistantEngine } from "../features/chat/chat-service.js";
import type { GoogleEndpoints } from "../integrations/google/google-endpoints.js";
import type { RetryPolicy } from "../integrations/google/google-retry.js";
import type { Mailer } from "../integrations/mailer/mailer.js";
import type { JobQueue } from "../jobs/job-queue.js";

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
  /** Waits before an import tries again the rows Google has not confirmed; tests move their clock. */
  importSleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Whether the instance is on its way out (the health check then sends balancers elsewhere). */
  isDraining?: () => boolean;
  /** How a revoke Google does not answer is retried; tests shorten the wait. */
  googleRevokeRetry?: { limit: number; delaySeconds: number };
  /** Tests only: fetch Client ID Metadata Documents served on this machine with this function. */
  loopbackClientDocuments?: { fetch: typeof fetch };
}

/** The configuration once `buildApp` has checked that the secrets every part needs are there. */
export type WiredConfig = AppConfig & { sessionSecret: string; tokenEncryptionKey: string };

export function hasSecrets(config: AppConfig): config is WiredConfig {
  return Boolean(config.sessionSecret && config.tokenEncryptionKey);
}

/** What each part of the app is built from: its dependencies, with the defaults chosen. */
export interface Wiring {
  deps: AppDependencies & { config: WiredConfig };
  logger: FastifyBaseLogger;
  jobs: JobQueue;
}

export const minute = 60_000;
