import { AlertTriangle, Loader2, RotateCcw } from "lucide-react";
import { Button } from "../../components/ui/button";

/** An audit that did not start or failed, with the step it stopped at and a way to try again. */
export function FailedView({
  title,
  step,
  message,
  onTryAgain,
  pending = false,
}: {
  title: string;
  step: string | null;
  message: string;
  onTryAgain: () => void;
  pending?: boolean;
}) {
  return (
    <section
      aria-labelledby="audit-failed"
      className="flex flex-col gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-5"
    >
      <h2 id="audit-failed" className="flex items-center gap-2 text-lg font-semibold">
        <AlertTriangle className="size-5 text-destructive" aria-hidden="true" />
        {title}
      </h2>
      {step ? (
        <p className="text-sm">
          <span className="font-medium">Step:</span> {step}
        </p>
      ) : null}
      <p role="alert" className="text-sm">
        {message}
      </p>
      <Button className="self-start" onClick={onTryAgain} disabled={pending}>
        {pending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <RotateCcw aria-hidden="true" />
        )}
        Try Again
      </Button>
    </section>
  );
}

/** An audit under way: its progress bar, the step it is on and how many annotations are read. */
export function Progress({
  percent,
  step,
  detail = null,
}: {
  percent: number;
  step: string;
  detail?: string | null;
}) {
  return (
    <section
      aria-labelledby="audit-progress"
      className="flex flex-col gap-3 rounded-xl border bg-card p-5"
    >
      <h2 id="audit-progress" className="flex items-center gap-2 text-lg font-semibold">
        <Loader2 className="size-5 animate-spin text-primary" aria-hidden="true" />
        Auditing your annotations
      </h2>
      <div
        role="progressbar"
        aria-label="Audit progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-500"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="flex flex-wrap justify-between gap-2 text-sm text-muted-foreground">
        <span aria-live="polite">{step}</span>
        <span>{percent}%</span>
      </p>
      {detail ? <p className="text-sm text-muted-foreground">{detail}</p> : null}
    </section>
  );
}
