import { CircleAlert, FileUp, Loader2, Upload } from "lucide-react";
import { useId, useState } from "react";
import { useSearch } from "wouter";
import {
  importMaxRows,
  importMaxSizeText,
  importMessages,
  type ImportPreviewResponse,
} from "../../../shared/contracts/annotation-import";
import type { CurrentUser } from "../../../shared/contracts/auth";
import { readOnlyChoiceNote } from "../../../shared/property-access";
import { BackLink } from "../../components/back-link";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { NativeSelect } from "../../components/ui/native-select";
import { serverErrorMessage } from "../../lib/api-error-message";
import { dashboardPath } from "../../lib/route-paths";
import { useCookieHeader } from "../../session/request-cookies";
import { useReadOnlyPropertyIds } from "../../session/read-only-properties";
import { useSavedProperties } from "../../session/saved-properties";
import { lastSelectedPropertyId } from "../../session/selected-property";
import { ImportStep } from "./import-step";
import { MappingForm, PreviewRows } from "./import-preview";
import { ProgressCard } from "./import-progress-card";
import { RecentImports } from "./recent-imports";
import { useAnnotationImport, type ChosenFile } from "./use-annotation-import";

type Flow = ReturnType<typeof useAnnotationImport>;
type SavedProperty = NonNullable<ReturnType<typeof useSavedProperties>["data"]>[number];

/**
 * CSV import: choose a file, map its columns, read the server's preview of every row (the
 * server's rules, with each problem by line), import the valid rows as a background job, and
 * follow its progress; a run stopped by the day's quota is resumed here.
 */
export function AnnotationImportPage({ user }: { user: CurrentUser }) {
  const saved = useSavedProperties();
  const fromAddress = new URLSearchParams(useSearch()).get("property");
  const [chosenTarget, setChosenTarget] = useState<string | null>(fromAddress);

  const properties = saved.data ?? [];
  // Google says which properties the person may only view: rows for them would all fail.
  const readOnly = useReadOnlyPropertyIds();
  const writable = properties.filter((p) => !readOnly.has(p.propertyId));
  const selected = lastSelectedPropertyId(useCookieHeader(), user.id);
  const usable = (id: string | null) =>
    id !== null && writable.some((p) => p.propertyId === id) ? id : null;
  // The address's property, else the one selected in Property View, else the first writable one.
  const target =
    usable(chosenTarget) ??
    usable(selected) ??
    (writable.find((p) => p.locked) ?? writable[0] ?? properties[0])?.propertyId ??
    null;

  const flow = useAnnotationImport(target);
  const { file, preview, previewMutation, resume } = flow;
  const active = flow.status.data;

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
      <BackLink href={dashboardPath("property")}>Back to Property View</BackLink>
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight">Import annotations from CSV</h1>
        <p className="mt-1 text-sm text-pretty text-muted-foreground">
          A CSV file (UTF-8, comma or semicolon separated) with a header row: a date (or start and
          end dates) and a title for each annotation; description, colour, category and property are
          optional. A file exported from Tidemark imports back as it is. Imports count against your{" "}
          {user.subscriptionTier === "premium" ? "Premium" : "free"} plan&apos;s daily annotations.
        </p>
      </div>

      <FileStep
        flow={flow}
        properties={properties}
        readOnly={readOnly}
        target={target}
        onTargetChange={(value) => {
          setChosenTarget(value);
          if (file) previewMutation.mutate({ file, mapping: preview?.mapping, target: value });
        }}
      />
      {preview && file ? (
        <MappingStep
          file={file}
          preview={preview}
          onMappingChange={(mapping) => previewMutation.mutate({ file, mapping, target })}
        />
      ) : null}
      {preview && preview.mappingProblems.length === 0 ? (
        <RowsStep flow={flow} preview={preview} />
      ) : null}

      {active ? (
        <ProgressCard
          status={active}
          fetchedAt={flow.status.dataUpdatedAt}
          resuming={resume.isPending}
          quotaSpent={user.dailyAnnotationCount >= user.annotationQuota}
          onResume={() => resume.mutate(active.id)}
        />
      ) : null}
      {resume.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {serverErrorMessage(resume.error) ?? "The import could not resume. Please try again."}
        </p>
      ) : null}

      {!file && !active ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <FileUp className="size-4 shrink-0" aria-hidden="true" />
          Nothing is written until you press Import.
        </p>
      ) : null}

      <RecentImports
        imports={flow.recent.data?.imports ?? []}
        onOpen={(id) => flow.setActiveId(id)}
      />
    </div>
  );
}

