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
import { matchCatalogue } from "./match-catalogue";
import { TypedPropertyOption } from "./typed-property-option";
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

function PropertySearchField({
  value,
  onChange,
  onEnter,
}: {
  value: string;
  onChange: (search: string) => void;
  onEnter: () => void;
}) {
  return (
    <div className="sticky top-0 z-10 bg-popover p-1">
      <Input
        type="search"
        autoFocus
        aria-label="Find a property by name or ID"
        placeholder="Search or enter a property ID"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          onEnter();
        }}
        className="h-8 px-2"
      />
    </div>
  );
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
  const { saved, google, typedId, savedMatch, googleMatch } = matchCatalogue(catalogue, search);
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
      <PropertySearchField value={search} onChange={setSearch} onEnter={takeSearch} />
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
        <TypedPropertyOption
          typedId={typedId}
          switching={Boolean(lockedTo)}
          disabled={saving || (otherLock !== null && !otherLock.changeable)}
          onAdd={() => onAddTyped(typedId)}
        />
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
