import { Link2, ShieldCheck } from "lucide-react";
import { QueryStates } from "../../components/query-states";
import { TitledCard } from "../../components/titled-card";
import { Button } from "../../components/ui/button";
import { connectGoogle, useGoogleStatus } from "../../session/google-connection-status";

/** Whether Google Analytics is connected and with what access, or the way to connect it. */
export function GoogleConnectionCard() {
  const status = useGoogleStatus();
  return (
    <TitledCard title="Google Analytics">
      <QueryStates
        query={status}
        loading="Checking the connection…"
        failed="The connection could not be checked right now."
      >
        {(connection) =>
          connection.connected ? (
            <p className="flex items-start gap-2 text-sm">
              <ShieldCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
              <span>
                <span className="font-medium">Connected</span>
                <span className="text-muted-foreground">
                  {connection.canWrite
                    ? " — Tidemark can read and write annotations."
                    : " — read-only: Tidemark can read annotations but not write them."}
                </span>
              </span>
            </p>
          ) : (
            <div className="flex flex-col items-start gap-3">
              <p className="text-sm text-muted-foreground">
                Not connected. Connect Google Analytics to list and write annotations.
              </p>
              <Button variant="outline" size="sm" onClick={connectGoogle}>
                <Link2 aria-hidden="true" />
                Connect GA4
              </Button>
            </div>
          )
        }
      </QueryStates>
    </TitledCard>
  );
}
