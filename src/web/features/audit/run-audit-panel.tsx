import { AlertTriangle, Loader2, RotateCcw, Sparkles } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { auditProgressPercent, describeApplyResult } from "../../../shared/audit";
import type { AuditDetailResponse, AuditSuggestion } from "../../../shared/contracts/audits";
import type { Category } from "../../../shared/contracts/categories";
import { parseIsoDate } from "../../../shared/calendar-date";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { DateInput, dateFormatMessage } from "../../components/ui/date-input";
import { Label } from "../../components/ui/label";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import {
  auditHistoryQueryKey,
  auditQueryKey,
  createAudit,
  startAudit,
  useApplyAudit,
  useAudit,
  useCreateSuggestedCategory,
  useSavedPropertiesForAudit,
  useUpdateSuggestion,
} from "./audits-api";
import { useCategories } from "../../session/categories";
import { SuggestionCard } from "./suggestion-card";
import { PropertySentence } from "../../session/property-label";

const startFailedMessage = "The audit could not be started. Nothing was reviewed.";

const fieldClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 sm:text-sm";

/** 'Run Audit': the form, then the chosen audit's progress, review or failure. */
export function RunAuditPanel({
  auditId,
  onAuditChange,
  initialPropertyId,
}: {
  auditId: string | null;
  onAuditChange: (id: string | null) => void;
  initialPropertyId: string;
}) {
  // Why the start call of the audit just created failed, shown by its failed view.
  const [startProblem, setStartProblem] = useState<string | null>(null);
  if (!auditId)
    return (
      <AuditForm
        onStarted={(id, problem) => {
          setStartProblem(problem);
          onAuditChange(id);
        }}
        initialPropertyId={initialPropertyId}
      />
    );
  return (
    <AuditView
      key={auditId}
      auditId={auditId}
      startProblem={startProblem}
      onNewAudit={() => {
        setStartProblem(null);
        onAuditChange(null);
      }}
    />
  );
}

function AuditForm({
  onStarted,
  initialPropertyId,
}: {
  /** `problem` is why starting failed, or null when it started. */
  onStarted: (id: string, problem: string | null) => void;
  initialPropertyId: string;
}) {
  const ids = { property: useId(), start: useId(), end: useId() };
  const saved = useSavedPropertiesForAudit();
  const [propertyId, setPropertyId] = useState(initialPropertyId);
  const [startDate, setStartDate] = useState("");
  const [endDate, setEndDate] = useState("");
  const [pending, setPending] = useState(false);
  const properties = saved.data ?? [];
  const chosen = properties.some((p) => p.propertyId === propertyId) ? propertyId : "";

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) {
      toast({
        title: "Property required",
        description: "Please select a GA4 property to audit",
        variant: "destructive",
      });
      return;
    }
    if ((startDate && !parseIsoDate(startDate)) || (endDate && !parseIsoDate(endDate))) {
      toast({ title: "Check the dates", description: dateFormatMessage, variant: "destructive" });
      return;
    }
    setPending(true);
    let id: string;
    try {
      const created = await createAudit({
        propertyId: chosen,
        ...(startDate ? { startDate } : {}),
        ...(endDate ? { endDate } : {}),
      });
      id = created.session.id;
      toast({ title: "Audit created", description: "Starting AI analysis of your annotations..." });
    } catch (error) {
      toast({
        title: "Failed to create audit",
        description: serverErrorMessage(error) ?? "Please try again.",
        variant: "destructive",
      });
      setPending(false);
      return;
    }
    let problem: string | null = null;
    try {
      await startAudit(id);
    } catch (error) {
      // The audit exists but never started: its view says so and offers to start it again.
      problem = serverErrorMessage(error) ?? startFailedMessage;
    }
    setPending(false);
    onStarted(id, problem);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-5 rounded-xl border bg-card p-5 shadow-xs">
      <div>
        <h2 className="text-lg font-semibold">Audit a property</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          The audit reads the property&apos;s annotations and suggests clearer titles, descriptions,
          colours and categories. Nothing changes in Google Analytics until you apply the
          suggestions you accept.
        </p>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.property}>GA4 property</Label>
        <select
          id={ids.property}
          value={chosen}
          onChange={(event) => setPropertyId(event.target.value)}
          className={fieldClass}
        >
          <option value="">
            {saved.isLoading
              ? "Loading your properties..."
              : properties.length === 0
                ? "No saved properties: add one on the dashboard"
                : "Select a property"}
          </option>
          {properties.map((property) => (
            <option key={property.propertyId} value={property.propertyId}>
              {property.name ? `${property.name} (${property.propertyId})` : property.propertyId}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.start}>Start date (optional)</Label>
          <DateInput
            id={ids.start}
            value={startDate}
            max={parseIsoDate(endDate) ? endDate : undefined}
            calendarLabel="Choose the start date from a calendar"
            aria-invalid={startDate !== "" && !parseIsoDate(startDate) ? true : undefined}
            onChange={setStartDate}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.end}>End date (optional)</Label>
          <DateInput
            id={ids.end}
            value={endDate}
            min={parseIsoDate(startDate) ? startDate : undefined}
            calendarLabel="Choose the end date from a calendar"
            aria-invalid={endDate !== "" && !parseIsoDate(endDate) ? true : undefined}
            onChange={setEndDate}
          />
        </div>
      </div>
      <p className="-mt-2 text-xs text-muted-foreground">
        Leave the dates blank to audit every annotation; annotations outside the dates are left out.
      </p>
      <Button type="submit" className="self-start" disabled={pending}>
        {pending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Sparkles aria-hidden="true" />
        )}
        Start AI Audit
      </Button>
    </form>
  );
}

