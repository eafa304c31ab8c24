import { Inbox, Table2 } from "lucide-react";
import { lazy, Suspense, useId, useState, type ReactNode } from "react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import { cn } from "../../lib/class-names";
import { useInbox } from "../../session/inbox";
import { useSelectedProperty } from "../../session/selected-property";

const InboxPanel = lazy(() =>
  import("./inbox-panel").then((module) => ({ default: module.InboxPanel })),
);

type Tab = "annotations" | "inbox";

/** "3 waiting" beside the Inbox tab and in the header; nothing when none wait. */
export function InboxCountBadge({ count, className }: { count: number; className?: string }) {
  if (count === 0) return null;
  return (
    <span
      data-testid="inbox-count"
      aria-label={`${count} ${count === 1 ? "suggestion" : "suggestions"} waiting`}
      className={cn(
        "inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground",
        className,
      )}
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

/** The header's badge: suggestions waiting in the selected property's inbox. */
export function HeaderInboxBadge() {
  const { propertyId } = useSelectedProperty();
  const { openCount } = useInbox(propertyId);
  return <InboxCountBadge count={openCount} className="ml-1.5" />;
}

/** Property View's two tabs: the annotations (table and chart) and the suggestion inbox. */
export function PropertyViewTabs({
  user,
  propertyId,
  children,
}: {
  user: CurrentUser;
  propertyId: string;
  children: ReactNode;
}) {
  const [tab, setTab] = useState<Tab>("annotations");
  const { openCount } = useInbox(propertyId);
  const id = useId();
  const tabs: { key: Tab; label: string; icon: typeof Table2 }[] = [
    { key: "annotations", label: "Annotations", icon: Table2 },
    { key: "inbox", label: "Inbox", icon: Inbox },
  ];
  return (
    <div className="flex flex-col gap-4">
      <div role="tablist" aria-label="Property View" className="flex gap-1 border-b">
        {tabs.map(({ key, label, icon: Icon }) => (
          <button
            key={key}
            id={`${id}-${key}`}
            type="button"
            role="tab"
            aria-selected={tab === key}
            aria-controls={`${id}-panel`}
            onClick={() => setTab(key)}
            className={cn(
              "-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium",
              tab === key
                ? "border-primary text-foreground"
                : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            <Icon aria-hidden="true" className="size-4" />
            {label}
            {key === "inbox" ? <InboxCountBadge count={openCount} /> : null}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`}>
        {tab === "annotations" ? (
          children
        ) : (
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading inbox…</p>}>
            <InboxPanel user={user} propertyId={propertyId} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
