import { Bot, ChevronDown, MessageSquare, Plus, Table2, TriangleAlert } from "lucide-react";
import { useState } from "react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { AnnotationsManager, toastMissingProperty } from "../annotations/annotations-manager";
import { ChatPanel } from "../chat/chat-panel";
import { SuggestedPrompts } from "../chat/suggested-prompts";
import { useChat } from "../chat/use-chat";
import { connectGoogle, useGoogleStatus } from "../../session/google-connection-status";
import { useSelectedProperty } from "../../session/selected-property";
import { SubscriptionCard } from "../plans/subscription-card";
import { dashboardPanelId, dashboardTabId, useDashboardMode } from "./dashboard-mode";

function ConnectionNotice() {
  const status = useGoogleStatus();
  if (status.isPending) return null;
  if (!status.data?.connected) {
    return (
      <Alert>
        <TriangleAlert aria-hidden="true" />
        <div className="flex flex-col items-start gap-2">
          <p>Connect Google Analytics to see your properties and their annotations.</p>
          <Button size="sm" variant="outline" onClick={connectGoogle}>
            Connect GA4
          </Button>
        </div>
      </Alert>
    );
  }
  if (!status.data.canWrite) {
    return (
      <Alert>
        <TriangleAlert aria-hidden="true" />
        <p>
          Read-only connection: Tidemark can read your annotations but cannot write them. Reconnect
          Google Analytics and allow editing to create, edit or delete annotations.
        </p>
      </Alert>
    );
  }
  return null;
}

function ModeHeading({
  icon: Icon,
  heading,
  hint,
}: {
  icon: typeof Bot;
  heading: string;
  hint: string;
}) {
  return (
    <div className="flex items-start gap-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight">{heading}</h1>
        <p className="mt-1 text-sm break-words text-muted-foreground">{hint}</p>
      </div>
    </div>
  );
}

/** Property View's Show Chat sidebar: the same assistant, beside the table it refreshes. */
function PropertyViewChat({ user }: { user: CurrentUser }) {
  const chat = useChat({ user });
  return <ChatPanel chat={chat} className="self-start" />;
}

function PropertyView({ user }: { user: CurrentUser }) {
  const { propertyId } = useSelectedProperty();
  const [createOpen, setCreateOpen] = useState(false);
  const [chatShown, setChatShown] = useState(false);

  return (
    <div className={chatShown ? "grid gap-6 xl:grid-cols-[1fr_20rem]" : "grid gap-6"}>
      <div className="flex min-w-0 flex-col gap-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <ModeHeading
            icon={Table2}
            heading="Annotations"
            hint={
              propertyId
                ? `Manage annotations for property ${propertyId}`
                : "Enter a property ID to get started"
            }
          />
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
              onClick={() => {
                if (propertyId) setCreateOpen(true);
                else toastMissingProperty();
              }}
            >
              <Plus aria-hidden="true" />
              New Annotation
            </Button>
          </div>
        </div>
        <ConnectionNotice />
        <AnnotationsManager
          user={user}
          propertyId={propertyId}
          createOpen={createOpen}
          onCreateOpenChange={setCreateOpen}
          showChart
        />
      </div>
      {chatShown ? <PropertyViewChat user={user} /> : null}
    </div>
  );
}

function AgentView({ user }: { user: CurrentUser }) {
  const { propertyId } = useSelectedProperty();
  const [tableOpen, setTableOpen] = useState(true);
  const chat = useChat({ user, onShowAnnotations: () => setTableOpen(true) });

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <ModeHeading
        icon={Bot}
        heading="AI Assistant"
        hint={
          propertyId
            ? `Ask me anything about annotations for property ${propertyId}`
            : "Enter a property ID above to get started"
        }
      />
      <ConnectionNotice />
      <SuggestedPrompts user={user} chat={chat} />
      <ChatPanel chat={chat} />
      <section aria-labelledby="agent-annotations-heading" className="flex flex-col gap-3">
        <h2 id="agent-annotations-heading">
          <button
            type="button"
            aria-expanded={tableOpen}
            aria-controls="agent-annotations-table"
            onClick={() => setTableOpen((open) => !open)}
            className="inline-flex items-center gap-2 rounded-md font-semibold focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none"
          >
            <ChevronDown
              className={tableOpen ? "size-4" : "size-4 -rotate-90"}
              aria-hidden="true"
            />
            Annotations
          </button>
        </h2>
        <div id="agent-annotations-table" hidden={!tableOpen}>
          {tableOpen ? (
            <AnnotationsManager
              user={user}
              propertyId={propertyId}
              createOpen={false}
              onCreateOpenChange={() => undefined}
              emptyMessage="No annotations found for this property."
              showChart
            />
          ) : null}
        </div>
      </section>
    </div>
  );
}

/** /dashboard: the mode's panel (Agent Mode or Property View) beside the subscription card (spec §2). */
export function DashboardPage({ user }: { user: CurrentUser }) {
  const mode = useDashboardMode();

  return (
    <div className="mx-auto grid w-full max-w-7xl flex-1 gap-6 px-4 py-8 sm:px-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <section
        id={dashboardPanelId}
        role="tabpanel"
        aria-labelledby={dashboardTabId(mode)}
        className="min-w-0"
      >
        {mode === "property" ? <PropertyView user={user} /> : <AgentView user={user} />}
      </section>
      <SubscriptionCard user={user} />
    </div>
  );
}
