import { ChevronDown, Link2, TriangleAlert, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { ReadOnlyBadge } from "../../components/read-only-badge";
import { Alert } from "../../components/ui/alert";
import { PropertyTimeZoneNote } from "../properties/property-time-zone-note";
import { Button } from "../../components/ui/button";
import { connectGoogle, useGoogleStatus } from "../../session/google-connection-status";
import { PropertySentence } from "../../session/property-label";
import { useSelectedProperty } from "../../session/selected-property";

/**
 * Where the dashboard stands before any annotation can be shown: checking the connection, no
 * Google connection, no property chosen, or ready to work.
 */
export type DashboardReadiness = "checking" | "connect" | "choose" | "ready";

export function useDashboardReadiness(): DashboardReadiness {
  const status = useGoogleStatus();
  const { propertyId } = useSelectedProperty();
  if (status.isPending) return propertyId ? "ready" : "checking";
  if (!status.data?.connected) return "connect";
  return propertyId ? "ready" : "choose";
}

/**
 * The one thing to do before a dashboard without a connection or a property can show anything:
 * one card, one call to action (connect, or choose a property, which opens the header's picker).
 */
export function DashboardEmptyState({ readiness }: { readiness: "connect" | "choose" }) {
  const { setPickerOpen } = useSelectedProperty();
  const copy =
    readiness === "connect"
      ? {
          title: "Connect Google Analytics",
          text: "Tidemark keeps your annotations in Google Analytics itself. Connect your Google account, then choose the GA4 property to work on.",
        }
      : {
          title: "Choose a property",
          text: "Google Analytics is connected. Choose the GA4 property whose annotations you want to see and add.",
        };
  return (
    <section
      aria-labelledby="dashboard-empty-title"
      className="flex flex-col items-center gap-4 rounded-2xl border border-dashed bg-muted/30 px-6 py-12 text-center"
    >
      <h2 id="dashboard-empty-title" className="text-lg font-semibold">
        {copy.title}
      </h2>
      <p className="max-w-md text-sm text-pretty text-muted-foreground">{copy.text}</p>
      {readiness === "connect" ? (
        <Button onClick={connectGoogle}>
          <Link2 aria-hidden="true" />
          Connect Google Analytics
        </Button>
      ) : (
        <Button onClick={() => setPickerOpen(true)}>
          <ChevronDown aria-hidden="true" />
          Choose a property
        </Button>
      )}
    </section>
  );
}

export function ConnectionNotice() {
  const status = useGoogleStatus();
  // Not connected is the empty state's to say (one call to action, not two).
  if (status.isPending || !status.data?.connected) return null;
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

/**
 * The heading's line naming the property worked on, marked "Read-only" (its reason on hover and
 * focus) when the person's Google role only lets them view it.
 */
export function PropertyHint({
  before,
  propertyId,
  readOnlyReason,
}: {
  before: string;
  propertyId: string;
  readOnlyReason: string | null;
}) {
  return (
    <>
      <PropertySentence before={before} propertyId={propertyId} />
      {readOnlyReason ? (
        <>
          {" "}
          <ReadOnlyBadge reason={readOnlyReason} />
        </>
      ) : null}
    </>
  );
}

export function ModeHeading({
  icon: Icon,
  heading,
  hint,
}: {
  icon: LucideIcon;
  heading: string;
  /** A line under the heading; a property in it is named as PropertySentence names it. */
  hint: ReactNode;
}) {
  return (
    <div className="flex items-start gap-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight">{heading}</h1>
        <p className="mt-1 text-sm break-words text-muted-foreground">{hint}</p>
        <PropertyTimeZoneNote />
      </div>
    </div>
  );
}