function AuditView({
  auditId,
  startProblem,
  onNewAudit,
}: {
  auditId: string;
  startProblem: string | null;
  onNewAudit: () => void;
}) {
  const queryClient = useQueryClient();
  const audit = useAudit(auditId);
  const [restarting, setRestarting] = useState(false);
  const [restartProblem, setRestartProblem] = useState<string | null>(null);

  async function startAgain() {
    setRestarting(true);
    try {
      await startAudit(auditId);
      setRestartProblem(null);
      await queryClient.invalidateQueries({ queryKey: auditQueryKey(auditId) });
    } catch (error) {
      setRestartProblem(serverErrorMessage(error) ?? startFailedMessage);
    } finally {
      setRestarting(false);
    }
  }
  const status = audit.data?.session.status;
  const previous = useRef(status);

  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    if (before === status || before === undefined) return;
    if (status === "completed" || status === "failed")
      void queryClient.invalidateQueries({ queryKey: auditHistoryQueryKey });
    if (status === "failed")
      toast({
        title: "Processing error",
        description: "Failed to process annotations",
        variant: "destructive",
      });
  }, [status, queryClient]);

  if (audit.isLoading) return <Progress percent={10} step="Loading the audit…" />;
  if (audit.isError || !audit.data)
    return (
      <Alert variant="destructive" role="alert">
        <AlertTriangle aria-hidden="true" />
        <div className="flex flex-col gap-2">
          <p>{serverErrorMessage(audit.error) ?? "The audit could not be loaded."}</p>
          <Button size="sm" variant="outline" className="self-start" onClick={onNewAudit}>
            Start a new audit
          </Button>
        </div>
      </Alert>
    );

  const { session } = audit.data;
  if (session.status === "pending" && !session.started) {
    return (
      <FailedView
        title="The audit did not start"
        step={null}
        message={restartProblem ?? startProblem ?? startFailedMessage}
        onTryAgain={() => void startAgain()}
        pending={restarting}
      />
    );
  }
  if (session.status === "pending" || session.status === "in_progress") {
    return (
      <Progress
        percent={auditProgressPercent(session)}
        step={session.lastStep ?? "Waiting to start"}
        detail={
          session.totalAnnotations > 0
            ? `${session.processedAnnotations} of ${session.totalAnnotations} annotations reviewed`
            : null
        }
      />
    );
  }
  if (session.status === "failed") {
    return (
      <FailedView
        title="The audit failed"
        step={session.lastStep}
        message={session.errorMessage ?? "Something went wrong."}
        onTryAgain={onNewAudit}
      />
    );
  }
  return <Review detail={audit.data} onNewAudit={onNewAudit} />;
}

