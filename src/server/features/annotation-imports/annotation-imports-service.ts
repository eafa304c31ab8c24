import { setTimeout as wait } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import type { AnnotationImport, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import { defineAnnotationImportJob } from "../../jobs/definitions/annotation-import.js";
import type { JobQueue } from "../../jobs/job-queue.js";
import {
  importMessages,
  type ImportListResponse,
  type ImportPreviewResponse,
  type ImportStatusResponse,
} from "../../../shared/contracts/annotation-import.js";
import type { z } from "zod";
import type { startImportRequest } from "../../../shared/contracts/annotation-import.js";
import { countForToday, dailyResetText } from "../../../shared/daily-quota.js";
import type { AnnotationsService } from "../annotations/annotations-service.js";
import type { CategoriesService } from "../categories/categories-service.js";
import type { PropertiesService } from "../properties/properties-service.js";
import type { AnnotationImportsRepository } from "./annotation-imports-repository.js";
import { checkImport, type PreviewInput } from "./import-checks.js";
import { runImport } from "./import-run.js";
import { rowRecordsOf, statusOf, summaryOf } from "./import-status.js";

export { unconfirmedRowRounds } from "./import-run.js";

type StartInput = z.output<typeof startImportRequest>;

/** Imports listed on the page: the newest few, to resume one. */
const listedImports = 10;

const usedIdMessage =
  "That import ID is already used. Preview the file again to start a new import.";

/**
 * CSV imports of annotations: the file is read and every row checked on the server (the preview
 * is the server's answer, so the API and the page follow the same rules; import-checks.ts), then
 * the valid rows are written by a background job (import-run.ts), one at a time, through the
 * annotations service ("import" as their source), so plans, quotas and rules apply exactly as in
 * the pages. Each row has its own create request id, so a job run again after a crash never
 * writes a row twice; the import stops when the day's quota runs out and a resume carries on from
 * the first row not written.
 */
export function createAnnotationImportsService(deps: {
  repository: AnnotationImportsRepository;
  annotations: Pick<AnnotationsService, "create" | "list">;
  properties: Pick<PropertiesService, "saved" | "requireAllowed" | "reachableProperties">;
  categories: Pick<CategoriesService, "list">;
  findUser: (id: string) => Promise<User | null>;
  jobs: JobQueue;
  logger?: Pick<FastifyBaseLogger, "info">;
  now?: () => Date;
  /** Waits before rows Google has not confirmed are tried again; tests pass one that moves their clock. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}) {
  const now = deps.now ?? (() => new Date());
  const sleep =
    deps.sleep ?? ((ms: number, signal: AbortSignal) => wait(ms, undefined, { signal }));
  const { repository } = deps;
  const checkDeps = { ...deps, now };

  const importJob = defineAnnotationImportJob(deps.jobs, {
    runImport: (importId: string, signal: AbortSignal) =>
      runImport({ ...deps, sleep }, importId, signal),
  });

  function sendJob(importId: string): Promise<boolean> {
    return importJob.send({ importId }, { singletonKey: importId });
  }

  async function requireImport(user: User, id: string): Promise<AnnotationImport> {
    const found = await repository.find(user.id, id);
    if (!found) throw new AppError("import_not_found", importMessages.notFound);
    return found;
  }

  return {
    /** Reads the file and checks every row; nothing is written. */
    async preview(user: User, input: PreviewInput): Promise<ImportPreviewResponse> {
      return (await checkImport(checkDeps, user, input, null)).preview;
    },

    /**
     * Checks the file again (the same rules as the preview) and queues its valid rows. Sent again
     * with the same import id, it answers the import already made.
     */
    async start(user: User, input: StartInput): Promise<ImportStatusResponse> {
      const earlier = await repository.find(user.id, input.importId);
      if (earlier) return statusOf(earlier);
      const { preview, rows } = await checkImport(checkDeps, user, input, input.importId);
      if (preview.mappingProblems.length > 0)
        throw new AppError("invalid_request", preview.mappingProblems[0]!);
      if (preview.validCount === 0)
        throw new AppError("invalid_request", importMessages.nothingToImport);
      const inserted = await repository.insert({
        id: input.importId,
        userId: user.id,
        fileName: input.fileName ?? "import.csv",
        status: "running",
        total: preview.validCount,
        imported: 0,
        failed: 0,
        skipped: preview.invalidCount + preview.skippedCount,
        rows: rowRecordsOf(rows),
      });
      const made = await repository.find(user.id, input.importId);
      if (!made) throw new AppError("invalid_request", usedIdMessage);
      if (inserted) await sendJob(made.id);
      return statusOf(made);
    },

    async status(user: User, id: string): Promise<ImportStatusResponse> {
      return statusOf(await requireImport(user, id));
    },

    async list(user: User): Promise<ImportListResponse> {
      return { imports: (await repository.list(user.id, listedImports)).map(summaryOf) };
    },

    /**
     * Carries on an import that stopped at the day's quota, whose rows Google has not confirmed,
     * or whose run was lost (its process killed): its waiting rows are written from the first,
     * each with its own request id — a row in flight when its run stopped is looked for in
     * Google Analytics first and written only if it is not there. A finished import is answered
     * as it is.
     */
    async resume(user: User, id: string): Promise<ImportStatusResponse> {
      const found = await requireImport(user, id);
      if (found.status === "done") return statusOf(found);
      const at = now();
      const used = countForToday(user.dailyAnnotationCount, user.dailyCountResetAt, at);
      // Waiting for tomorrow's quota and none has come back: nothing would be written.
      if (found.status === "waiting_for_quota" && used >= user.annotationQuota)
        throw new AppError("daily_limit", importMessages.nothingToResume(dailyResetText(at)));
      if (found.status !== "running") await repository.setStatus(id, "running");
      await sendJob(id);
      return statusOf((await repository.find(user.id, id))!);
    },
  };
}

export type AnnotationImportsService = ReturnType<typeof createAnnotationImportsService>;
