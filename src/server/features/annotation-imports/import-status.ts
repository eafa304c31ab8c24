import type { AnnotationImport, ImportRowRecord } from "../../db/schema/index.js";
import type {
  ImportStatus,
  ImportStatusResponse,
  ImportSummary,
} from "../../../shared/contracts/annotation-import.js";
import type { ImportSummaryRow } from "./annotation-imports-repository.js";
import type { CheckedRow } from "./import-rows.js";

export function summaryOf(row: ImportSummaryRow): ImportSummary {
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

export function statusOf(row: AnnotationImport): ImportStatusResponse {
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

/** The checked rows as an import stores them: the valid ones to write, each with its request id. */
export function rowRecordsOf(rows: CheckedRow[]): ImportRowRecord[] {
  return rows.map((row) =>
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
}
