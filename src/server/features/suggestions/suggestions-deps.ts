import type { FastifyBaseLogger } from "fastify";
import type { User } from "../../db/schema/index.js";
import type { JobQueue } from "../../jobs/job-queue.js";
import type { SecretBox } from "../../security/secret-box.js";
import type { AnnotationsService } from "../annotations/annotations-service.js";
import type { CategoriesService } from "../categories/categories-service.js";
import type { PropertiesService } from "../properties/properties-service.js";
import type { SourceDeps } from "./sources/source.js";
import type { SuggestionsRepository } from "./suggestions-repository.js";

export interface SuggestionsDeps {
  repository: SuggestionsRepository;
  annotations: Pick<AnnotationsService, "create">;
  categories: Pick<CategoriesService, "list">;
  properties: Pick<PropertiesService, "requireAllowed">;
  findUser: (id: string) => Promise<User | null>;
  box: SecretBox;
  jobs: JobQueue;
  sourceDeps: Omit<SourceDeps, "deliveries" | "holidayCalendars" | "now">;
  appUrl: string;
  logger?: Pick<FastifyBaseLogger, "warn" | "info">;
  now?: () => Date;
}
