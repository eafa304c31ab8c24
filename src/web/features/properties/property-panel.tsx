import { Plus } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import type { AnalyticsProperty } from "../../../shared/contracts/google";
import type { SavedPropertyView } from "../../../shared/contracts/properties";
import { Input } from "../../components/ui/input";
import {
  GooglePropertyOptions,
  ReconnectNotice,
  SavedPropertyOptions,
  type PropertyLock,
} from "./property-options";
import { lockedOptionReason } from "./property-messages";
import { matchesPropertySearch, typedPropertyId } from "./property-search";
import type { usePropertyCatalogue } from "./use-property-catalogue";

/** Arrow keys move between the search field and the property options, top to bottom. */
function moveFocus(panel: HTMLElement, step: 1 | -1): void {
  const stops = [
    ...panel.querySelectorAll<HTMLElement>(
      'input[type="search"], [data-property-option]:not([disabled])',
    ),
  ];
  const here = stops.indexOf(document.activeElement as HTMLElement);
  stops[Math.min(Math.max(here + step, 0), stops.length - 1)]?.focus();
}

/**
 * The picker's open panel. A search field on top narrows the saved and Google properties by name,
 * id or account; a property id typed in full (`123` or `properties/123`) is taken with Enter — the
 * listed one if there is one, else it is offered to add, and the server checks that the person's
 * Google account reaches it.
 */
export function PropertyPanel({
  id,
  catalogue,
  selectedId,
  saving,
  otherLock,
  lockedTo,
  onChooseSaved,
  onChooseGoogle,
  onAddTyped,
  onDelete,
  onClose,
}: {
  id: string;
  catalogue: ReturnType<typeof usePropertyCatalogue>;
  selectedId: string;
  saving: boolean;
  /**
   * On the free plan: when the locked property may next be changed (null: now), for the other
   * properties' reason, and whether it may be now.
   */
  otherLock: { allowedFrom: string | null; changeable: boolean } | null;
  /** The free plan's locked property id, if any. */
  lockedTo: string | null;
  onChooseSaved: (property: SavedPropertyView) => void;
  onChooseGoogle: (property: AnalyticsProperty) => void;
  onAddTyped: (propertyId: string) => void;
  onDelete: (property: SavedPropertyView) => void;
  onClose: () => void;
}) {
  const [search, setSearch] = useState("");
  const lock: PropertyLock | null = otherLock
    ? { reason: lockedOptionReason(otherLock.allowedFrom), changeable: otherLock.changeable }
    : null;
  const saved = catalogue.savedList.filter((entry) =>
    matchesPropertySearch(search, [entry.name, entry.propertyId]),
  );
  const google = catalogue.analyticsList.filter((entry) =>
    matchesPropertySearch(search, [entry.displayName, entry.propertyId, entry.accountName]),
  );
  const typedId = typedPropertyId(search);
  const savedMatch = saved.find((entry) => entry.propertyId === typedId);
  const googleMatch = google.find((entry) => entry.propertyId === typedId);
  const offerTyped = typedId !== null && !savedMatch && !googleMatch;

  /** Enter takes the property typed in full, else the only one the search leaves. */
  function takeSearch() {
    if (savedMatch) return onChooseSaved(savedMatch);
    if (googleMatch) return saving ? undefined : onChooseGoogle(googleMatch);
    if (typedId !== null) return saving ? undefined : onAddTyped(typedId);
    if (saved.length + google.length !== 1) return;
    if (saved[0]) onChooseSaved(saved[0]);
    else if (google[0] && !saving) onChooseGoogle(google[0]);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      moveFocus(event.currentTarget, event.key === "ArrowDown" ? 1 : -1);
    }
  }

  const nothingListed = saved.length === 0 && google.length === 0;
  return (
    <div
      id={id}
      role="dialog"
      aria-label="Choose a property"
      onKeyDown={handleKeyDown}
      className="absolute top-full left-0 z-50 mt-1 flex max-h-[70dvh] w-[250px] max-w-[calc(100vw-2rem)] flex-col gap-1 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
    >
      <div className="sticky top-0 z-10 bg-popover p-1">
        <Input
          type="search"
          autoFocus
          aria-label="Find a property by name or ID"
          placeholder="Search or enter a property ID"
          autoComplete="off"
          spellCheck={false}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            takeSearch();
          }}
          className="h-8 px-2"
        />
      </div>
      <SavedPropertyOptions
        properties={saved}
        selectedId={selectedId}
        readOnlyIds={catalogue.readOnlyIds}
        onChoose={onChooseSaved}
        onDelete={onDelete}
      />
      <GooglePropertyOptions
        properties={google}
        disabled={saving}
        lock={lock}
        onChoose={onChooseGoogle}
      />
      {offerTyped ? (
        <section aria-label="Property ID">
          <button
            type="button"
            data-property-option
            disabled={saving || (otherLock !== null && !otherLock.changeable)}
            onClick={() => onAddTyped(typedId)}
            className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none disabled:opacity-55"
          >
            <Plus className="size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 flex-1 truncate">
              {lockedTo ? `Switch to property ${typedId}` : `Add property ${typedId}`}
            </span>
          </button>
        </section>
      ) : null}
      {nothingListed && !offerTyped ? (
        <p className="px-2 py-3 text-center text-sm text-muted-foreground">
          {catalogue.emptyMessage ?? `No properties match “${search.trim()}”`}
        </p>
      ) : null}
      {catalogue.reconnectError ? <ReconnectNotice error={catalogue.reconnectError} /> : null}
    </div>
  );
}
