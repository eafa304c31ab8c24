import { CircleAlert, Loader2, Play } from "lucide-react";
import type { ReactNode } from "react";
import {
  importMessages,
  importOutcomeText,
  type ImportRowFailure,
  type ImportStatusResponse,
} from "../../../shared/contracts/annotation-import";
import { dailyResetText } from "../../../shared/daily-quota";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { StepHeading } from "./import-step";

/**
 * A running import saves its progress every few rows; one silent for this long has lost its run
 * (its server stopped for good), and the person may start it again.
 */
const stalledAfterMs = 2 * 60_000;

export function ProgressCard({
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
  return (
    <section
      aria-label={`Import of ${status.fileName}`}
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
    >
      <StepHeading step={4}>
        {status.status === "running" ? "Importing…" : "Import result"}
      </StepHeading>
      <ProgressBar status={status} />
      <p role="status" className="font-medium">
        {importOutcomeText(status)}
        {status.skipped > 0 ? ` · ${importMessages.rowCount(status.skipped)} skipped` : ""}
      </p>
      {status.status === "waiting_for_quota" ? (
        <ResumeAlert>
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
        </ResumeAlert>
      ) : null}
      {status.status === "waiting_for_google" ? (
        <ResumeAlert>
          <p>
            Google Analytics has not confirmed{" "}
            {status.left === 1 ? "one row" : `${status.left.toLocaleString("en-US")} rows`} yet, so
            the import stopped before marking them done. Resume it to try again: each row is looked
            for in Google Analytics first and written only if it is not there, so nothing is written
            twice.
          </p>
          {resumeButton}
        </ResumeAlert>
      ) : null}
      {stalled ? (
        <ResumeAlert>
          <p>
            This import has not moved for a few minutes. Resume it to carry on: each row is looked
            for in Google Analytics first, so the rows already written, even the one it was writing
            when it stopped, are not written again.
          </p>
          {resumeButton}
        </ResumeAlert>
      ) : null}
      <LineDetails summary="Rows not confirmed yet" rows={status.waiting} tone="muted" />
      <LineDetails summary="Rows not imported" rows={status.failures} tone="destructive" />
    </section>
  );
}

function ProgressBar({ status }: { status: ImportStatusResponse }) {
  const processed = status.imported + status.failed;
  const percent = status.total === 0 ? 100 : Math.round((processed / status.total) * 100);
  return (
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
  );
}

/** Why the import stopped, with the way on. */
function ResumeAlert({ children }: { children: ReactNode }) {
  return (
    <Alert>
      <CircleAlert aria-hidden="true" />
      <div className="flex flex-col gap-2">{children}</div>
    </Alert>
  );
}

/** The rows of the file still waiting or failed, by line, folded away until asked for. */
function LineDetails({
  summary,
  rows,
  tone,
}: {
  summary: string;
  rows: readonly ImportRowFailure[];
  tone: "muted" | "destructive";
}) {
  if (rows.length === 0) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium">
        {summary} ({rows.length.toLocaleString("en-US")})
      </summary>
      <ul className="mt-2 flex flex-col gap-1.5">
        {rows.map((row) => (
          <li key={row.line} className="break-words">
            <span className="font-mono text-xs">Line {row.line}</span> · {row.title}:{" "}
            <span className={tone === "muted" ? "text-muted-foreground" : "text-destructive"}>
              {row.message}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
