import { Check, Lock, Trash2 } from "lucide-react";
import type { AnalyticsProperty } from "../../../shared/contracts/google";
import type { SavedPropertyView } from "../../../shared/contracts/properties";
import { Button } from "../../components/ui/button";
import { serverErrorMessage } from "../../lib/api-error-message";
import { cn } from "../../lib/class-names";
import { ReadOnlyChip } from "../../components/read-only-badge";
import { connectGoogle } from "../../session/google-connection-status";

const optionClass =
  "flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none";

function SectionHeading({ children }: { children: string }) {
  return <p className="px-2 py-1 text-xs font-medium text-muted-foreground">{children}</p>;
}

// Option buttons carry data-property-option, so the panel's arrow keys can walk them.

/**
 * The saved properties, the selected one ticked, each the person may only view marked; each
 * removable unless the free plan locked it.
 */
export function SavedPropertyOptions({
  properties,
  selectedId,
  readOnlyIds,
  onChoose,
  onDelete,
}: {
  properties: readonly SavedPropertyView[];
  selectedId: string;
  readOnlyIds: ReadonlySet<string>;
  onChoose: (property: SavedPropertyView) => void;
  onDelete: (property: SavedPropertyView) => void;
}) {
  if (properties.length === 0) return null;
  return (
    <section aria-label="Saved properties">
      <SectionHeading>Saved properties</SectionHeading>
      <ul>
        {properties.map((entry) => (
          <li key={entry.id} className="flex items-center gap-1">
            <button
              type="button"
              data-property-option
              className={optionClass}
              aria-current={entry.propertyId === selectedId ? "true" : undefined}
              onClick={() => onChoose(entry)}
            >
              <Check
                className={cn("size-4 shrink-0", entry.propertyId !== selectedId && "invisible")}
                aria-hidden="true"
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate">{entry.name}</span>
                <span className="block text-xs text-muted-foreground">{entry.propertyId}</span>
              </span>
              {readOnlyIds.has(entry.propertyId) ? <ReadOnlyChip /> : null}
            </button>
            {entry.locked ? (
              <button
                type="button"
                disabled
                aria-label={`${entry.name} is locked on the free plan and cannot be removed`}
                title="Locked on the free plan"
                className="rounded-md p-1.5 text-muted-foreground opacity-70"
              >
                <Lock className="size-4" aria-hidden="true" />
              </button>
            ) : (
              <button
                type="button"
                aria-label={`Delete ${entry.name}`}
                onClick={() => onDelete(entry)}
                className="rounded-md p-1.5 text-muted-foreground hover:bg-destructive/10 hover:text-destructive focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none"
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Why a free plan cannot use a property as it is, and whether it may switch to it now. */
export interface PropertyLock {
  reason: string;
  changeable: boolean;
}

/**
 * The properties Google lists that are not saved yet; choosing one saves it. On the free plan,
 * once a property is locked, each shows the lock and the reason, and choosing one offers to switch.
 */
export function GooglePropertyOptions({
  properties,
  disabled,
  lock,
  onChoose,
}: {
  properties: readonly AnalyticsProperty[];
  disabled: boolean;
  lock: PropertyLock | null;
  onChoose: (property: AnalyticsProperty) => void;
}) {
  if (properties.length === 0) return null;
  return (
    <section aria-label="Google Analytics properties">
      <SectionHeading>Google Analytics properties</SectionHeading>
      <ul>
        {properties.map((entry) => (
          <li key={entry.propertyId} className="flex">
            <button
              type="button"
              data-property-option
              className={cn(optionClass, "disabled:opacity-70")}
              disabled={disabled || (lock !== null && !lock.changeable)}
              onClick={() => onChoose(entry)}
            >
              {lock ? (
                <Lock
                  className="size-4 shrink-0 self-start text-muted-foreground"
                  aria-hidden="true"
                />
              ) : null}
              <span className="min-w-0 flex-1">
                <span className="block truncate">{entry.displayName}</span>
                <span className="block truncate text-xs text-muted-foreground">
                  {entry.propertyId} · {entry.accountName}
                </span>
                {lock ? (
                  <span className="mt-0.5 block text-xs text-pretty text-muted-foreground">
                    {lock.reason}
                  </span>
                ) : null}
              </span>
              {entry.canEdit ? null : <ReadOnlyChip />}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Google refused the listing because the connection expired or is gone: offer to reconnect. */
export function ReconnectNotice({ error }: { error: unknown }) {
  return (
    <div className="flex flex-col gap-2 border-t p-2 text-xs text-muted-foreground">
      <p>{serverErrorMessage(error) ?? "Your Google Analytics connection has expired."}</p>
      <Button size="sm" variant="outline" onClick={connectGoogle}>
        Reconnect Google Analytics
      </Button>
    </div>
  );
}