/** Step 1: the file, and the property for its rows that name none. */
function FileStep({
  flow,
  properties,
  readOnly,
  target,
  onTargetChange,
}: {
  flow: Flow;
  properties: readonly SavedProperty[];
  readOnly: ReadonlySet<string>;
  target: string | null;
  onTargetChange: (propertyId: string) => void;
}) {
  const fileInputId = useId();
  const targetId = useId();
  const { fileError, previewMutation } = flow;
  const targetReadOnly = target !== null && readOnly.has(target);
  return (
    <ImportStep headingId="import-file-heading" step={1} title="Choose a file">
      <label htmlFor={fileInputId} className="flex flex-col gap-1.5 text-sm font-medium">
        CSV file (at most {importMaxSizeText}, {importMaxRows.toLocaleString("en-US")} rows)
        <input
          id={fileInputId}
          type="file"
          accept=".csv,text/csv"
          className="block w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
          onChange={(event) => void flow.choose(event.target.files?.[0])}
        />
      </label>
      <label htmlFor={targetId} className="flex flex-col gap-1.5 text-sm font-medium">
        Property for rows that name none
        <NativeSelect
          id={targetId}
          value={target ?? ""}
          onChange={(event) => onTargetChange(event.target.value)}
        >
          {properties.map((property) => (
            <option
              key={property.propertyId}
              value={property.propertyId}
              disabled={readOnly.has(property.propertyId)}
            >
              {property.name}
              {readOnly.has(property.propertyId) ? " (read-only)" : ""}
            </option>
          ))}
        </NativeSelect>
        {readOnly.size > 0 ? (
          <span className="text-xs font-normal text-muted-foreground">
            {targetReadOnly && target
              ? importMessages.readOnlyProperty(
                  properties.find((p) => p.propertyId === target)?.name ?? target,
                )
              : readOnlyChoiceNote}
          </span>
        ) : null}
      </label>
      {fileError ? (
        <p role="alert" className="text-sm text-destructive">
          {fileError}
        </p>
      ) : null}
      {previewMutation.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Reading every row…
        </p>
      ) : null}
      {previewMutation.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {serverErrorMessage(previewMutation.error) ??
            "The file could not be read. Please try again."}
        </p>
      ) : null}
    </ImportStep>
  );
}

/** Step 2: which column feeds each field, as guessed from the header. */
function MappingStep({
  file,
  preview,
  onMappingChange,
}: {
  file: ChosenFile;
  preview: ImportPreviewResponse;
  onMappingChange: (mapping: ImportPreviewResponse["mapping"]) => void;
}) {
  return (
    <ImportStep headingId="import-mapping-heading" step={2} title="Match the columns">
      <p className="text-sm text-muted-foreground">
        Guessed from the header of {file.name} (
        {preview.delimiter === ";" ? "semicolons" : "commas"}
        ). Change any that are wrong; the preview follows.
      </p>
      <MappingForm preview={preview} onChange={onMappingChange} />
      {preview.mappingProblems.length > 0 ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <ul className="flex flex-col gap-1">
            {preview.mappingProblems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </ImportStep>
  );
}

/** Step 3: every row as the server read it, and the button that imports the valid ones. */
function RowsStep({ flow, preview }: { flow: Flow; preview: ImportPreviewResponse }) {
  const { start, importId, activeId } = flow;
  const problemCount = preview.invalidCount;
  return (
    <ImportStep headingId="import-preview-heading" step={3} title="Check the rows">
      <p role="status" className="text-sm">
        <strong>{importMessages.rowCount(preview.validCount)} ready to import</strong>
        {problemCount > 0
          ? `, ${importMessages.rowCount(problemCount)} with problems (they are skipped)`
          : ""}
        {preview.skippedCount > 0
          ? `, ${importMessages.rowCount(preview.skippedCount)} made by Google Analytics (left out, nothing to fix)`
          : ""}
        .
      </p>
      <PreviewRows key={importId} rows={preview.rows} />
      {start.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {serverErrorMessage(start.error) ?? "The import could not start. Please try again."}
        </p>
      ) : null}
      <Button
        className="self-start"
        disabled={preview.validCount === 0 || start.isPending || activeId !== null}
        onClick={() => start.mutate()}
      >
        {start.isPending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Upload aria-hidden="true" />
        )}
        Import {importMessages.rowCount(preview.validCount)}
      </Button>
    </ImportStep>
  );
}
