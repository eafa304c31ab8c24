import { Check, ChevronDown, Lock, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import type { AnalyticsProperty } from "../../../shared/contracts/google";
import type { SavedPropertyView } from "../../../shared/contracts/properties";
import { capabilitiesOf } from "../../../shared/plans";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { toast } from "../../components/ui/use-toast";
import { isApiError } from "../../lib/api-client";
import { serverErrorMessage } from "../../lib/api-error-message";
import { cn } from "../../lib/class-names";
import { connectGoogle, useGoogleStatus } from "../../session/google-connection-status";
import {
  useAnalyticsProperties,
  useDeleteProperty,
  useSaveProperty,
  useSavedProperties,
} from "./properties-api";
import { useSelectedProperty } from "../../session/selected-property";

export const propertyEmptyMessages = {
  loading: "Loading your GA4 properties...",
  notConnected: "Connect Google Analytics to see your properties",
  none: "No GA4 properties found",
} as const;

export function lockConfirmationText(name: string): string {
  return `On the free plan you work with one property. Lock Tidemark to ${name}?`;
}

export function deletePropertyConfirmationText(name: string): string {
  return `Are you sure you want to remove "${name}" from your saved properties? This will not delete any data from Google Analytics.`;
}

const optionClass =
  "flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none";

/**
 * The header's property selector: a 250 px dropdown of saved properties (each with a
 * delete button) and, while Google Analytics is connected, the properties Google lists.
 * Choosing a Google property saves it; on the free plan the first one is locked after a confirmation.
 */
export function PropertyPicker({ user }: { user: CurrentUser }) {
  const { propertyId, setPropertyId } = useSelectedProperty();
  const google = useGoogleStatus();
  const connected = google.data?.connected === true;
  const saved = useSavedProperties();
  const analytics = useAnalyticsProperties(connected);
  const saveProperty = useSaveProperty();
  const deleteProperty = useDeleteProperty();
  const [open, setOpen] = useState(false);
  const [toLock, setToLock] = useState<AnalyticsProperty | null>(null);
  const [toDelete, setToDelete] = useState<SavedPropertyView | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const savedList = saved.data ?? [];
  const savedIds = new Set(savedList.map((entry) => entry.propertyId));
  const analyticsList = (analytics.data ?? []).filter((entry) => !savedIds.has(entry.propertyId));
  const selectedName =
    savedList.find((entry) => entry.propertyId === propertyId)?.name ??
    analytics.data?.find((entry) => entry.propertyId === propertyId)?.displayName;
  const needsReconnect =
    isApiError(analytics.error, "google_reconnect") ||
    isApiError(analytics.error, "google_not_connected");

  function close() {
    setOpen(false);
    triggerRef.current?.focus();
  }

  function choose(id: string) {
    setPropertyId(id);
    close();
  }

  function save(property: AnalyticsProperty) {
    saveProperty.mutate(property.propertyId, {
      onSuccess: () => {
        setPropertyId(property.propertyId);
        toast({
          title: "Property saved",
          description: `${property.displayName} has been added to your saved properties.`,
        });
      },
      onError: (error) => {
        toast({
          variant: "destructive",
          title: "Error saving property",
          description: serverErrorMessage(error) ?? "Failed to save property. Please try again.",
        });
      },
    });
  }

  function chooseAnalytics(property: AnalyticsProperty) {
    setOpen(false);
    if (capabilitiesOf(user.subscriptionTier).locksFirstProperty && !user.lockedPropertyId) {
      setToLock(property);
      return;
    }
    triggerRef.current?.focus();
    save(property);
  }

  function confirmDelete() {
    const property = toDelete;
    if (!property) return;
    deleteProperty.mutate(property.id, {
      onSuccess: () => {
        setToDelete(null);
        if (property.propertyId === propertyId) setPropertyId("");
        toast({
          title: "Property deleted",
          description: "The property has been removed from your saved list.",
        });
      },
      onError: (error) => {
        setToDelete(null);
        toast({
          variant: "destructive",
          title: "Error deleting property",
          description: serverErrorMessage(error) ?? "Failed to delete property. Please try again.",
        });
      },
    });
  }

  let emptyMessage: string | null = null;
  if (savedList.length === 0 && analyticsList.length === 0) {
    if (saved.isPending || google.isPending || (connected && analytics.isPending)) {
      emptyMessage = propertyEmptyMessages.loading;
    } else if (!connected || needsReconnect) {
      emptyMessage = propertyEmptyMessages.notConnected;
    } else {
      emptyMessage = propertyEmptyMessages.none;
    }
  }

  return (
    <div ref={rootRef} className="relative w-full sm:w-auto">
      <button
        ref={triggerRef}
        type="button"
        role="combobox"
        aria-label="Property"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="flex h-8 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 text-left text-[0.8125rem] shadow-xs hover:bg-accent focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none sm:w-[250px]"
      >
        <span className={cn("truncate", !propertyId && "text-muted-foreground")}>
          {propertyId
            ? selectedName
              ? `${selectedName} (${propertyId})`
              : propertyId
            : "Select a property"}
        </span>
        <ChevronDown className="size-4 shrink-0 opacity-60" aria-hidden="true" />
      </button>
      {open ? (
        <div
          id={panelId}
          role="dialog"
          aria-label="Choose a property"
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.stopPropagation();
              close();
            }
          }}
          className="absolute top-full left-0 z-50 mt-1 flex max-h-[70dvh] w-[250px] max-w-[calc(100vw-2rem)] flex-col gap-1 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {savedList.length > 0 ? (
            <section aria-label="Saved properties">
              <p className="px-2 py-1 text-xs font-medium text-muted-foreground">
                Saved properties
              </p>
              <ul>
                {savedList.map((entry) => (
                  <li key={entry.id} className="flex items-center gap-1">
                    <button
                      type="button"
                      className={optionClass}
                      aria-current={entry.propertyId === propertyId ? "true" : undefined}
                      onClick={() => choose(entry.propertyId)}
                    >
                      <Check
                        className={cn(
                          "size-4 shrink-0",
                          entry.propertyId !== propertyId && "invisible",
                        )}
                        aria-hidden="true"
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate">{entry.name}</span>
                        <span className="block text-xs text-muted-foreground">
                          {entry.propertyId}
                        </span>
                      </span>
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
                        onClick={() => {
                          setOpen(false);
                          setToDelete(entry);
                        }}
                        className="rounded-md p-1.5 text-muted-foreground hover:bg-destructive/10 hover:text-destructive focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none"
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {analyticsList.length > 0 ? (
            <section aria-label="Google Analytics properties">
              <p className="px-2 py-1 text-xs font-medium text-muted-foreground">
                Google Analytics properties
              </p>
              <ul>
                {analyticsList.map((entry) => (
                  <li key={entry.propertyId} className="flex">
                    <button
                      type="button"
                      className={optionClass}
                      disabled={saveProperty.isPending}
                      onClick={() => chooseAnalytics(entry)}
                    >
                      <span className="min-w-0 flex-1">
                        <span className="block truncate">{entry.displayName}</span>
                        <span className="block truncate text-xs text-muted-foreground">
                          {entry.propertyId} · {entry.accountName}
                        </span>
                      </span>
                      {entry.canEdit ? null : (
                        <span className="shrink-0 rounded bg-muted px-1.5 py-0.5 text-[0.6875rem] text-muted-foreground">
                          Read-only
                        </span>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {emptyMessage ? (
            <p className="px-2 py-3 text-center text-sm text-muted-foreground">{emptyMessage}</p>
          ) : null}
          {needsReconnect ? (
            <div className="flex flex-col gap-2 border-t p-2 text-xs text-muted-foreground">
              <p>
                {serverErrorMessage(analytics.error) ??
                  "Your Google Analytics connection has expired."}
              </p>
              <Button size="sm" variant="outline" onClick={connectGoogle}>
                Reconnect Google Analytics
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={toLock !== null}
        onOpenChange={(next) => {
          if (!next) setToLock(null);
        }}
        title="Lock property"
        description={toLock ? lockConfirmationText(toLock.displayName) : undefined}
        confirmLabel="Lock property"
        confirmIcon={<Lock aria-hidden="true" />}
        onConfirm={() => {
          if (toLock) save(toLock);
          setToLock(null);
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(next) => {
          if (!next) setToDelete(null);
        }}
        title="Delete Property"
        description={toDelete ? deletePropertyConfirmationText(toDelete.name) : undefined}
        confirmLabel="Delete"
        destructive
        pending={deleteProperty.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
