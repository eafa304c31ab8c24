import { MessageSquare, Plus, Table2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import { Button } from "../../components/ui/button";
import {
  AnnotationsManager,
  preloadTrafficPanel,
  toastMissingProperty,
} from "../annotations/annotations-manager";
import { useSelectedProperty } from "../../session/selected-property";
import { PropertyViewTabs } from "./property-view-tabs";
import { ConnectionNotice, ModeHeading } from "./mode-parts";

// Property View's first screen draws the traffic chart: its code starts loading with this
// module, beside the annotation list, instead of once the panel has rendered.
if (typeof window !== "undefined") preloadTrafficPanel().catch(() => undefined);

// The chat sidebar is Agent Mode's code; Property View fetches it only when it is shown.
const PropertyViewChat = lazy(() =>
  import("./property-view-chat").then((module) => ({ default: module.PropertyViewChat })),
);

/** Property View: the annotations table with its dialogs, and chat on request. */
export function PropertyView({ user }: { user: CurrentUser }) {
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
        <PropertyViewTabs user={user} propertyId={propertyId}>
          <AnnotationsManager
            user={user}
            propertyId={propertyId}
            createOpen={createOpen}
            onCreateOpenChange={setCreateOpen}
            showChart
          />
        </PropertyViewTabs>
      </div>
      {chatShown ? (
        <Suspense fallback={null}>
          <PropertyViewChat user={user} />
        </Suspense>
      ) : null}
    </div>
  );
}
