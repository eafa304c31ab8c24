import { MessageSquare, Plus, Table2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import type { DialogDraft } from "../chat/use-chat";
import { Button } from "../../components/ui/button";
import { AnnotationsManager, preloadTrafficPanel } from "../annotations/annotations-manager";
import { useAnnotationLimitReason } from "../../session/annotation-allowance";
import { AppApprovalsNotice } from "../../session/app-approvals-notice";
import { planLimitReasonId, SubscriptionCard } from "../plans/subscription-card";
import { PropertyViewTabs } from "./property-view-tabs";
import { PropertyModeHeading, useModeProperty } from "./mode-heading";
import { ConnectionNotice, DashboardEmptyState } from "./mode-parts";

// Property View's first screen draws the traffic chart: its code starts loading with this
// module, beside the annotation list, instead of once the panel has rendered.
if (typeof window !== "undefined") preloadTrafficPanel().catch(() => undefined);

// The chat sidebar is Agent Mode's code; Property View fetches it only when it is shown.
const PropertyViewChat = lazy(() =>
  import("./property-view-chat").then((module) => ({ default: module.PropertyViewChat })),
);

const createReasonId = "new-annotation-reason";

/** Property View: the annotations table with its dialogs, and chat on request. */
export function PropertyView({ user }: { user: CurrentUser }) {
  const mode = useModeProperty();
  const { propertyId, readiness, ready, readOnlyReason } = mode;
  const [createOpen, setCreateOpen] = useState(false);
  const [chatShown, setChatShown] = useState(false);
  // Edit on the assistant's preview card: the table's dialog opens with its draft.
  const [openDraft, setOpenDraft] = useState<{ id: number; draft: DialogDraft } | null>(null);

  return (
    // One column, also while the chat is shown: the table needs the page's full width, so the
    // chat opens above it, never squeezing its columns out of view.
    <div className="grid gap-6">
      <div className="flex min-w-0 flex-col gap-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <PropertyModeHeading
            icon={Table2}
            heading="Annotations"
            before="Manage annotations for "
            fallback="A table of your GA4 property's annotations"
            mode={mode}
          />
          {ready ? (
            <PropertyViewActions
              user={user}
              readOnlyReason={readOnlyReason}
              chatShown={chatShown}
              onToggleChat={() => setChatShown((shown) => !shown)}
              onCreate={() => setCreateOpen(true)}
            />
          ) : null}
        </div>
        {/* The plan and any deletion waiting for approval, as a bar: the table below keeps the
        page's whole width (Agent Mode has them beside the conversation). */}
        <SubscriptionCard user={user} layout="bar" />
        <AppApprovalsNotice />
        {readiness === "connect" || readiness === "choose" ? (
          <DashboardEmptyState readiness={readiness} />
        ) : null}
        {chatShown && ready ? (
          <Suspense fallback={null}>
            <PropertyViewChat
              user={user}
              onEdit={(draft) =>
                setOpenDraft((previous) => ({ id: (previous?.id ?? 0) + 1, draft }))
              }
            />
          </Suspense>
        ) : null}
        {ready ? (
          <>
            <ConnectionNotice />
            <PropertyViewTabs user={user} propertyId={propertyId}>
              <AnnotationsManager
                user={user}
                propertyId={propertyId}
                createOpen={createOpen}
                onCreateOpenChange={setCreateOpen}
                showChart
                openDraft={openDraft}
              />
            </PropertyViewTabs>
          </>
        ) : null}
      </div>
    </div>
  );
}

/** Show Chat and New Annotation; New Annotation waits, saying why, while it can only fail. */
function PropertyViewActions({
  user,
  readOnlyReason,
  chatShown,
  onToggleChat,
  onCreate,
}: {
  user: CurrentUser;
  readOnlyReason: string | null;
  chatShown: boolean;
  onToggleChat: () => void;
  onCreate: () => void;
}) {
  const limitReason = useAnnotationLimitReason(user);
  const createReason = readOnlyReason ?? limitReason;
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" aria-pressed={chatShown} onClick={onToggleChat}>
          <MessageSquare aria-hidden="true" />
          {chatShown ? "Hide Chat" : "Show Chat"}
        </Button>
        <Button
          disabled={createReason !== null}
          aria-describedby={
            readOnlyReason ? createReasonId : limitReason ? planLimitReasonId : undefined
          }
          title={createReason ?? undefined}
          onClick={onCreate}
        >
          <Plus aria-hidden="true" />
          New Annotation
        </Button>
      </div>
      {/* The day's limit is said once, by the plan bar just below, which the button
      names as its description; a read-only property's reason is said here. */}
      {readOnlyReason ? (
        <p id={createReasonId} className="max-w-xs text-right text-xs text-muted-foreground">
          {readOnlyReason}
        </p>
      ) : null}
    </div>
  );
}
