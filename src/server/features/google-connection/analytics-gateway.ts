import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import { GoogleApiError } from "../../integrations/google/google-api-error.js";
import type { AnalyticsAdmin } from "../../integrations/google/analytics-admin.js";
import { withGoogleRetry, type RetryPolicy } from "../../integrations/google/google-retry.js";
import { reconnectMessage, type GoogleConnectionService } from "./google-connection-service.js";
import {
  changeHistoryReadOnlyMessage,
  readOnlyConnectionMessage,
  toAppError,
  type GoogleSubject,
} from "./google-error-messages.js";

/**
 * The one way features reach the Analytics Admin API on a person's behalf: it supplies a fresh
 * access token, retries transient failures, ends a connection Google rejects (401) and turns
 * every failure into a message for the person.
 */
export function createAnalyticsGateway(deps: {
  connections: GoogleConnectionService;
  admin: AnalyticsAdmin;
  retryPolicy: RetryPolicy;
}) {
  async function call<T>(
    user: User,
    subject: GoogleSubject,
    work: (admin: AnalyticsAdmin, token: string) => Promise<T>,
    options: {
      requiresWrite?: boolean;
      /** Retry transient failures (reads, and writes that are safe to repeat). */
      retry: boolean;
      /** Before repeating a write, finds out whether the failed attempt took effect after all. */
      beforeRetry?: (
        admin: AnalyticsAdmin,
        token: string,
        failure: GoogleApiError,
      ) => Promise<{ done: true; value: T } | { done: false }>;
    },
  ): Promise<T> {
    const { token, canWrite } = await deps.connections.accessToken(user);
    if (options.requiresWrite && !canWrite) {
      throw new AppError(
        "google_read_only",
        subject === "changeHistory" ? changeHistoryReadOnlyMessage : readOnlyConnectionMessage,
      );
    }
    try {
      const attempt = () => work(deps.admin, token);
      if (!options.retry) return await attempt();
      const beforeRetry = options.beforeRetry;
      return await withGoogleRetry(
        attempt,
        deps.retryPolicy,
        beforeRetry ? (failure) => beforeRetry(deps.admin, token, failure) : undefined,
      );
    } catch (caught) {
      if (!(caught instanceof GoogleApiError)) throw caught;
      if (caught.status === 401) {
        await deps.connections.forget(user);
        throw new AppError("google_reconnect", reconnectMessage);
      }
      throw toAppError(caught, subject);
    }
  }
  return { call };
}

export type AnalyticsGateway = ReturnType<typeof createAnalyticsGateway>;
