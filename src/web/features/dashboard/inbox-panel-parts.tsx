import { Lock, Settings2 } from "lucide-react";
import { lazy } from "react";
import { toIsoDate } from "../../../shared/calendar-date";
import type { CreateAnnotationRequest } from "../../../shared/contracts/annotations";
import type { Category } from "../../../shared/contracts/categories";
import type {
  Suggestion,
  SuggestionListResponse,
  SuggestionStatusValue,
} from "../../../shared/contracts/suggestions";
import { lockedSourceMessage } from "../../../shared/suggestion-sources";
import { Button } from "../../components/ui/button";
import { NativeSelect } from "../../components/ui/native-select";
import { serverErrorMessage } from "../../lib/api-error-message";
import { inboxLimitReasonId } from "./inbox-suggestion-item";

const AnnotationFormDialog = lazy(() =>
  import("../annotations/annotation-form-dialog").then((module) => ({
    default: module.AnnotationFormDialog,
  })),
);

const statusLabels: Record<SuggestionStatusValue, string> = {
  open: "Waiting",
  accepted: "Accepted",
  dismissed: "Dismissed",
};

/** The inbox's heading, with which suggestions to show and the Sources switch. */
export function InboxHeader({
  status,
  onStatusChange,
  settingsShown,
  onToggleSettings,
}: {
  status: SuggestionStatusValue;
  onStatusChange: (status: SuggestionStatusValue) => void;
  settingsShown: boolean;
  onToggleSettings: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h2 id="inbox-heading" className="text-lg font-semibold">
          Suggestion inbox
        </h2>
        <p className="text-sm text-muted-foreground">
          Annotations proposed from releases, holidays and unusual days. Nothing is written until
          you accept it.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor="inbox-status">
          Show
        </label>
        <NativeSelect
          id="inbox-status"
          className="w-auto"
          value={status}
          onChange={(event) => onStatusChange(event.target.value as SuggestionStatusValue)}
        >
          {(Object.keys(statusLabels) as SuggestionStatusValue[]).map((value) => (
            <option key={value} value={value}>
              {statusLabels[value]}
            </option>
          ))}
        </NativeSelect>
        <Button variant="outline" aria-expanded={settingsShown} onClick={onToggleSettings}>
          <Settings2 aria-hidden="true" />
          Sources
        </Button>
      </div>
    </div>
  );
}

/** In place of the list: loading, why it failed, or that there is nothing to show. */
export function InboxNoList({
  inbox,
  status,
}: {
  inbox: { isLoading: boolean; error: unknown };
  status: SuggestionStatusValue;
}) {
  return inbox.isLoading ? (
    <p className="text-sm text-muted-foreground">Loading suggestions…</p>
  ) : inbox.error ? (
    <p role="alert" className="text-sm text-destructive">
      {serverErrorMessage(inbox.error) ?? "The inbox could not be loaded."}
    </p>
  ) : (
    <p className="rounded-md border p-6 text-center text-sm text-muted-foreground">
      {status === "open"
        ? "Nothing waiting. New releases, holidays and unusual days will appear here."
        : `No ${statusLabels[status].toLowerCase()} suggestions yet.`}
    </p>
  );
}

/** The sources the person's plan does not include, each saying what it would add. */
export function LockedSources({ locked }: { locked: SuggestionListResponse["sources"] }) {
  return (
    <ul className="flex flex-col gap-1 rounded-md border border-dashed p-3 text-sm text-muted-foreground">
      {locked.map((source) => (
        <li key={source.kind} className="flex items-start gap-2">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{lockedSourceMessage(source.kind)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Select all, and Accept or Dismiss the selected suggestions together. */
export function InboxBulkBar({
  chosenCount,
  allChosen,
  onSelectAll,
  pending,
  limitReason,
  onDecide,
}: {
  chosenCount: number;
  allChosen: boolean;
  onSelectAll: (all: boolean) => void;
  pending: boolean;
  limitReason: string | null;
  onDecide: (action: "accept" | "dismiss") => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4"
          checked={allChosen}
          onChange={(event) => onSelectAll(event.target.checked)}
        />
        Select all
      </label>
      <Button
        size="sm"
        disabled={chosenCount === 0 || pending || limitReason !== null}
        aria-describedby={limitReason ? inboxLimitReasonId : undefined}
        onClick={() => onDecide("accept")}
      >
        Accept selected ({chosenCount})
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={chosenCount === 0 || pending}
        onClick={() => onDecide("dismiss")}
      >
        Dismiss selected
      </Button>
    </div>
  );
}

/** Edit on a suggestion: the create dialog filled in from it; creating it accepts it. */
export function EditSuggestionDialog({
  suggestion,
  categories,
  pending,
  onClose,
  onCreate,
}: {
  suggestion: Suggestion;
  categories: Category[];
  pending: boolean;
  onClose: () => void;
  onCreate: (request: CreateAnnotationRequest) => void;
}) {
  return (
    <AnnotationFormDialog
      mode="create"
      draft={{
        title: suggestion.title,
        date: toIsoDate(suggestion.annotationDateRange?.startDate ?? suggestion.annotationDate),
        ...(suggestion.annotationDateRange
          ? { endDate: toIsoDate(suggestion.annotationDateRange.endDate) }
          : {}),
        description: suggestion.description,
        color: suggestion.color,
        categoryId: suggestion.categoryId,
      }}
      categories={categories}
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      pending={pending}
      onCreate={onCreate}
    />
  );
}
