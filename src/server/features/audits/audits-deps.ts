import type { FastifyBaseLogger } from "fastify";
import type { User } from "../../db/schema/index.js";
import type { JobQueue } from "../../jobs/job-queue.js";
import type { AnnotationsService } from "../annotations/annotations-service.js";
import type { CategoriesService } from "../categories/categories-service.js";
import type { PropertiesService } from "../properties/properties-service.js";
import type { AuditReviewer } from "./audit-reviewer.js";
import type { AuditsRepository } from "./audits-repository.js";

export interface AuditsServiceDeps {
  repository: AuditsRepository;
  annotations: Pick<AnnotationsService, "list" | "update">;
  categories: Pick<CategoriesService, "list" | "requireUsable" | "create">;
  properties: Pick<PropertiesService, "requireAllowed">;
  /** Reads the person again when a job resumes (an identity read, owned by auth). */
  findUser: (userId: string) => Promise<User | null>;
  isAuditBetaUser: (email: string) => boolean;
  reviewer: AuditReviewer;
  jobs: JobQueue;
  logger: FastifyBaseLogger;
  now?: () => Date;
  /** Waits between review attempts; tests pass one that does not. */
  sleep?: (ms: number) => Promise<void>;
}
