import { AlertTriangle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { auditProgressPercent } from "../../../shared/audit";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import { auditHistoryQueryKey, auditQueryKey, startAudit, useAudit } from "./audits-api";
import { AuditForm, startFailedMessage } from "./audit-form";
import { Review } from "./audit-review";
import { FailedView, Progress } from "./audit-status-views";

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
