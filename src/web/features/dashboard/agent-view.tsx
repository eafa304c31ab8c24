import { Bot, ChevronDown } from "lucide-react";
import { useState } from "react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import { AnnotationsManager } from "../annotations/annotations-manager";
import { ChatPanel } from "../chat/chat-panel";
import { SuggestedPrompts } from "../chat/suggested-prompts";
import { useChat, useDraftOpener } from "../chat/use-chat";
import { useSelectedProperty } from "../../session/selected-property";
import { PropertyModeHeading, useModeProperty } from "./mode-heading";
import { ConnectionNotice, DashboardEmptyState } from "./mode-parts";

/** Agent Mode: the assistant, with the annotations it talks about below. */
export function AgentView({ user }: { user: CurrentUser }) {
  const mode = useModeProperty();
  const { readiness } = mode;

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PropertyModeHeading
        icon={Bot}
        heading="AI Assistant"
        before="Ask me anything about annotations for "
        fallback="Ask the assistant to list or add your GA4 property's annotations"
        mode={mode}
      />
      {readiness === "connect" || readiness === "choose" ? (
        <DashboardEmptyState readiness={readiness} />
      ) : null}
      {readiness === "ready" ? <AgentWorkspace user={user} /> : null}
    </div>
  );
}

/** The assistant and the annotations it talks about, once a property is there to work on. */
function AgentWorkspace({ user }: { user: CurrentUser }) {
  const { propertyId } = useSelectedProperty();
  const [tableOpen, setTableOpen] = useState(true);
  const { openDraft, onEdit } = useDraftOpener();
  const chat = useChat({
    user,
    onShowAnnotations: () => setTableOpen(true),
    onEdit: (draft) => {
      setTableOpen(true);
      onEdit(draft);
    },
  });

  return (
    <>
      <ConnectionNotice />
      {/* On phones the conversation and its composer come first, on the first screen; the
      suggested prompts (which only fill the composer) follow it. */}
      <div className="max-sm:order-1">
        <SuggestedPrompts user={user} chat={chat} propertyId={propertyId} />
      </div>
      <ChatPanel chat={chat} fitsFirstScreen />
      <section
        aria-labelledby="agent-annotations-heading"
        className="flex flex-col gap-3 max-sm:order-2"
      >
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
              openDraft={openDraft}
            />
          ) : null}
        </div>
      </section>
    </>
  );
}
