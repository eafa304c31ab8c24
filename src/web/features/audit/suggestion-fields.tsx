import type { ReactNode } from "react";
import { annotationColorSwatches, isAnnotationColor } from "../../../shared/annotation-colors";
import type { AuditSuggestion } from "../../../shared/contracts/audits";
import type { Category } from "../../../shared/contracts/categories";
import { Badge } from "../../components/ui/badge";

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

const unchanged = <span className="text-muted-foreground">Unchanged</span>;

/** What the suggestion would make of the annotation, the person's edits and links included. */
export function proposal(suggestion: AuditSuggestion, categories: Category[]) {
  const linked = suggestion.modifiedCategoryId ?? suggestion.suggestedCategoryId;
  const linkedCategory = linked ? categories.find((category) => category.id === linked) : null;
  // A proposed category the person has made since (here or on /categories) is simply theirs.
  const madeSince = suggestion.suggestedCategoryName
    ? categories.some(
        (category) =>
          category.name.toLowerCase() === suggestion.suggestedCategoryName!.toLowerCase(),
      )
    : false;
  return {
    title: suggestion.modifiedTitle ?? suggestion.suggestedTitle,
    description: suggestion.modifiedDescription ?? suggestion.suggestedDescription,
    color: linkedCategory?.color ?? suggestion.suggestedColor,
    categoryLabel: linkedCategory
      ? linkedCategory.name
      : suggestion.suggestedCategoryName
        ? madeSince
          ? suggestion.suggestedCategoryName
          : `${suggestion.suggestedCategoryName} (new: made when you apply)`
        : null,
  };
}

export function OriginalFields({ suggestion }: { suggestion: AuditSuggestion }) {
  return (
    <dl className="flex flex-col gap-2">
      <Field label="Title">{suggestion.originalTitle}</Field>
      <Field label="Description">
        {suggestion.originalDescription || <span className="text-muted-foreground">None</span>}
      </Field>
      <Field label="Color">
        <ColorChip color={suggestion.originalColor} />
      </Field>
    </dl>
  );
}

export function ProposedFields({ proposed }: { proposed: ReturnType<typeof proposal> }) {
  return (
    <dl className="flex flex-col gap-2">
      <Field label="Title">{proposed.title ?? unchanged}</Field>
      <Field label="Description">{proposed.description ?? unchanged}</Field>
      <Field label="Color">
        {proposed.color ? <ColorChip color={proposed.color} /> : unchanged}
      </Field>
      <Field label="Category">{proposed.categoryLabel ?? unchanged}</Field>
    </dl>
  );
}

export function StatusBadge({ suggestion }: { suggestion: AuditSuggestion }) {
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

/** Why the audit suggests it (or that the person's edit stands), and why it was not applied. */
export function SuggestionReasons({ suggestion }: { suggestion: AuditSuggestion }) {
  const editedFields = [
    suggestion.modifiedTitle !== null ? "title" : null,
    suggestion.modifiedDescription !== null ? "description" : null,
  ].filter((field) => field !== null);
  return (
    <>
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
    </>
  );
}