function FailedView({
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

function Progress({
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

function Review({ detail, onNewAudit }: { detail: AuditDetailResponse; onNewAudit: () => void }) {
  const { session, suggestions } = detail;
  const categories = useCategories({ enabled: true });
  const update = useUpdateSuggestion(session.id);
  const apply = useApplyAudit(session.id);
  const createCategory = useCreateSuggestedCategory();
  const [confirming, setConfirming] = useState(false);
  const accepted = suggestions.filter((s) => s.status === "accepted").length;
  const changes = `${accepted} change${accepted === 1 ? "" : "s"}`;
  const ownCategories: Category[] = categories.data ?? [];

  const change = async (
    suggestion: AuditSuggestion,
    body: Parameters<typeof update.mutateAsync>[0]["change"],
    success?: string,
  ): Promise<boolean> => {
    try {
      await update.mutateAsync({ suggestionId: suggestion.id, change: body });
      if (success) toast({ title: success });
      return true;
    } catch (error) {
      toast({
        title: "Failed to update suggestion",
        description: serverErrorMessage(error) ?? "Please try again.",
        variant: "destructive",
      });
      return false;
    }
  };

  const actions = {
    busy: update.isPending || createCategory.isPending,
    decide: (suggestion: AuditSuggestion, status: "accepted" | "rejected") => {
      if (suggestion.status !== status) void change(suggestion, { status });
    },
    saveEdit: (suggestion: AuditSuggestion, title: string, description: string) =>
      change(suggestion, { modifiedTitle: title, modifiedDescription: description }, "Updated"),
    createCategory: (suggestion: AuditSuggestion) =>
      void (async () => {
        let category: Category;
        try {
          category = await createCategory.mutateAsync({
            name: suggestion.suggestedCategoryName!,
            color: suggestion.suggestedCategoryColor ?? suggestion.suggestedColor ?? "BLUE",
            description: suggestion.suggestedCategoryDescription,
          });
        } catch (error) {
          // The person may already have made it: link the one they have.
          const existing = ownCategories.find(
            (c) => c.name.toLowerCase() === suggestion.suggestedCategoryName!.toLowerCase(),
          );
          if (!existing) {
            toast({
              title: "Failed to create category",
              description: serverErrorMessage(error) ?? "Please try again.",
              variant: "destructive",
            });
            return;
          }
          category = existing;
        }
        await change(
          suggestion,
          { modifiedCategoryId: category.id },
          "Category created and linked",
        );
      })(),
  };

  async function applyAccepted() {
    setConfirming(false);
    try {
      const result = await apply.mutateAsync();
      const summary = describeApplyResult(result);
      toast({
        title: summary.title,
        description: summary.description,
        ...(summary.problem ? { variant: "destructive" as const } : {}),
      });
    } catch (error) {
      toast({
        title: "Error applying changes",
        description: serverErrorMessage(error) ?? "Failed to apply changes to GA4",
        variant: "destructive",
      });
    }
  }

  return (
    <section aria-labelledby="audit-review" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="audit-review" className="text-lg font-semibold">
            {suggestions.length === 0
              ? "No suggestions"
              : `${suggestions.length} suggestion${suggestions.length === 1 ? "" : "s"}`}
          </h2>
          <p className="text-sm text-muted-foreground">
            <PropertySentence
              before={`${session.totalAnnotations} annotation${session.totalAnnotations === 1 ? "" : "s"} reviewed in `}
              propertyId={session.propertyId}
            />
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={onNewAudit}>
          New audit
        </Button>
      </div>
      {session.errorMessage && suggestions.length > 0 ? (
        <Alert role="status">
          <AlertTriangle aria-hidden="true" />
          <p>{session.errorMessage}</p>
        </Alert>
      ) : null}
      {suggestions.length === 0 ? (
        <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
          {session.errorMessage ??
            "Your annotations look clear and consistent: nothing to suggest."}
        </p>
      ) : (
        <div className="flex flex-col gap-3">
          {suggestions.map((suggestion) => (
            <SuggestionCard
              key={suggestion.id}
              suggestion={suggestion}
              categories={ownCategories}
              actions={actions}
            />
          ))}
        </div>
      )}
      {suggestions.length > 0 ? (
        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-3 border-t bg-background/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {reviewTally(suggestions)}
          </p>
          <Button disabled={accepted === 0 || apply.isPending} onClick={() => setConfirming(true)}>
            {apply.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Apply {changes}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Apply changes to Google Analytics?"
        description={`${accepted} accepted suggestion${accepted === 1 ? "" : "s"} will be written to GA4. Annotations changed in GA4 since the audit are left as they are.`}
        confirmLabel={`Apply ${changes}`}
        onConfirm={() => void applyAccepted()}
      />
    </section>
  );
}

/** Where the review stands, e.g. "4 applied · 4 to review"; counts of none are left out. */
export function reviewTally(suggestions: readonly AuditSuggestion[]): string {
  const count = (...statuses: AuditSuggestion["status"][]) =>
    suggestions.filter((suggestion) => statuses.includes(suggestion.status)).length;
  const parts = [
    [count("applied"), "applied"],
    [count("applying"), "applying"],
    [count("accepted"), "accepted"],
    [count("rejected"), "rejected"],
    [count("failed"), "not applied"],
    [count("pending"), "to review"],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, label]) => `${n} ${label}`)
    .join(" · ");
}
