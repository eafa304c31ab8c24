import { TriangleAlert, type LucideIcon } from "lucide-react";
import { Alert } from "../../components/ui/alert";
import { PropertyTimeZoneNote } from "../properties/property-time-zone-note";
import { Button } from "../../components/ui/button";
import { connectGoogle, useGoogleStatus } from "../../session/google-connection-status";

export function ConnectionNotice() {
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

export function ModeHeading({
  icon: Icon,
  heading,
  hint,
}: {
  icon: LucideIcon;
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
        <PropertyTimeZoneNote />
