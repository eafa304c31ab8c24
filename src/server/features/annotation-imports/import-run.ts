import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../app-error.js";
import type { ImportRowRecord, User } from "../../db/schema/index.js";
import type { ImportStatus } from "../../../shared/contracts/annotation-import.js";
import {
  createSettledWithinMs,
  type AnnotationsService,
} from "../annotations/annotations-service.js";
import type { AnnotationImportsRepository } from "./annotation-imports-repository.js";

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

export interface ImportRunDeps {
  repository: Pick<AnnotationImportsRepository, "findById" | "saveProgress">;
  annotations: Pick<AnnotationsService, "create">;
  findUser: (id: string) => Promise<User | null>;
  logger?: Pick<FastifyBaseLogger, "info">;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** One run's rows and counts, saved every few rows and whenever the run stops. */
function progressOf(
  deps: ImportRunDeps,
  importId: string,
  record: { rows: ImportRowRecord[]; imported: number; failed: number },
  signal: AbortSignal,
) {
  const progress = {
    rows: record.rows.map((row) => ({ ...row })),
    imported: record.imported,
    failed: record.failed,
    unsaved: 0,
    save: (status: ImportStatus) =>
      deps.repository.saveProgress(importId, {
        rows: progress.rows,
        imported: progress.imported,
        failed: progress.failed,
        status,
      }),
    stopIfAborted: async () => {
      if (!signal.aborted) return;
      // Shutting down: what is written so far is kept; the retry carries on from here.
      await progress.save("running");
      signal.throwIfAborted();
    },
  };
  return progress;
}

type Progress = ReturnType<typeof progressOf>;

/** Writes one row; false when the day's quota ran out (the run stops there). */
async function writeRow(
  deps: ImportRunDeps,
  user: User,
  progress: Progress,
  row: ImportRowRecord,
): Promise<boolean> {
  try {
    const created = await deps.annotations.create(user, row.propertyId!, row.request!, "import", {
      resendWhenMissing: true,
    });
    row.state = "imported";
    row.annotationId = created.annotationId;
    delete row.message;
    progress.imported++;
  } catch (error) {
    if (!(error instanceof AppError)) {
      await progress.save("running");
      throw error;
    }
    if (error.code === "daily_limit") return false;
    if (notYetCodes.has(error.code)) {
      // Kept with its request id: trying it again settles that create before anything new.
      row.message = error.message;
    } else {
      row.state = "failed";
      row.message = error.message;
      progress.failed++;
    }
  }
  if (++progress.unsaved >= rowsPerSave) {
    await progress.save("running");
    progress.unsaved = 0;
  }
  return true;
}

/**
 * Writes an import's waiting rows in file order, until they are done or the quota runs out.
 * A row Google has not confirmed (its answer lost, the process sending it killed, Google
 * unavailable) is never marked failed: it stays to be written, and the run waits and tries it
 * again — which first looks for it in Google Analytics (decision 0020), and writes it under the
 * next request id of its chain only once it is proven missing (0066) — a few times, then leaves
 * it for a resume.
 */
export async function runImport(
  deps: ImportRunDeps,
  importId: string,
  signal: AbortSignal,
): Promise<void> {
  const record = await deps.repository.findById(importId);
  if (!record || record.status !== "running") return;
  const user = await deps.findUser(record.userId);
  if (!user) return;
  const progress = progressOf(deps, importId, record, signal);
  const { rows, save, stopIfAborted } = progress;
  const write = (row: ImportRowRecord) => writeRow(deps, user, progress, row);
  const stopForQuota = async () => {
    // Left for tomorrow: the rows keep their request ids, so a resume writes each once.
    await save("waiting_for_quota");
    deps.logger?.info(
      { importId, imported: progress.imported },
      "annotation import waits for tomorrow's quota",
    );
  };

  for (const row of rows) {
    if (row.state !== "pending" || !row.request || !row.propertyId) continue;
    await stopIfAborted();
    if (!(await write(row))) return stopForQuota();
  }
  const notYet = () => rows.filter((row) => row.state === "pending" && row.message !== undefined);
  for (let round = 0; round < unconfirmedRowRounds && notYet().length > 0; round++) {
    await save("running");
    progress.unsaved = 0;
    try {
      await deps.sleep(createSettledWithinMs, signal);
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
