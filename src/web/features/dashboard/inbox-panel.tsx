import { lazy, Suspense, useState } from "react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import type { Category } from "../../../shared/contracts/categories";
import type { Suggestion, SuggestionStatusValue } from "../../../shared/contracts/suggestions";
import { capabilitiesOf } from "../../../shared/plans";
import { useAnnotationLimitReason } from "../../session/annotation-allowance";
import { useReadOnlyReason } from "../../session/read-only-properties";
import { useCategories } from "../../session/categories";
import { useInbox } from "../../session/inbox";
import { useInboxCauses } from "./inbox-causes";
import {
  EditSuggestionDialog,
  InboxBulkBar,
  InboxHeader,
  LockedSources,
  InboxNoList,
} from "./inbox-panel-parts";
import { inboxLimitReasonId, SuggestionItem } from "./inbox-suggestion-item";
import { useInboxDecisions } from "./use-inbox-decisions";

export { suggestionDays } from "./inbox-suggestion-item";

const InboxSettingsPanel = lazy(() =>
  import("./inbox-settings").then((module) => ({ default: module.InboxSettingsPanel })),
);

const noCategories: Category[] = [];

/**
 * Why Accept waits, or null: accepting writes an annotation, so not on a property the person may
 * only view, nor while the day's allowance is spent.
 */
function useAcceptBlocked(user: CurrentUser, propertyId: string) {
  const readOnlyReason = useReadOnlyReason(propertyId);
  const allowanceReason = useAnnotationLimitReason(user);
  return { readOnlyReason, limitReason: readOnlyReason ?? allowanceReason };
}

/** The suggestions selected among those shown. */
function useInboxSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  function toggle(id: string) {
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }
  return { selected, setSelected, toggle };
}

/**
 * The property's suggestion inbox: what its sources propose, each accepted (written through the
 * annotations service, once), edited first in the create dialog, or dismissed for good; several at
 * once; and the accepted and dismissed history.
 */
export function InboxPanel({ user, propertyId }: { user: CurrentUser; propertyId: string }) {
  const [status, setStatus] = useState<SuggestionStatusValue>("open");
  const { selected, setSelected, toggle } = useInboxSelection();
  const [editing, setEditing] = useState<Suggestion | null>(null);
  const [settingsShown, setSettingsShown] = useState(false);
  const inbox = useInbox(propertyId, status);
  const decisions = useInboxDecisions(propertyId, {
    onAccepted: () => setEditing(null),
    onDecidedMany: () => setSelected(new Set()),
  });
  const canUseCategories = capabilitiesOf(user.subscriptionTier).canUseCategories;
  const { readOnlyReason, limitReason } = useAcceptBlocked(user, propertyId);
  const categories = useCategories({ enabled: canUseCategories });
  const categoryChoices = canUseCategories ? (categories.data ?? noCategories) : noCategories;
  const locked = inbox.sources.filter((source) => !source.available);
  const open = status === "open";
  const visibleIds = inbox.suggestions.map((suggestion) => suggestion.id);
  const causesOf = useInboxCauses(user, propertyId, inbox.suggestions);
  const chosen = visibleIds.filter((id) => selected.has(id));

  return (
    <section aria-labelledby="inbox-heading" className="flex flex-col gap-4">
      <InboxHeader
        status={status}
        onStatusChange={(value) => {
          setStatus(value);
          setSelected(new Set());
        }}
        settingsShown={settingsShown}
        onToggleSettings={() => setSettingsShown((shown) => !shown)}
      />

      {settingsShown ? (
        <Suspense fallback={null}>
          <InboxSettingsPanel user={user} propertyId={propertyId} sources={inbox.sources} />
        </Suspense>
      ) : null}

      {locked.length > 0 ? <LockedSources locked={locked} /> : null}

      {open && inbox.suggestions.length > 0 ? (
        <InboxBulkBar
          chosenCount={chosen.length}
          allChosen={chosen.length > 0 && chosen.length === visibleIds.length}
          onSelectAll={(all) => setSelected(all ? new Set(visibleIds) : new Set())}
          pending={decisions.bulkPending}
          limitReason={limitReason}
          onDecide={(action) => decisions.decideMany(action, chosen)}
        />
      ) : null}

      {open && limitReason ? (
        <p
          id={inboxLimitReasonId}
          className={readOnlyReason ? "text-xs text-muted-foreground" : "text-xs text-destructive"}
        >
          {limitReason}
        </p>
      ) : null}

      {inbox.isLoading || inbox.error || inbox.suggestions.length === 0 ? (
        <InboxNoList inbox={inbox} status={status} />
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
              busy={decisions.busy}
              createBlocked={limitReason !== null}
              onToggle={() => toggle(suggestion.id)}
              onAccept={() => decisions.acceptOne(suggestion)}
              onEdit={() => setEditing(suggestion)}
              onDismiss={() => decisions.dismissOne(suggestion)}
            />
          ))}
        </ul>
      )}

      <Suspense fallback={null}>
        {editing ? (
          <EditSuggestionDialog
            key={editing.id}
            suggestion={editing}
            categories={categoryChoices}
            pending={decisions.accepting}
            onClose={() => setEditing(null)}
            onCreate={(request) => decisions.acceptOne(editing, request)}
          />
        ) : null}
      </Suspense>
    </section>
  );
}
