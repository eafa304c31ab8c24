import { Check, Lock, Pencil, Settings2, X } from "lucide-react";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { annotationColorSwatches, isAnnotationColor } from "../../../shared/annotation-colors";
import { toIsoDate } from "../../../shared/calendar-date";
import type { CurrentUser } from "../../../shared/contracts/auth";
import type { CreateAnnotationRequest } from "../../../shared/contracts/annotations";
import type { Category } from "../../../shared/contracts/categories";
import type {
  AcceptSuggestionRequest,
  Suggestion,
  SuggestionStatusValue,
} from "../../../shared/contracts/suggestions";
import { formatAnnotationDate } from "../../../shared/annotation-dates";
import { capabilitiesOf } from "../../../shared/plans";
import { lockedSourceMessage, suggestionSourceInfo } from "../../../shared/suggestion-sources";
import { ColorSwatch } from "../../components/color-swatch";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { NativeSelect } from "../../components/ui/native-select";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import { useAnnotationLimitReason } from "../../session/annotation-allowance";
import { useReadOnlyReason } from "../../session/read-only-properties";
import { useCategories } from "../../session/categories";
import { useInbox } from "../../session/inbox";
import {
  useAcceptSuggestion,
  useBulkSuggestions,
  useDismissSuggestion,
  useRestoreSuggestion,
} from "./inbox-api";
import { useInboxCauses } from "./inbox-causes";

const inboxLimitReasonId = "inbox-limit-reason";

const AnnotationFormDialog = lazy(() =>
  import("../annotations/annotation-form-dialog").then((module) => ({
    default: module.AnnotationFormDialog,
  })),
);
const InboxSettingsPanel = lazy(() =>
  import("./inbox-settings").then((module) => ({ default: module.InboxSettingsPanel })),
);

const noCategories: Category[] = [];

const statusLabels: Record<SuggestionStatusValue, string> = {
  open: "Waiting",
  accepted: "Accepted",
  dismissed: "Dismissed",
};

/** "2026-11-12" or "2026-11-12 – 2026-11-14": the dates as every annotation reads them. */
export function suggestionDays(suggestion: Suggestion): string {
  return formatAnnotationDate(suggestion);
}

function failureToast(title: string, error: unknown) {
  toast({
    variant: "destructive",
    title,
    description: serverErrorMessage(error) ?? "Please try again in a moment.",
  });
}

/**
 * The property's suggestion inbox: what its sources propose, each accepted (written through the
 * annotations service, once), edited first in the create dialog, or dismissed for good; several at
 * once; and the accepted and dismissed history.
 */
