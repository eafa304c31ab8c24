import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Check, Loader2, ShieldAlert, X } from "lucide-react";
import type { AppApproval, AppApprovalOutcome } from "../../shared/contracts/app-approvals";
import { TitledCard } from "../components/titled-card";
import { Button } from "../components/ui/button";
import { toast } from "../components/ui/use-toast";
import { apiRequest } from "../lib/api-client";
import { serverErrorMessage } from "../lib/api-error-message";
// From the notice that loads these cards lazily: a file of its own for this one key made the
// bundler move the query provider into a chunk of its own, a kilobyte more on every first screen.
import { appApprovalsKey } from "./app-approvals-key";

/** An approval's day or range, and when it stops waiting, as every date in the product reads. */
function dayOf(annotation: AppApproval["annotations"][number]): string {
  return annotation.endDate ? `${annotation.date} – ${annotation.endDate}` : annotation.date;
}

function until(iso: string): string {
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

function ApprovalCard({ approval }: { approval: AppApproval }) {
  const queryClient = useQueryClient();
  const answer = useMutation({
    mutationFn: (choice: "approve" | "decline") =>
      apiRequest<AppApprovalOutcome>(`/api/account/app-approvals/${approval.id}/${choice}`, {
        method: "POST",
      }),
    onSuccess: (outcome) => {
      toast({
        title: outcome.status === "done" ? "Deleted" : "Declined",
        description: outcome.summary,
      });
      // What was deleted leaves every list that showed it.
      void queryClient.invalidateQueries();
    },
    onError: (error) => {
      toast({
        title: "That did not work",
        description: serverErrorMessage(error) ?? "Please try again.",
        variant: "destructive",
      });
      void queryClient.invalidateQueries({ queryKey: appApprovalsKey });
    },
  });
  const count = approval.annotations.length;
  return (
    <TitledCard
      className="border-amber-500/60"
      title={
        <>
          <ShieldAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
          <span className="break-words">
            {approval.appName} asks to delete {count} annotation{count === 1 ? "" : "s"}
          </span>
        </>
      }
      titleProps={{ className: "flex items-start gap-2 text-base" }}
      description={
        <>
          Property {approval.propertyId} · waits for you until {until(approval.expiresAt)}
        </>
      }
      footer={
        <>
          <Button
            variant="destructive"
            size="sm"
            disabled={answer.isPending}
            onClick={() => answer.mutate("approve")}
          >
            {answer.isPending && answer.variables === "approve" ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Check aria-hidden="true" />
            )}
            Approve deletion
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={answer.isPending}
            onClick={() => answer.mutate("decline")}
          >
            <X aria-hidden="true" />
            Decline
          </Button>
        </>
      }
      footerClassName="flex flex-wrap gap-2"
    >
      <ul aria-label="What would be deleted" className="flex flex-col gap-1 text-sm">
        {approval.annotations.map((annotation) => (
          <li key={annotation.annotationId} className="break-words">
            <span className="font-medium">{annotation.title}</span>{" "}
            <span className="text-muted-foreground tabular-nums">{dayOf(annotation)}</span>
          </li>
        ))}
      </ul>
    </TitledCard>
  );
}

/** The deletions waiting for the person, one card each with Approve and Decline. */
export function AppApprovalCards({ approvals }: { approvals: AppApproval[] }) {
  return (
    <section aria-label="Waiting for your approval" className="flex flex-col gap-4">
      {approvals.map((approval) => (
        <ApprovalCard key={approval.id} approval={approval} />
      ))}
    </section>
  );
}
