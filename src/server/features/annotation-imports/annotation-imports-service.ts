import { setTimeout as wait } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import type { AnnotationImport, ImportRowRecord, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import { defineAnnotationImportJob } from "../../jobs/definitions/annotation-import.js";
import type { JobQueue } from "../../jobs/job-queue.js";
import { latestTodayAnywhere, toIsoDate } from "../../../shared/calendar-date.js";
import {
  importMessages,
  type ImportListResponse,
  type ImportPreviewResponse,
  type ImportPreviewRow,
  type ImportStatus,
  type ImportStatusResponse,
  type ImportSummary,
} from "../../../shared/contracts/annotation-import.js";
import type { z } from "zod";
import type {
  importPreviewRequest,
  startImportRequest,
} from "../../../shared/contracts/annotation-import.js";
import { countForToday, dailyResetText } from "../../../shared/daily-quota.js";
import { capabilitiesOf } from "../../../shared/plans.js";
import { propertyToday } from "../../../shared/property-time-zone.js";
import {
  createSettledWithinMs,
  type AnnotationsService,
} from "../annotations/annotations-service.js";
import type { CategoriesService } from "../categories/categories-service.js";
import type { PropertiesService } from "../properties/properties-service.js";
import type {
  AnnotationImportsRepository,
  ImportSummaryRow,
} from "./annotation-imports-repository.js";
import {
  checkRows,
  duplicateKey,
  guessMapping,
  mappingProblems,
  parseImportFile,
  type CheckedRow,
  type ImportContext,
} from "./import-file.js";

type PreviewInput = z.output<typeof importPreviewRequest>;
type StartInput = z.output<typeof startImportRequest>;

/** Rows written between two saves of an import's progress (and always when it stops). */
const rowsPerSave = 10;
/**
 * Times a run waits and tries again the rows Google has not confirmed (or was unavailable for)
 * before it leaves them for a resume. Each wait is `createSettledWithinMs`: long enough that a
 * listing can tell whether an unconfirmed create landed, even one sent by a process that died.
 */
export const unconfirmedRowRounds = 3;

/**
 * Google's answers that leave a row's fate to be found out later rather than refused: the row
 * stays to be written, and is checked in Google Analytics before it is written again.
 */
const notYetCodes = new Set(["google_unconfirmed", "google_unavailable", "google_busy"]);
/** Imports listed on the page: the newest few, to resume one. */
const listedImports = 10;

const usedIdMessage =
  "That import ID is already used. Preview the file again to start a new import.";

/**
 * CSV imports of annotations: the file is read and every row checked on the server (the preview
 * is the server's answer, so the API and the page follow the same rules), then the valid rows are
 * written by a background job, one at a time, through the annotations service ("import" as their
 * source), so plans, quotas and rules apply exactly as in the pages. Each row has its own create
 * request id, so a job run again after a crash never writes a row twice; the import stops when
 * the day's quota runs out and a resume carries on from the first row not written.
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

  const importJob = defineAnnotationImportJob(deps.jobs, { runImport });

  function sendJob(importId: string): Promise<boolean> {
    return importJob.send({ importId }, { singletonKey: importId });
  }

  /** The day a row's annotation starts on, as duplicates are compared. */
  function startOf(request: NonNullable<ImportRowRecord["request"]>): string {
    return toIsoDate(request.annotationDate ?? request.annotationDateRange!.startDate);
  }

  /**
   * The properties the person's Google Analytics role lets them view but not edit. When Google
   * cannot list them now, none is assumed read-only: the write itself then says why it failed.
   */
  async function readOnlyProperties(user: User): Promise<Set<string>> {
    try {
      const reachable = await deps.properties.reachableProperties(user);
      return new Set(reachable.filter((p) => !p.canEdit).map((p) => p.propertyId));
    } catch (error) {
      if (error instanceof AppError) return new Set();
      throw error;
    }
  }

  async function contextFor(
    user: User,
    file: ReturnType<typeof parseImportFile>,
    mapping: PreviewInput["mapping"] & object,
    targetPropertyId: string | null,
    exceptImportId: string | null,
  ): Promise<ImportContext> {
    const at = now();
    const saved = await deps.properties.saved(user);
    const readOnly = await readOnlyProperties(user);
    const properties = await Promise.all(
      saved.map(async (property) => {
        let refusal: string | null = null;
        try {
          await deps.properties.requireAllowed(user, property.propertyId);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refusal = error.message;
        }
        // Every row would fail at Google: said in the preview, as the page's picker marks it.
        if (!refusal && readOnly.has(property.propertyId))
          refusal = importMessages.readOnlyProperty(property.name);
        return {
          propertyId: property.propertyId,
          name: property.name,
          today: property.timeZone ? propertyToday(at, property.timeZone) : latestTodayAnywhere(at),
          refusal,
        };
      }),
    );
    const categories = capabilitiesOf(user.subscriptionTier).canUseCategories
      ? (await deps.categories.list(user)).map(({ id, name }) => ({ id, name }))
      : null;
    const base = { properties, categories, targetPropertyId, existing: new Map<string, string>() };
    // Only the properties the file's rows name are read from Google, once each.
    const named = new Set(
      checkRows(file, mapping, base)
        .map((row) => row.propertyId)
        .filter((id): id is string => id !== null),
    );
    const existing = new Map<string, string>();
    for (const property of properties) {
      if (!named.has(property.propertyId) || property.refusal) continue;
      for (const annotation of await deps.annotations.list(user, property.propertyId)) {
        const day = toIsoDate(annotation.annotationDate);
        existing.set(
          duplicateKey(property.propertyId, day, annotation.title),
          `"${annotation.title}" on ${day} is already in Google Analytics`,
        );
      }
    }
    // Rows another import of theirs has still to write are not in Google yet, but will be.
    for (const other of await repository.unfinished(user.id, exceptImportId)) {
      for (const row of other.rows) {
        if (row.state !== "pending" || !row.request || !row.propertyId) continue;
        const day = startOf(row.request);
        existing.set(
          duplicateKey(row.propertyId, day, row.request.title),
          `"${row.request.title}" on ${day} is waiting in your import of ${other.fileName}`,
        );
      }
    }
    return { ...base, existing };
  }

  async function check(
    user: User,
    input: PreviewInput,
    exceptImportId: string | null,
  ): Promise<{ preview: ImportPreviewResponse; rows: CheckedRow[] }> {
    const file = parseImportFile(input.text);
    const mapping = input.mapping ?? guessMapping(file.headers);
    const targetPropertyId = input.targetPropertyId ?? null;
    const problems = mappingProblems(mapping, file.headers, targetPropertyId);
    const rows =
      problems.length > 0
        ? []
        : checkRows(
            file,
            mapping,
            await contextFor(user, file, mapping, targetPropertyId, exceptImportId),
          );
    const validCount = rows.filter((row) => row.problems.length === 0 && !row.skipped).length;
    const skippedCount = rows.filter((row) => row.skipped).length;
    return {
      rows,
      preview: {
        headers: file.headers,
        delimiter: file.delimiter,
        mapping,
        mappingProblems: problems,
        rows: rows.map(({ request: _request, ...row }): ImportPreviewRow => row),
        validCount,
        invalidCount: rows.length - validCount - skippedCount,
        skippedCount,
      },
    };
  }

  function summaryOf(row: ImportSummaryRow): ImportSummary {
    return {
      id: row.id,
      fileName: row.fileName,
      status: row.status as ImportStatus,
      total: row.total,
      imported: row.imported,
      failed: row.failed,
      left: Math.max(0, row.total - row.imported - row.failed),
      skipped: row.skipped,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  function statusOf(row: AnnotationImport): ImportStatusResponse {
    return {
      ...summaryOf(row),
      failures: row.rows
        .filter((r) => r.state === "failed" || r.state === "skipped")
        .map((r) => ({ line: r.line, title: r.title, message: r.message ?? "" })),
      waiting: row.rows
        .filter((r) => r.state === "pending" && r.message !== undefined)
        .map((r) => ({ line: r.line, title: r.title, message: r.message! })),
    };
  }

  async function requireImport(user: User, id: string): Promise<AnnotationImport> {
    const found = await repository.find(user.id, id);
    if (!found) throw new AppError("import_not_found", importMessages.notFound);
    return found;
  }

  /**
   * Writes an import's waiting rows in file order, until they are done or the quota runs out.
   * A row Google has not confirmed (its answer lost, the process sending it killed, Google
   * unavailable) is never marked failed: it stays to be written, and the run waits and tries it
   * again — which first looks for it in Google Analytics (decision 0020), and writes it under the
   * next request id of its chain only once it is proven missing (0066) — a few times, then leaves
   * it for a resume.
   */
  async function runImport(importId: string, signal: AbortSignal): Promise<void> {
    const record = await repository.findById(importId);
    if (!record || record.status !== "running") return;
    const user = await deps.findUser(record.userId);
    if (!user) return;
    const rows = record.rows.map((row) => ({ ...row }));
    let { imported, failed } = record;
    let unsaved = 0;
    const save = (status: ImportStatus) =>
      repository.saveProgress(importId, { rows, imported, failed, status });
    const stopIfAborted = async () => {
      if (!signal.aborted) return;
      // Shutting down: what is written so far is kept; the retry carries on from here.
      await save("running");
      signal.throwIfAborted();
    };

    /** Writes one row; false when the day's quota ran out (the run stops there). */
    const write = async (row: ImportRowRecord): Promise<boolean> => {
      try {
        const created = await deps.annotations.create(
          user,
          row.propertyId!,
          row.request!,
          "import",
          { resendWhenMissing: true },
        );
        row.state = "imported";
        row.annotationId = created.annotationId;
        delete row.message;
        imported++;
      } catch (error) {
        if (!(error instanceof AppError)) {
          await save("running");
          throw error;
        }
        if (error.code === "daily_limit") return false;
        if (notYetCodes.has(error.code)) {
          // Kept with its request id: trying it again settles that create before anything new.
          row.message = error.message;
        } else {
          row.state = "failed";
          row.message = error.message;
          failed++;
        }
      }
      if (++unsaved >= rowsPerSave) {
        await save("running");
        unsaved = 0;
      }
      return true;
    };
    const stopForQuota = async () => {
      // Left for tomorrow: the rows keep their request ids, so a resume writes each once.
      await save("waiting_for_quota");
      deps.logger?.info({ importId, imported }, "annotation import waits for tomorrow's quota");
    };

    for (const row of rows) {
      if (row.state !== "pending" || !row.request || !row.propertyId) continue;
      await stopIfAborted();
      if (!(await write(row))) return stopForQuota();
    }
    const notYet = () => rows.filter((row) => row.state === "pending" && row.message !== undefined);
    for (let round = 0; round < unconfirmedRowRounds && notYet().length > 0; round++) {
      await save("running");
      unsaved = 0;
      try {
        await sleep(createSettledWithinMs, signal);
      } catch (error) {
        await stopIfAborted();
        throw error;
      }
      for (const row of notYet()) {
        await stopIfAborted();
        if (!(await write(row))) return stopForQuota();
      }
    }
    await save(notYet().length > 0 ? "waiting_for_google" : "done");
  }

  return {
    /** Reads the file and checks every row; nothing is written. */
    async preview(user: User, input: PreviewInput): Promise<ImportPreviewResponse> {
      return (await check(user, input, null)).preview;
    },

    /**
     * Checks the file again (the same rules as the preview) and queues its valid rows. Sent again
     * with the same import id, it answers the import already made.
     */
    async start(user: User, input: StartInput): Promise<ImportStatusResponse> {
      const earlier = await repository.find(user.id, input.importId);
      if (earlier) return statusOf(earlier);
      const { preview, rows } = await check(user, input, input.importId);
      if (preview.mappingProblems.length > 0)
        throw new AppError("invalid_request", preview.mappingProblems[0]!);
      if (preview.validCount === 0)
        throw new AppError("invalid_request", importMessages.nothingToImport);
      const records: ImportRowRecord[] = rows.map((row) =>
        row.request && row.propertyId
          ? {
              line: row.line,
              title: row.title,
              state: "pending",
              propertyId: row.propertyId,
              request: { ...row.request, requestId: crypto.randomUUID() },
            }
          : {
              line: row.line,
              title: row.title,
              state: "skipped",
              message: row.skipped ?? row.problems.join(" "),
            },
      );
      const inserted = await repository.insert({
        id: input.importId,
        userId: user.id,
        fileName: input.fileName ?? "import.csv",
        status: "running",
        total: preview.validCount,
        imported: 0,
        failed: 0,
        skipped: preview.invalidCount + preview.skippedCount,
        rows: records,
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