export function InboxPanel({ user, propertyId }: { user: CurrentUser; propertyId: string }) {
  const [status, setStatus] = useState<SuggestionStatusValue>("open");
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Suggestion | null>(null);
  const [settingsShown, setSettingsShown] = useState(false);
  const inbox = useInbox(propertyId, status);
  const accept = useAcceptSuggestion(propertyId);
  const dismiss = useDismissSuggestion(propertyId);
  const restore = useRestoreSuggestion(propertyId);
  const bulk = useBulkSuggestions(propertyId);
  const canUseCategories = capabilitiesOf(user.subscriptionTier).canUseCategories;
  // Accepting writes an annotation: on a property the person may only view, or while the day's
  // allowance is spent, Accept waits with the reason.
  const readOnlyReason = useReadOnlyReason(propertyId);
  const allowanceReason = useAnnotationLimitReason(user);
  const limitReason = readOnlyReason ?? allowanceReason;
  const categories = useCategories({ enabled: canUseCategories });
  const categoryChoices = canUseCategories ? (categories.data ?? noCategories) : noCategories;
  const locked = inbox.sources.filter((source) => !source.available);
  const open = status === "open";
  const visibleIds = inbox.suggestions.map((suggestion) => suggestion.id);
  const causesOf = useInboxCauses(user, propertyId, inbox.suggestions);
  const chosen = visibleIds.filter((id) => selected.has(id));

  function toggle(id: string) {
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  /** With the dialog's fields, the person's choice of no category is sent as null. */
  function acceptOne(suggestion: Suggestion, edited?: CreateAnnotationRequest) {
    const edits: AcceptSuggestionRequest = edited
      ? {
          title: edited.title,
          ...(edited.description !== undefined ? { description: edited.description } : {}),
          ...(edited.annotationDate ? { annotationDate: edited.annotationDate } : {}),
          ...(edited.annotationDateRange
            ? { annotationDateRange: edited.annotationDateRange }
            : {}),
          ...(edited.color ? { color: edited.color } : {}),
          categoryId: edited.categoryId ?? null,
        }
      : {};
    accept.mutate(
      { id: suggestion.id, edits },
      {
        onSuccess: (accepted) => {
          setEditing(null);
          toast({
            title: "Suggestion accepted",
            description: `"${accepted?.title ?? suggestion.title}" is now an annotation in GA4.`,
          });
        },
        onError: (error) => failureToast("Could not accept the suggestion", error),
      },
    );
  }

  function decideMany(action: "accept" | "dismiss") {
    bulk.mutate(
      { action, ids: chosen },
      {
        onSuccess: (answer) => {
          setSelected(new Set());
          const results = answer?.results ?? [];
          const done = results.filter((result) => result.ok).length;
          const refused = results.find((result) => !result.ok);
          toast({
            title: `${done} of ${results.length} ${action === "accept" ? "accepted" : "dismissed"}`,
            ...(refused && !refused.ok ? { description: refused.error } : {}),
          });
        },
        onError: (error) => failureToast("Could not decide the suggestions", error),
      },
    );
  }

  return (
    <section aria-labelledby="inbox-heading" className="flex flex-col gap-4">
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
            onChange={(event) => {
              setStatus(event.target.value as SuggestionStatusValue);
              setSelected(new Set());
            }}
          >
            {(Object.keys(statusLabels) as SuggestionStatusValue[]).map((value) => (
              <option key={value} value={value}>
                {statusLabels[value]}
              </option>
            ))}
          </NativeSelect>
          <Button
            variant="outline"
            aria-expanded={settingsShown}
            onClick={() => setSettingsShown((shown) => !shown)}
          >
            <Settings2 aria-hidden="true" />
            Sources
          </Button>
        </div>
      </div>

      {settingsShown ? (
        <Suspense fallback={null}>
          <InboxSettingsPanel user={user} propertyId={propertyId} sources={inbox.sources} />
        </Suspense>
      ) : null}

      {locked.length > 0 ? (
        <ul className="flex flex-col gap-1 rounded-md border border-dashed p-3 text-sm text-muted-foreground">
          {locked.map((source) => (
            <li key={source.kind} className="flex items-start gap-2">
              <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{lockedSourceMessage(source.kind)}</span>
            </li>
          ))}
        </ul>
      ) : null}

      {open && inbox.suggestions.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={chosen.length > 0 && chosen.length === visibleIds.length}
              onChange={(event) =>
                setSelected(event.target.checked ? new Set(visibleIds) : new Set())
              }
            />
            Select all
          </label>
          <Button
            size="sm"
            disabled={chosen.length === 0 || bulk.isPending || limitReason !== null}
            aria-describedby={limitReason ? inboxLimitReasonId : undefined}
            onClick={() => decideMany("accept")}
          >
            Accept selected ({chosen.length})
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={chosen.length === 0 || bulk.isPending}
            onClick={() => decideMany("dismiss")}
          >
            Dismiss selected
          </Button>
        </div>
      ) : null}

      {open && limitReason ? (
        <p
          id={inboxLimitReasonId}
          className={readOnlyReason ? "text-xs text-muted-foreground" : "text-xs text-destructive"}
        >
          {limitReason}
        </p>
      ) : null}

      {inbox.isLoading ? (
        <p className="text-sm text-muted-foreground">Loading suggestions…</p>
      ) : inbox.error ? (
        <p role="alert" className="text-sm text-destructive">
          {serverErrorMessage(inbox.error) ?? "The inbox could not be loaded."}
        </p>
      ) : inbox.suggestions.length === 0 ? (
        <p className="rounded-md border p-6 text-center text-sm text-muted-foreground">
          {open
            ? "Nothing waiting. New releases, holidays and unusual days will appear here."
            : `No ${statusLabels[status].toLowerCase()} suggestions yet.`}
        </p>
      ) : (
        <ul aria-label="Suggestions" className="flex flex-col gap-3">
          {inbox.suggestions.map((suggestion) => (
            <SuggestionItem
              key={suggestion.id}
              suggestion={suggestion}
              causes={causesOf(suggestion)}
              categories={categoryChoices}
              selectable={open}
              selected={selected.has(suggestion.id)}
              busy={accept.isPending || dismiss.isPending}
              createBlocked={limitReason !== null}
              onToggle={() => toggle(suggestion.id)}
              onAccept={() => acceptOne(suggestion)}
              onEdit={() => setEditing(suggestion)}
              onDismiss={() =>
                dismiss.mutate(suggestion.id, {
                  onSuccess: () =>
                    toast({
                      title: "Suggestion dismissed",
                      action: {
                        label: "Undo",
                        altText: "Undo the dismissal",
                        onClick: () =>
                          restore.mutate(suggestion.id, {
                            onError: (error) => failureToast("Could not undo the dismissal", error),
                          }),
                      },
                    }),
                  onError: (error) => failureToast("Could not dismiss the suggestion", error),
                })
              }
            />
          ))}
        </ul>
      )}

      <Suspense fallback={null}>
        {editing ? (
          <AnnotationFormDialog
            key={editing.id}
            mode="create"
            draft={{
              title: editing.title,
              date: toIsoDate(editing.annotationDateRange?.startDate ?? editing.annotationDate),
              ...(editing.annotationDateRange
                ? { endDate: toIsoDate(editing.annotationDateRange.endDate) }
                : {}),
              description: editing.description,
              color: editing.color,
              categoryId: editing.categoryId,
            }}
            categories={categoryChoices}
            open
            onOpenChange={(isOpen) => {
              if (!isOpen) setEditing(null);
            }}
            pending={accept.isPending}
            onCreate={(request) => acceptOne(editing, request)}
          />
        ) : null}
      </Suspense>
    </section>
  );
}

