import type { Db } from "../../db/database.js";
import { createAnnotationRecordsChanges } from "./annotation-records-changes.js";
import { createAnnotationRecordsExtras } from "./annotation-records-extras.js";
import { createAnnotationRecordsPending } from "./annotation-records-pending.js";
import { createAnnotationRecordsRestores } from "./annotation-records-restores.js";
import { createAnnotationRecordsWrites } from "./annotation-records-writes.js";

export {
  deletedRecordOf,
  type AnnotationKey,
  type ChangeContext,
  type ChangeRow,
  type DeletedRecord,
  type GoogleFields,
  type RecordedFields,
} from "./annotation-records-shapes.js";

/**
 * What Tidemark keeps about annotations besides Google: each person's categories, what it knows
 * of the annotation itself (where it came from, when it was added), and a change log. One
 * repository over parts by concern, each reading the same three tables.
 */
export function createAnnotationRecordsRepository(db: Db) {
  return {
    ...createAnnotationRecordsExtras(db),
    ...createAnnotationRecordsWrites(db),
    ...createAnnotationRecordsPending(db),
    ...createAnnotationRecordsChanges(db),
    ...createAnnotationRecordsRestores(db),
  };
}

export type AnnotationRecordsRepository = ReturnType<typeof createAnnotationRecordsRepository>;
