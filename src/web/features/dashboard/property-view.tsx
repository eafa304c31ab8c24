import { MessageSquare, Plus, Table2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import type { DialogDraft } from "../chat/use-chat";
import { Button } from "../../components/ui/button";
import { AnnotationsManager, preloadTrafficPanel } from "../annotations/annotations-manager";
import { useAnnotationLimitReason } from "../../session/annotation-allowance";
import { PropertySentence } from "../../session/property-label";
import { useSelectedProperty } from "../../session/selected-property";
import { PropertyViewTabs } from "./property-view-tabs";
import {
  ConnectionNotice,
  DashboardEmptyState,
  ModeHeading,
  useDashboardReadiness,
} from "./mode-parts";

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
  const { propertyId } = useSelectedProperty();
  const readiness = useDashboardReadiness();
  const limitReason = useAnnotationLimitReason(user);
  const [createOpen, setCreateOpen] = useState(false);
  const [chatShown, setChatShown] = useState(false);
  // Edit on the assistant's preview card: the table's dialog opens with its draft.
  const [openDraft, setOpenDraft] = useState<{ id: number; draft: DialogDraft } | null>(null);
  const ready = readiness === "ready";

  return (
    // One column, also while the chat is shown: the dashboard's frame has no room for the
    // chat beside a table that needs its full width, so the chat opens above the table, never
    // squeezing its columns out of view.
    <div className="grid gap-6">
      <div className="flex min-w-0 flex-col gap-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <ModeHeading
            icon={Table2}
            heading="Annotations"
            hint={
              propertyId && ready ? (
                <PropertySentence before="Manage annotations for " propertyId={propertyId} />
              ) : (
                "A table of your GA4 property's annotations"
              )
            }
          />
          {ready ? (
            <div className="flex flex-col items-end gap-1">
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  aria-pressed={chatShown}
                  onClick={() => setChatShown((shown) => !shown)}
                >
                  <MessageSquare aria-hidden="true" />
                  {chatShown ? "Hide Chat" : "Show Chat"}
                </Button>
                <Button
                  disabled={limitReason !== null}
                  aria-describedby={limitReason ? createReasonId : undefined}
                  onClick={() => setCreateOpen(true)}
                >
                  <Plus aria-hidden="true" />
                  New Annotation
                </Button>
              </div>
              {limitReason ? (
                <p id={createReasonId} className="max-w-xs text-right text-xs text-destructive">
                  {limitReason}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
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
