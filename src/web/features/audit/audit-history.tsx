import { History } from "lucide-react";
import { formatMoment } from "../../../shared/annotation-dates";
import type { AuditSession } from "../../../shared/contracts/audits";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { serverErrorMessage } from "../../lib/api-error-message";
import { useAuditHistory, useSavedPropertiesForAudit } from "./audits-api";

const statusLabels: Record<AuditSession["status"], string> = {
  pending: "Pending",
  in_progress: "In progress",
  completed: "Completed",
  failed: "Failed",
};

const viewLabels: Record<AuditSession["status"], string> = {
  pending: "View Progress",
  in_progress: "View Progress",
  completed: "View Results",
  failed: "View Failure",
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/**
 * 'Past Audits': newest first, each naming its property as the picker does and opening its
 * progress, results or failure.
 */
export function AuditHistory({ onView }: { onView: (id: string) => void }) {
  const history = useAuditHistory();
  const saved = useSavedPropertiesForAudit();
  const nameOf = (propertyId: string) =>
    saved.data?.find((property) => property.propertyId === propertyId)?.name || null;
  const zoneOf = (propertyId: string) =>
    saved.data?.find((property) => property.propertyId === propertyId)?.timeZone ?? null;
  if (history.isLoading)
    return <p className="text-sm text-muted-foreground">Loading past audits...</p>;
  if (history.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {serverErrorMessage(history.error) ?? "Past audits could not be loaded."}
      </p>
    );
  const sessions = history.data ?? [];
  if (sessions.length === 0)
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed p-8 text-center">
        <History className="size-6 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">No audit history yet</p>
        <p className="text-sm text-muted-foreground">Audits you run appear here.</p>
      </div>
    );
  return (
    <ul className="flex flex-col gap-2">
      {sessions.map((session) => (
        <li
          key={session.id}
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-4"
        >
          <div className="flex min-w-0 flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <Badge
                variant={
                  session.status === "completed"
                    ? "accent"
                    : session.status === "failed"
                      ? "outline"
                      : "secondary"
                }
                className={
                  session.status === "failed" ? "border-destructive/50 text-destructive" : ""
                }
              >
                {statusLabels[session.status]}
              </Badge>
              <span className="text-sm font-medium">
                {formatMoment(session.createdAt, zoneOf(session.propertyId))}
              </span>
            </div>
            <p className="text-sm break-words text-muted-foreground">
              <span className="font-medium text-foreground">
                {nameOf(session.propertyId) ?? `Property ${session.propertyId}`}
              </span>
              {" · "}
              {plural(session.totalAnnotations, "annotation")} ·{" "}
              {plural(session.suggestionCount, "suggestion")} · {session.appliedCount} applied
            </p>
          </div>
          <Button
            size="sm"
            variant="outline"
            aria-label={`${viewLabels[session.status]}: audit of ${formatMoment(session.createdAt, zoneOf(session.propertyId))}`}
            onClick={() => onView(session.id)}
          >
            {viewLabels[session.status]}
          </Button>
        </li>
      ))}
    </ul>
  );
}
