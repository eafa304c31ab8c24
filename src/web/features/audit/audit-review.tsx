import { AlertTriangle, Loader2 } from "lucide-react";
import { useState } from "react";
import { describeApplyResult } from "../../../shared/audit";
import type { AuditDetailResponse, AuditSuggestion } from "../../../shared/contracts/audits";
import type { Category } from "../../../shared/contracts/categories";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import { useCategories } from "../../session/categories";
import { PropertySentence } from "../../session/property-label";
import { useApplyAudit } from "./audits-api";
import { SuggestionCard } from "./suggestion-card";
import { useSuggestionActions } from "./use-suggestion-actions";

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

/** The bar that stays in view under the suggestions: the tally, and Apply after a confirmation. */
function ApplyBar({
  auditId,
  suggestions,
}: {
  auditId: string;
  suggestions: readonly AuditSuggestion[];
}) {
  const apply = useApplyAudit(auditId);
  const [confirming, setConfirming] = useState(false);
  const accepted = suggestions.filter((s) => s.status === "accepted").length;
  const changes = `${accepted} change${accepted === 1 ? "" : "s"}`;

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
    <>
      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-3 border-t bg-background/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {reviewTally(suggestions)}
        </p>
        <Button disabled={accepted === 0 || apply.isPending} onClick={() => setConfirming(true)}>
          {apply.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Apply {changes}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Apply changes to Google Analytics?"
        description={`${accepted} accepted suggestion${accepted === 1 ? "" : "s"} will be written to GA4. Annotations changed in GA4 since the audit are left as they are.`}
        confirmLabel={`Apply ${changes}`}
        onConfirm={() => void applyAccepted()}
      />
    </>
  );
}

/** A finished audit: its suggestions to accept, reject or edit, and Apply for the accepted ones. */
export function Review({
  detail,
  onNewAudit,
}: {
  detail: AuditDetailResponse;
  onNewAudit: () => void;
}) {
  const { session, suggestions } = detail;
  const categories = useCategories({ enabled: true });
  const ownCategories: Category[] = categories.data ?? [];
  const actions = useSuggestionActions(session.id, ownCategories);

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
        <>
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
          <ApplyBar auditId={session.id} suggestions={suggestions} />
        </>
      )}
    </section>
  );
}
