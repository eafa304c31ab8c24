import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, FileUp, Loader2, Play, Upload } from "lucide-react";
import { useId, useState } from "react";
import { useSearch } from "wouter";
import { formatDateRange } from "../../../shared/annotation-dates";
import { calendarDateOf, parseIsoDate, toIsoDate } from "../../../shared/calendar-date";
import {
  importFieldLabels,
  importFields,
  importMaxBytes,
  importMaxRows,
  importMaxSizeText,
  importMessages,
  importOutcomeText,
  type ImportField,
  type ImportListResponse,
  type ImportMapping,
  type ImportPreviewResponse,
  type ImportPreviewRow,
  type ImportStatusResponse,
  type ImportSummary,
} from "../../../shared/contracts/annotation-import";
import type { CurrentUser } from "../../../shared/contracts/auth";
import { dailyResetText } from "../../../shared/daily-quota";
import { BackLink } from "../../components/back-link";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { NativeSelect } from "../../components/ui/native-select";
import { apiRequest } from "../../lib/api-client";
import { serverErrorMessage } from "../../lib/api-error-message";
import { newRequestId } from "../../lib/request-id";
import { dashboardPath } from "../../lib/route-paths";
import { currentUserQueryKey } from "../../session/current-user";
import { lastSelectedPropertyId } from "../../session/selected-property";
import { useCookieHeader } from "../../session/request-cookies";
import { useSavedProperties } from "../../session/saved-properties";
import { useReadOnlyPropertyIds } from "../../session/read-only-properties";

const importsKey = ["/api/annotation-imports"] as const;
/** Rows shown at once in the preview; the rest a page further. */
const rowsPerPage = 100;
/** How often a running import's progress is read. */
const pollMs = 1_000;
/**
 * A running import saves its progress every few rows; one silent for this long has lost its run
 * (its server stopped for good), and the person may start it again.
 */
const stalledAfterMs = 2 * 60_000;

interface ChosenFile {
  name: string;
  text: string;
}

function dayText(row: ImportPreviewRow): string {
  const start = row.startDate ? parseIsoDate(row.startDate) : null;
  const end = row.endDate ? parseIsoDate(row.endDate) : null;
  if (start && end && row.endDate !== row.startDate) return formatDateRange(start, end);
  return row.startDate ?? "—";
}

function StepHeading({ step, children }: { step: number; children: string }) {
  return (
    <h2 className="flex items-center gap-2 text-lg font-semibold">
      <span
        aria-hidden="true"
        className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs text-primary-foreground"
      >
        {step}
      </span>
      {children}
    </h2>
  );
}

/** Which column feeds each field; changing one asks the server for a new preview. */
function MappingForm({
  preview,
  onChange,
}: {
  preview: ImportPreviewResponse;
  onChange: (mapping: ImportMapping) => void;
}) {
  const baseId = useId();
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {importFields.map((field: ImportField) => (
        <label key={field} htmlFor={`${baseId}-${field}`} className="flex flex-col gap-1.5">
          <span className="text-sm font-medium">{importFieldLabels[field]}</span>
          <NativeSelect
            id={`${baseId}-${field}`}
            value={preview.mapping[field] ?? ""}
            onChange={(event) =>
              onChange({
                ...preview.mapping,
                [field]: event.target.value === "" ? null : Number(event.target.value),
              })
            }
          >
            <option value="">— Not in the file —</option>
            {preview.headers.map((header, index) => (
              <option key={index} value={index}>
                {header || `Column ${index + 1}`}
              </option>
            ))}
          </NativeSelect>
        </label>
      ))}
    </div>
  );
}

