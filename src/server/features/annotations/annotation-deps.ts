import type { FastifyBaseLogger } from "fastify";
import type { Annotation } from "../../../shared/contracts/annotations.js";
import { adminRequestTimeoutMs } from "../../integrations/google/analytics-admin.js";
import type { AnalyticsGateway } from "../google-connection/analytics-gateway.js";
import type { CategoriesService } from "../categories/categories-service.js";
import type { PropertiesService } from "../properties/properties-service.js";
import type { AnnotationRecordsRepository } from "./annotation-records-repository.js";
import type { AnnotationSetsRepository } from "./annotation-sets-repository.js";
import type { CreateRequestsRepository } from "./create-requests-repository.js";
import type { DailyQuotaRepository } from "./daily-quota-repository.js";

export interface AnnotationsDeps {
  gateway: AnalyticsGateway;
  properties: PropertiesService;
  categories: Pick<CategoriesService, "requireUsable" | "namesOf">;
  records: AnnotationRecordsRepository;
  quota: DailyQuotaRepository;
  createRequests: CreateRequestsRepository;
  /** Which annotations are copies of one another (decision 0058). */
  sets: AnnotationSetsRepository;
  /** Told why a create ended unconfirmed; silent when absent (tests). */
  logger?: Pick<FastifyBaseLogger, "warn">;
  now?: () => Date;
  /** How long one Admin API call may go without an answer (the client's timeout). */
  requestTimeoutMs?: number;
}

/** The service's dependencies with their defaults filled in, as each of its parts reads them. */
export interface AnnotationsContext extends Omit<AnnotationsDeps, "now" | "requestTimeoutMs"> {
  now: () => Date;
  requestTimeoutMs: number;
}

export function contextOf(deps: AnnotationsDeps): AnnotationsContext {
  return {
    ...deps,
    now: deps.now ?? (() => new Date()),
    requestTimeoutMs: deps.requestTimeoutMs ?? adminRequestTimeoutMs,
  };
}

/** A write's answer: the annotation, and the change recorded for it (to offer an undo). */
export type AnnotationWrite = Annotation & { changeId: string | null };

/** A write made as one row of a bulk action records the action's id (decision 0056). */
export interface BatchOptions {
  batchId?: string;
}

export interface CreateOptions {
  /**
   * The caller holds the annotation's content and must see it written (an import row, an inbox
   * suggestion): when its request id provably did not happen, the create is sent again under the
   * next id of that request's chain instead of being refused. Never twice in Google. Decision 0066.
   */
  resendWhenMissing?: boolean;
}
