import type { z } from "zod";
import { AppError } from "../../app-error.js";
import type { ImportRowRecord, User } from "../../db/schema/index.js";
import { latestTodayAnywhere, toIsoDate } from "../../../shared/calendar-date.js";
import {
  importMessages,
  type ImportPreviewResponse,
  type ImportPreviewRow,
  type importPreviewRequest,
} from "../../../shared/contracts/annotation-import.js";
import { capabilitiesOf } from "../../../shared/plans.js";
import { propertyToday } from "../../../shared/property-time-zone.js";
import type { AnnotationsService } from "../annotations/annotations-service.js";
import type { CategoriesService } from "../categories/categories-service.js";
import type { PropertiesService } from "../properties/properties-service.js";
import type { AnnotationImportsRepository } from "./annotation-imports-repository.js";
import { guessMapping, mappingProblems, parseImportFile } from "./import-file.js";
import { checkRows, duplicateKey, type CheckedRow, type ImportContext } from "./import-rows.js";

export type PreviewInput = z.output<typeof importPreviewRequest>;

/** What checking a file against the person's properties, categories and annotations reads. */
export interface ImportCheckDeps {
  repository: Pick<AnnotationImportsRepository, "unfinished">;
  annotations: Pick<AnnotationsService, "list">;
  properties: Pick<PropertiesService, "saved" | "requireAllowed" | "reachableProperties">;
  categories: Pick<CategoriesService, "list">;
  now: () => Date;
}

/** The day a row's annotation starts on, as duplicates are compared. */
function startOf(request: NonNullable<ImportRowRecord["request"]>): string {
  return toIsoDate(request.annotationDate ?? request.annotationDateRange!.startDate);
}

/**
 * The properties the person's Google Analytics role lets them view but not edit. When Google
 * cannot list them now, none is assumed read-only: the write itself then says why it failed.
 */
async function readOnlyProperties(deps: ImportCheckDeps, user: User): Promise<Set<string>> {
  try {
    const reachable = await deps.properties.reachableProperties(user);
    return new Set(reachable.filter((p) => !p.canEdit).map((p) => p.propertyId));
  } catch (error) {
    if (error instanceof AppError) return new Set();
    throw error;
  }
}

/** The saved properties a row may name, each with its today and why rows for it would fail. */
async function propertyChoices(
  deps: ImportCheckDeps,
  user: User,
): Promise<ImportContext["properties"]> {
  const at = deps.now();
  const saved = await deps.properties.saved(user);
  const readOnly = await readOnlyProperties(deps, user);
  return Promise.all(
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
}

/** The annotations a row would duplicate, by duplicate key, each with why. */
async function existingAnnotations(
  deps: ImportCheckDeps,
  user: User,
  properties: ImportContext["properties"],
  named: Set<string>,
  exceptImportId: string | null,
): Promise<Map<string, string>> {
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
  for (const other of await deps.repository.unfinished(user.id, exceptImportId)) {
    for (const row of other.rows) {
      if (row.state !== "pending" || !row.request || !row.propertyId) continue;
      const day = startOf(row.request);
      existing.set(
        duplicateKey(row.propertyId, day, row.request.title),
        `"${row.request.title}" on ${day} is waiting in your import of ${other.fileName}`,
      );
    }
  }
  return existing;
}

async function contextFor(
  deps: ImportCheckDeps,
  user: User,
  file: ReturnType<typeof parseImportFile>,
  mapping: PreviewInput["mapping"] & object,
  targetPropertyId: string | null,
  exceptImportId: string | null,
): Promise<ImportContext> {
  const properties = await propertyChoices(deps, user);
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
  const existing = await existingAnnotations(deps, user, properties, named, exceptImportId);
  return { ...base, existing };
}

/** Reads the file and checks every row, as the preview shows them; nothing is written. */
export async function checkImport(
  deps: ImportCheckDeps,
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
          await contextFor(deps, user, file, mapping, targetPropertyId, exceptImportId),
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