function PreviewRows({ rows }: { rows: readonly ImportPreviewRow[] }) {
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [page, setPage] = useState(0);
  const shown = onlyProblems ? rows.filter((row) => row.problems.length > 0) : rows;
  const pages = Math.max(1, Math.ceil(shown.length / rowsPerPage));
  const current = Math.min(page, pages - 1);
  const visible = shown.slice(current * rowsPerPage, (current + 1) * rowsPerPage);
  return (
    <div className="flex flex-col gap-3">
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={onlyProblems}
          onChange={(event) => {
            setOnlyProblems(event.target.checked);
            setPage(0);
          }}
        />
        Show only rows with problems
      </label>
      <div className="rounded-lg border">
        <table className="w-full table-fixed text-sm">
          <caption className="sr-only">Rows of the file, with their problems</caption>
          <thead className="border-b bg-muted/50 text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="w-14 px-2 py-2 font-medium sm:w-16 sm:px-3">
                Line
              </th>
              <th scope="col" className="px-2 py-2 font-medium sm:px-3">
                Annotation
              </th>
              <th scope="col" className="w-[42%] px-2 py-2 font-medium sm:px-3">
                Result
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {visible.map((row) => (
              <tr key={row.line} className="align-top">
                <td className="px-2 py-2 font-mono text-xs sm:px-3">{row.line}</td>
                <td className="min-w-0 px-2 py-2 sm:px-3">
                  <p className="font-medium break-words">{row.title || "(no title)"}</p>
                  <p className="text-xs break-words text-muted-foreground">
                    {dayText(row)}
                    {row.propertyName ? ` · ${row.propertyName}` : ""}
                    {row.color ? ` · ${row.color.toLowerCase()}` : ""}
                    {row.category ? ` · ${row.category}` : ""}
                  </p>
                </td>
                <td className="px-2 py-2 sm:px-3">
                  {row.skipped ? (
                    <span className="break-words text-muted-foreground">{row.skipped}</span>
                  ) : row.problems.length === 0 ? (
                    <span className="inline-flex items-center gap-1 text-green-700 dark:text-green-400">
                      <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
                      Ready
                    </span>
                  ) : (
                    <ul className="flex flex-col gap-1 text-destructive">
                      {row.problems.map((problem) => (
                        <li key={problem} className="break-words">
                          {problem}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav aria-label="Preview pages" className="flex flex-wrap items-center gap-2 text-sm">
          <Button
            variant="outline"
            size="sm"
            disabled={current === 0}
            onClick={() => setPage(current - 1)}
          >
            Previous
          </Button>
          <span>
            Page {current + 1} of {pages}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={current === pages - 1}
            onClick={() => setPage(current + 1)}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

function ProgressCard({
  status,
  fetchedAt,
  onResume,
  resuming,
  quotaSpent,
}: {
  status: ImportStatusResponse;
  /** Whether today's annotations are all used: a resume would write nothing until midnight UTC. */
  quotaSpent: boolean;
  /** When this answer was read (milliseconds since 1970). */
  fetchedAt: number;
  onResume: () => void;
  resuming: boolean;
}) {
  const processed = status.imported + status.failed;
  // Judged at the moment the answer came, by the answer's own clock reading.
  const stalled =
    status.status === "running" && fetchedAt - Date.parse(status.updatedAt) > stalledAfterMs;
  const resetText = dailyResetText(new Date(fetchedAt));
  const resumeButton = (
    <Button
      size="sm"
      className="self-start"
      onClick={onResume}
      disabled={resuming || (status.status === "waiting_for_quota" && quotaSpent)}
    >
      {resuming ? (
        <Loader2 className="animate-spin" aria-hidden="true" />
      ) : (
        <Play aria-hidden="true" />
      )}
      Resume import
    </Button>
  );
  const percent = status.total === 0 ? 100 : Math.round((processed / status.total) * 100);
  return (
    <section
      aria-label={`Import of ${status.fileName}`}
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
    >
      <StepHeading step={4}>
        {status.status === "running" ? "Importing…" : "Import result"}
      </StepHeading>
      <div>
        <div className="mb-1 flex justify-between gap-2 text-sm">
          <span className="min-w-0 break-words">{status.fileName}</span>
          <span className="shrink-0 tabular-nums">
            {processed.toLocaleString("en-US")} of {status.total.toLocaleString("en-US")}
          </span>
        </div>
        <div
          role="progressbar"
          aria-label="Rows written"
          aria-valuemin={0}
          aria-valuemax={status.total}
          aria-valuenow={processed}
          className="h-2.5 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <p role="status" className="font-medium">
        {importOutcomeText(status)}
        {status.skipped > 0 ? ` · ${importMessages.rowCount(status.skipped)} skipped` : ""}
      </p>
      {status.status === "waiting_for_quota" ? (
        <Alert>
          <CircleAlert aria-hidden="true" />
          <div className="flex flex-col gap-2">
            <p>
              Today&apos;s annotations are used up, so the import stopped. {resetText}. Resume it
              then: the rows already written are not written again.
            </p>
            {resumeButton}
            {quotaSpent ? (
              <p className="text-xs text-muted-foreground">
                Resume is off until the daily limit resets — {resetText}.
              </p>
            ) : null}
          </div>
        </Alert>
      ) : null}
      {stalled ? (
        <Alert>
          <CircleAlert aria-hidden="true" />
          <div className="flex flex-col gap-2">
            <p>
              This import has not moved for a few minutes. Resume it to carry on: the rows already
              written are not written again.
            </p>
            {resumeButton}
          </div>
        </Alert>
      ) : null}
      {status.failures.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">
            Rows not imported ({status.failures.length.toLocaleString("en-US")})
          </summary>
          <ul className="mt-2 flex flex-col gap-1.5">
            {status.failures.map((failure) => (
              <li key={failure.line} className="break-words">
                <span className="font-mono text-xs">Line {failure.line}</span> · {failure.title}:{" "}
                <span className="text-destructive">{failure.message}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

/** When an import started: its day as YYYY-MM-DD and the time, in the browser's zone. */
function startedText(createdAt: string): string {
  const at = new Date(createdAt);
  if (Number.isNaN(at.getTime())) return "—";
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const time = at.toLocaleTimeString("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: zone,
  });
  return `${toIsoDate(calendarDateOf(at, zone))} ${time}`;
}

function RecentImports({
  imports,
  onOpen,
}: {
  imports: readonly ImportSummary[];
  onOpen: (id: string) => void;
}) {
  if (imports.length === 0) return null;
  return (
    <section aria-labelledby="recent-imports-heading" className="flex flex-col gap-3">
      <h2 id="recent-imports-heading" className="text-lg font-semibold">
        Your recent imports
      </h2>
      <ul className="divide-y rounded-lg border">
        {imports.map((item) => (
          <li
            key={item.id}
            className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-medium break-words">{item.fileName}</p>
              <p className="text-xs text-muted-foreground">
                {startedText(item.createdAt)} · {importOutcomeText(item)}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() => onOpen(item.id)}
            >
              {item.status === "done" ? "Details" : "Open"}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * CSV import: choose a file, map its columns, read the server's preview of every row (the
 * server's rules, with each problem by line), import the valid rows as a background job, and
 * follow its progress; a run stopped by the day's quota is resumed here.
 */
export function AnnotationImportPage({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const saved = useSavedProperties();
  const fromAddress = new URLSearchParams(useSearch()).get("property");
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [chosenTarget, setChosenTarget] = useState<string | null>(fromAddress);
  const [preview, setPreview] = useState<ImportPreviewResponse | null>(null);
  const [importId, setImportId] = useState(newRequestId);
  const [activeId, setActiveId] = useState<string | null>(null);
  const fileInputId = useId();
  const targetId = useId();

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
  const targetReadOnly = target !== null && readOnly.has(target);

  const previewMutation = useMutation({
    mutationFn: (input: { file: ChosenFile; mapping?: ImportMapping; target: string | null }) =>
      apiRequest<ImportPreviewResponse>("/api/annotation-imports/preview", {
        method: "POST",
        body: {
          fileName: input.file.name,
          text: input.file.text,
          ...(input.mapping ? { mapping: input.mapping } : {}),
          ...(input.target ? { targetPropertyId: input.target } : {}),
        },
      }),
    onSuccess: (answer) => {
      setPreview(answer);
      // A new preview is a new import: starting it twice (a double click) stays one import.
      setImportId(newRequestId());
    },
  });

  const start = useMutation({
    mutationFn: () =>
      apiRequest<ImportStatusResponse>(importsKey[0], {
        method: "POST",
        body: {
          importId,
          fileName: file!.name,
          text: file!.text,
          mapping: preview!.mapping,
          ...(target ? { targetPropertyId: target } : {}),
        },
      }),
    onSuccess: async (answer) => {
      queryClient.setQueryData([importsKey[0], answer.id], answer);
      setActiveId(answer.id);
      await queryClient.invalidateQueries({ queryKey: importsKey, exact: true });
    },
  });

  const status = useQuery({
    queryKey: [importsKey[0], activeId],
    enabled: activeId !== null,
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<ImportStatusResponse>(`${importsKey[0]}/${activeId}`, {
        signal,
      });
      // The list below shows the same import: it follows once the run stops.
      // The day's count changed as rows were written: Resume follows what is left today.
      if (answer.status !== "running") {
        void queryClient.invalidateQueries({ queryKey: importsKey, exact: true });
        void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      }
      return answer;
    },
    refetchInterval: (query) => (query.state.data?.status === "running" ? pollMs : false),
  });

  const recent = useQuery({
    queryKey: importsKey,
    queryFn: ({ signal }) => apiRequest<ImportListResponse>(importsKey[0], { signal }),
  });

  const resume = useMutation({
    mutationFn: (id: string) =>
      apiRequest<ImportStatusResponse>(`${importsKey[0]}/${id}/resume`, { method: "POST" }),
    onSuccess: (answer) => {
      queryClient.setQueryData([importsKey[0], answer.id], answer);
      void queryClient.invalidateQueries({ queryKey: importsKey, exact: true });
    },
  });

  async function choose(chosen: File | undefined) {
    setFileError(null);
    setPreview(null);
    setActiveId(null);
    previewMutation.reset();
    start.reset();
    if (!chosen) {
      setFile(null);
      return;
    }
    if (chosen.size > importMaxBytes) {
      setFile(null);
      setFileError(importMessages.tooLarge(chosen.size));
      return;
    }
    const read = { name: chosen.name, text: await chosen.text() };
    setFile(read);
    previewMutation.mutate({ file: read, target });
  }

  const active = status.data;
  const problemCount = preview?.invalidCount ?? 0;

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

      <section
        aria-labelledby="import-file-heading"
        className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
      >
        <div id="import-file-heading">
          <StepHeading step={1}>Choose a file</StepHeading>
        </div>
        <label htmlFor={fileInputId} className="flex flex-col gap-1.5 text-sm font-medium">
          CSV file (at most {importMaxSizeText}, {importMaxRows.toLocaleString("en-US")} rows)
          <input
            id={fileInputId}
            type="file"
            accept=".csv,text/csv"
            className="block w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
        </label>
        <label htmlFor={targetId} className="flex flex-col gap-1.5 text-sm font-medium">
          Property for rows that name none
          <NativeSelect
            id={targetId}
            value={target ?? ""}
            onChange={(event) => {
              setChosenTarget(event.target.value);
              if (file)
                previewMutation.mutate({
                  file,
                  mapping: preview?.mapping,
                  target: event.target.value,
                });
            }}
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
                : "Read-only properties cannot be chosen: your role in Google Analytics lets you view them, not add annotations."}
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
      </section>

      {preview && file ? (
        <section
          aria-labelledby="import-mapping-heading"
          className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
        >
          <div id="import-mapping-heading">
            <StepHeading step={2}>Match the columns</StepHeading>
          </div>
          <p className="text-sm text-muted-foreground">
            Guessed from the header of {file.name} (
            {preview.delimiter === ";" ? "semicolons" : "commas"}
            ). Change any that are wrong; the preview follows.
          </p>
          <MappingForm
            preview={preview}
            onChange={(mapping) => previewMutation.mutate({ file, mapping, target })}
          />
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
        </section>
      ) : null}

      {preview && preview.mappingProblems.length === 0 ? (
        <section
          aria-labelledby="import-preview-heading"
          className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
        >
          <div id="import-preview-heading">
            <StepHeading step={3}>Check the rows</StepHeading>
          </div>
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
        </section>
      ) : null}

      {active ? (
        <ProgressCard
          status={active}
          fetchedAt={status.dataUpdatedAt}
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

      <RecentImports imports={recent.data?.imports ?? []} onOpen={(id) => setActiveId(id)} />
    </div>
  );
}
