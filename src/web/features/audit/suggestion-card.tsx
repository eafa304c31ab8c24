import { Check, FolderPlus, Pencil, X } from "lucide-react";
import { useId, useState } from "react";
import type { AuditSuggestion } from "../../../shared/contracts/audits";
import type { Category } from "../../../shared/contracts/categories";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/class-names";
import { EditForm } from "./suggestion-edit-form";
import {
  OriginalFields,
  proposal,
  ProposedFields,
  StatusBadge,
  SuggestionReasons,
} from "./suggestion-fields";

export interface SuggestionActions {
  decide(suggestion: AuditSuggestion, status: "accepted" | "rejected"): void;
  saveEdit(suggestion: AuditSuggestion, title: string, description: string): Promise<boolean>;
  createCategory(suggestion: AuditSuggestion): void;
  busy: boolean;
}

function SuggestionDecisions({
  suggestion,
  actions,
  onEdit,
}: {
  suggestion: AuditSuggestion;
  actions: SuggestionActions;
  onEdit: () => void;
}) {
  const accepted = suggestion.status === "accepted";
  const rejected = suggestion.status === "rejected";
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        size="sm"
        variant={accepted ? "default" : "outline"}
        aria-pressed={accepted}
        disabled={actions.busy || !suggestion.applicable}
        onClick={() => actions.decide(suggestion, "accepted")}
      >
        <Check aria-hidden="true" />
        {accepted ? "Accepted" : "Accept"}
      </Button>
      <Button
        size="sm"
        variant={rejected ? "secondary" : "outline"}
        aria-pressed={rejected}
        disabled={actions.busy}
        onClick={() => actions.decide(suggestion, "rejected")}
      >
        <X aria-hidden="true" />
        {rejected ? "Rejected" : "Reject"}
      </Button>
      <Button size="sm" variant="ghost" onClick={onEdit}>
        <Pencil aria-hidden="true" />
        Edit
      </Button>
      {suggestion.suggestedCategoryName && !suggestion.modifiedCategoryId ? (
        <Button
          size="sm"
          variant="ghost"
          disabled={actions.busy}
          onClick={() => actions.createCategory(suggestion)}
        >
          <FolderPlus aria-hidden="true" />
          Create category
        </Button>
      ) : null}
      {!suggestion.applicable ? (
        <span className="text-xs text-muted-foreground">
          Nothing to apply yet: edit the title to fix it.
        </span>
      ) : null}
    </div>
  );
}

/**
 * One suggestion: the annotation as it is beside what the audit proposes (with the person's
 * edits), why, and the decision. Accepted cards are highlighted; applied and failed ones are
 * read-only and say what happened.
 */
export function SuggestionCard({
  suggestion,
  categories,
  actions,
}: {
  suggestion: AuditSuggestion;
  categories: Category[];
  actions: SuggestionActions;
}) {
  const [editing, setEditing] = useState(false);
  const ids = { title: useId(), description: useId(), heading: useId() };
  const closed =
    suggestion.status === "applied" ||
    suggestion.status === "failed" ||
    suggestion.status === "applying";
  const proposed = proposal(suggestion, categories);

  return (
    <article
      aria-labelledby={ids.heading}
      className={cn(
        "flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-xs transition-colors sm:p-5",
        suggestion.status === "accepted" && "border-primary bg-primary/5 ring-1 ring-primary/40",
        suggestion.status === "rejected" && "bg-muted/40",
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h3 id={ids.heading} className="min-w-0 font-medium break-words">
            {suggestion.originalTitle}
          </h3>
          {suggestion.annotationDate ? (
            <p className="text-xs text-muted-foreground tabular-nums">
              <span className="sr-only">Annotation date: </span>
              <time dateTime={suggestion.annotationDate}>{suggestion.annotationDate}</time>
              {suggestion.annotationEndDate ? (
                <>
                  {" – "}
                  <time dateTime={suggestion.annotationEndDate}>
                    {suggestion.annotationEndDate}
                  </time>
                </>
              ) : null}
            </p>
          ) : null}
        </div>
        <StatusBadge suggestion={suggestion} />
      </header>

      <div className="grid gap-4 md:grid-cols-2">
        <section aria-label="Original" className="rounded-lg border border-dashed p-3">
          <p className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Original
          </p>
          <OriginalFields suggestion={suggestion} />
        </section>
        <section aria-label="Suggested" className="rounded-lg border p-3">
          <p className="mb-2 text-xs font-semibold tracking-wide text-primary uppercase">
            Suggested
          </p>
          {editing ? (
            <EditForm
              ids={ids}
              initialTitle={proposed.title ?? suggestion.originalTitle}
              initialDescription={proposed.description ?? suggestion.originalDescription ?? ""}
              busy={actions.busy}
              onCancel={() => setEditing(false)}
              onSave={async (nextTitle, nextDescription) => {
                if (await actions.saveEdit(suggestion, nextTitle, nextDescription))
                  setEditing(false);
              }}
            />
          ) : (
            <ProposedFields proposed={proposed} />
          )}
        </section>
      </div>

      <SuggestionReasons suggestion={suggestion} />

      {closed || editing ? null : (
        <SuggestionDecisions
          suggestion={suggestion}
          actions={actions}
          onEdit={() => setEditing(true)}
        />
      )}
    </article>
  );
}