function SuggestionItem(props: {
  suggestion: Suggestion;
  /** An unexplained change's likely causes. */
  causes?: ReactNode;
  categories: readonly Category[];
  selectable: boolean;
  selected: boolean;
  busy: boolean;
  /** The day's annotations are spent: Accept and Edit (which accepts) wait. */
  createBlocked: boolean;
  onToggle: () => void;
  onAccept: () => void;
  onEdit: () => void;
  onDismiss: () => void;
}) {
  const { suggestion } = props;
  const swatch = isAnnotationColor(suggestion.color)
    ? annotationColorSwatches[suggestion.color]
    : annotationColorSwatches.BLUE;
  // Only a category the person has: a source's preset they never made files nothing under it.
  const category = props.categories.find((entry) => entry.id === suggestion.categoryId)?.name;
  const titleId = `suggestion-${suggestion.id}`;
  return (
    <li
      aria-labelledby={titleId}
      className="flex gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-xs"
    >
      {props.selectable ? (
        <input
          type="checkbox"
          className="mt-1 size-4 shrink-0"
          aria-label={`Select ${suggestion.title}`}
          checked={props.selected}
          onChange={props.onToggle}
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <Badge variant="outline">{suggestionSourceInfo[suggestion.source].label}</Badge>
          <span>{suggestionDays(suggestion)}</span>
          {suggestion.decidedHow === "rule" ? (
            <Badge variant="accent">Accepted by a rule</Badge>
          ) : null}
        </div>
        <h3 id={titleId} className="font-medium break-words">
          {suggestion.title}
        </h3>
        {suggestion.description ? (
          <p className="text-sm break-words text-muted-foreground">{suggestion.description}</p>
        ) : null}
        {props.causes}
        <div className="flex flex-wrap items-center gap-3 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <ColorSwatch hex={swatch.hex} />
            {swatch.label}
          </span>
          {category ? <span>Category: {category}</span> : null}
        </div>
        {props.selectable ? (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              disabled={props.busy || props.createBlocked}
              aria-describedby={props.createBlocked ? inboxLimitReasonId : undefined}
              onClick={props.onAccept}
            >
              <Check aria-hidden="true" />
              Accept
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={props.busy || props.createBlocked}
              onClick={props.onEdit}
            >
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <Button size="sm" variant="ghost" disabled={props.busy} onClick={props.onDismiss}>
              <X aria-hidden="true" />
              Dismiss
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}
