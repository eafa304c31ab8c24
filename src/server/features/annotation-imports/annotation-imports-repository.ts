import { and, desc, eq, getTableColumns, ne } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import {
  annotationImports,
  type AnnotationImport,
  type ImportRowRecord,
} from "../../db/schema/index.js";
import type { ImportStatus } from "../../../shared/contracts/annotation-import.js";

const { rows: _rows, ...summaryColumns } = getTableColumns(annotationImports);
export type ImportSummaryRow = Omit<AnnotationImport, "rows">;

export function createAnnotationImportsRepository(db: Db) {
  return {
    /** Stores a new import; false when one with this id already exists (a start sent again). */
    async insert(row: Omit<AnnotationImport, "createdAt" | "updatedAt">): Promise<boolean> {
      const inserted = await db
        .insert(annotationImports)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: annotationImports.id });
      return inserted.length > 0;
    },

    async find(userId: string, id: string): Promise<AnnotationImport | null> {
      const [row] = await db
        .select()
        .from(annotationImports)
        .where(and(eq(annotationImports.id, id), eq(annotationImports.userId, userId)));
      return row ?? null;
    },

    async findById(id: string): Promise<AnnotationImport | null> {
      const [row] = await db.select().from(annotationImports).where(eq(annotationImports.id, id));
      return row ?? null;
    },

    /** The person's newest imports, without their rows. */
    async list(userId: string, limit: number): Promise<ImportSummaryRow[]> {
      return db
        .select(summaryColumns)
        .from(annotationImports)
        .where(eq(annotationImports.userId, userId))
        .orderBy(desc(annotationImports.createdAt))
        .limit(limit);
    },

    /** The person's imports that still have rows to write, other than `exceptId`. */
    async unfinished(userId: string, exceptId: string | null): Promise<AnnotationImport[]> {
      return db
        .select()
        .from(annotationImports)
        .where(
          and(
            eq(annotationImports.userId, userId),
            ne(annotationImports.status, "done"),
            exceptId ? ne(annotationImports.id, exceptId) : undefined,
          ),
        );
    },

    async saveProgress(
      id: string,
      progress: { rows: ImportRowRecord[]; imported: number; failed: number; status: ImportStatus },
    ): Promise<void> {
      await db.update(annotationImports).set(progress).where(eq(annotationImports.id, id));
    },

    async setStatus(id: string, status: ImportStatus): Promise<void> {
      await db.update(annotationImports).set({ status }).where(eq(annotationImports.id, id));
    },
  };
}

export type AnnotationImportsRepository = ReturnType<typeof createAnnotationImportsRepository>;
