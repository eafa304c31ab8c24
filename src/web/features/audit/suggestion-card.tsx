import { Check, FolderPlus, Loader2, Pencil, X } from "lucide-react";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { annotationColorSwatches, isAnnotationColor } from "../../../shared/annotation-colors";
import {
  annotationDescriptionMaxLength,
  annotationTitleMaxLength,
} from "../../../shared/contracts/annotations";
import type { AuditSuggestion } from "../../../shared/contracts/audits";
import type { Category } from "../../../shared/contracts/categories";
import { cleanTextProblem } from "../../../shared/contracts/clean-text";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { cn } from "../../lib/class-names";

const fieldClass =
  "w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 sm:text-sm";

function ColorChip({ color }: { color: string | null }) {
  if (!color) return <span className="text-muted-foreground">—</span>;
  // ORANGE marks Google's own annotations, which the audit never touches but may show.
  const swatch = isAnnotationColor(color)
    ? annotationColorSwatches[color]
    : { label: "Orange", hex: "#e37400" };
  return (
    <span className="inline-flex items-center gap-1.5">
      <span
        aria-hidden="true"
        className="size-2.5 rounded-full"
        style={{ backgroundColor: swatch.hex }}
      />
      {swatch.label}
    </span>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

export interface SuggestionActions {
  decide(suggestion: AuditSuggestion, status: "accepted" | "rejected"): void;
  saveEdit(suggestion: AuditSuggestion, title: string, description: string): Promise<boolean>;
  createCategory(suggestion: AuditSuggestion): void;
  busy: boolean;
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
  const accepted = suggestion.status === "accepted";
  const rejected = suggestion.status === "rejected";
  const editedFields = [
    suggestion.modifiedTitle !== null ? "title" : null,
    suggestion.modifiedDescription !== null ? "description" : null,
  ].filter((field) => field !== null);

  const title = suggestion.modifiedTitle ?? suggestion.suggestedTitle;
  const description = suggestion.modifiedDescription ?? suggestion.suggestedDescription;
  const linked = suggestion.modifiedCategoryId ?? suggestion.suggestedCategoryId;
  const linkedCategory = linked ? categories.find((category) => category.id === linked) : null;
  const color = linkedCategory?.color ?? suggestion.suggestedColor;
  // A proposed category the person has made since (here or on /categories) is simply theirs.
  const madeSince = suggestion.suggestedCategoryName
    ? categories.some(
        (category) =>
          category.name.toLowerCase() === suggestion.suggestedCategoryName!.toLowerCase(),
      )
    : false;
  const categoryLabel = linkedCategory
    ? linkedCategory.name
    : suggestion.suggestedCategoryName
      ? madeSince
        ? suggestion.suggestedCategoryName
        : `${suggestion.suggestedCategoryName} (new: made when you apply)`
      : null;

  return (
    <article
      aria-labelledby={ids.heading}
      className={cn(
        "flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-xs transition-colors sm:p-5",
        accepted && "border-primary bg-primary/5 ring-1 ring-primary/40",
        rejected && "bg-muted/40",
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
          <dl className="flex flex-col gap-2">
            <Field label="Title">{suggestion.originalTitle}</Field>
            <Field label="Description">
              {suggestion.originalDescription || (
                <span className="text-muted-foreground">None</span>
              )}
            </Field>
            <Field label="Color">
              <ColorChip color={suggestion.originalColor} />
            </Field>
          </dl>
        </section>
        <section aria-label="Suggested" className="rounded-lg border p-3">
          <p className="mb-2 text-xs font-semibold tracking-wide text-primary uppercase">
            Suggested
          </p>
          {editing ? (
            <EditForm
              ids={ids}
              initialTitle={title ?? suggestion.originalTitle}
              initialDescription={description ?? suggestion.originalDescription ?? ""}
              busy={actions.busy}
              onCancel={() => setEditing(false)}
              onSave={async (nextTitle, nextDescription) => {
                if (await actions.saveEdit(suggestion, nextTitle, nextDescription))
                  setEditing(false);
              }}
            />
          ) : (
            <dl className="flex flex-col gap-2">
              <Field label="Title">
                {title ?? <span className="text-muted-foreground">Unchanged</span>}
              </Field>
              <Field label="Description">
                {description ?? <span className="text-muted-foreground">Unchanged</span>}
              </Field>
              <Field label="Color">
                {color ? (
                  <ColorChip color={color} />
                ) : (
                  <span className="text-muted-foreground">Unchanged</span>
                )}
              </Field>
              <Field label="Category">
                {categoryLabel ?? <span className="text-muted-foreground">Unchanged</span>}
              </Field>
            </dl>
          )}
        </section>
      </div>

      {editedFields.length > 0 ? (
        <div className="flex flex-col gap-1 text-sm text-muted-foreground">
          <p>
            <span className="font-medium text-foreground">Why: </span>
            you edited the {editedFields.join(" and ")}; your wording is what will be applied.
          </p>
          {suggestion.aiReasoning ? (
            <p className="text-xs">The audit had suggested it because: {suggestion.aiReasoning}</p>
          ) : null}
        </div>
      ) : suggestion.aiReasoning ? (
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground">Why: </span>
          {suggestion.aiReasoning}
        </p>
      ) : null}
      {suggestion.status === "failed" && suggestion.failureReason ? (
        <p role="note" className="text-sm text-destructive">
          Not applied: {suggestion.failureReason}
        </p>
      ) : null}
      {suggestion.status === "accepted" && suggestion.failureReason ? (
        <p role="note" className="text-sm text-muted-foreground">
          Not applied yet: {suggestion.failureReason}
        </p>
      ) : null}

      {closed || editing ? null : (
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
          <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
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
      )}
    </article>
  );
}

function StatusBadge({ suggestion }: { suggestion: AuditSuggestion }) {
  switch (suggestion.status) {
    case "accepted":
      return <Badge>Accepted</Badge>;
    case "rejected":
      return <Badge variant="outline">Rejected</Badge>;
    case "applied":
      return <Badge variant="accent">Applied</Badge>;
    case "failed":
      return (
        <Badge variant="outline" className="border-destructive/50 text-destructive">
          Failed
        </Badge>
      );
    case "applying":
      return <Badge variant="secondary">Applying…</Badge>;
    default:
      return <Badge variant="secondary">To review</Badge>;
  }
}

function EditForm({
  ids,
  initialTitle,
  initialDescription,
  busy,
  onCancel,
  onSave,
}: {
  ids: { title: string; description: string };
  initialTitle: string;
  initialDescription: string;
  busy: boolean;
  onCancel: () => void;
  onSave: (title: string, description: string) => Promise<void>;
}) {
  const [title, setTitle] = useState(initialTitle);
  const [description, setDescription] = useState(initialDescription);
  const titleProblem = cleanTextProblem(title, {
    label: "Title",
    maxLength: annotationTitleMaxLength,
    required: true,
  });
  const descriptionProblem = cleanTextProblem(description, {
    label: "Description",
    maxLength: annotationDescriptionMaxLength,
    multiline: true,
  });
  const problem = titleProblem ?? descriptionProblem;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (problem) return;
    void onSave(title.trim(), description.trim());
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.title}>Title</Label>
        <Input
          id={ids.title}
          value={title}
          data-autofocus
          aria-invalid={titleProblem ? true : undefined}
          onChange={(event) => setTitle(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.description}>Description</Label>
        <textarea
          id={ids.description}
          rows={3}
          value={description}
          aria-invalid={descriptionProblem ? true : undefined}
          onChange={(event) => setDescription(event.target.value)}
          className={fieldClass}
        />
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={busy || problem !== null}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Save
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
