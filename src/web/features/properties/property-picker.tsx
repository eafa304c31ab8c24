import { ChevronDown } from "lucide-react";
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type RefObject,
} from "react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import type { SavedPropertyView } from "../../../shared/contracts/properties";
import { capabilitiesOf } from "../../../shared/plans";
import { ReadOnlyChip } from "../../components/read-only-badge";
import { preloadable } from "../../lib/preloadable";
import { cn } from "../../lib/class-names";
import { useSelectedProperty } from "../../session/selected-property";
import { usePropertyCatalogue } from "./use-property-catalogue";
import { usePropertyChanges, type PropertyToSave } from "./use-property-changes";

// The open panel (search field, options) is needed only once someone opens the picker, so it stays
// out of the dashboard's first screen: it starts loading when the pointer or focus reaches the
// trigger, as do the confirmations (lock, change, delete) that choosing from it may ask for.
const loadPropertyPanel = () =>
  import("./property-panel").then((module) => ({ default: module.PropertyPanel }));
const PropertyPanel = lazy(loadPropertyPanel);
const Confirmations = preloadable(
  () => import("./property-confirmations").then((module) => module.PropertyConfirmations),
  null,
);

/** Closes a popover when the pointer goes down anywhere outside `root`. */
function useDismissOnOutsidePointer(
  root: RefObject<HTMLElement | null>,
  open: boolean,
  dismiss: () => void,
) {
  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (root.current && !root.current.contains(event.target as Node)) dismiss();
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [root, open, dismiss]);
}

/**
 * The header's property selector: a 250 px dropdown of saved properties (each with a
 * delete button) and, while Google Analytics is connected, the properties Google lists, narrowed
 * by what is typed in its search field. Choosing a Google property, or typing a property id in
 * full, saves it; on the free plan the first one is locked after a confirmation.
 */
export function PropertyPicker({ user }: { user: CurrentUser }) {
  const {
    propertyId,
    setPropertyId,
    pickerOpen: open,
    setPickerOpen: setOpen,
  } = useSelectedProperty();
  const catalogue = usePropertyCatalogue(propertyId);
  const changes = usePropertyChanges();
  const [toLock, setToLock] = useState<PropertyToSave | null>(null);
  const [toChange, setToChange] = useState<PropertyToSave | null>(null);
  const [toDelete, setToDelete] = useState<SavedPropertyView | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useDismissOnOutsidePointer(
    rootRef,
    open,
    useCallback(() => setOpen(false), [setOpen]),
  );

  function close() {
    setOpen(false);
    triggerRef.current?.focus();
  }

  const freePlan = capabilitiesOf(user.subscriptionTier).locksFirstProperty;
  // On the free plan every property but the locked one shows the lock and why; it can be switched
  // to once the last change is 30 days old (the server holds the same rule).
  const lockedTo = freePlan ? user.lockedPropertyId : null;
  const otherLock = lockedTo
    ? {
        allowedFrom: user.propertyChangeAllowedFrom,
        changeable: user.propertyChangeAllowedFrom === null,
      }
    : null;

  function chooseSaved(property: SavedPropertyView) {
    if (lockedTo && property.propertyId !== lockedTo) {
      return chooseToSave({ propertyId: property.propertyId, displayName: property.name });
    }
    setPropertyId(property.propertyId);
    close();
  }

  /**
   * Saves a Google property. The free plan's first one is locked, and a later one replaces it,
   * each after a confirmation.
   */
  function chooseToSave(property: PropertyToSave) {
    setOpen(false);
    if (freePlan && !user.lockedPropertyId) {
      setToLock(property);
      return;
    }
    if (lockedTo && property.propertyId !== lockedTo) {
      if (otherLock?.changeable) setToChange(property);
      else triggerRef.current?.focus();
      return;
    }
    triggerRef.current?.focus();
    changes.save(property);
  }

  const lockedName =
    catalogue.savedList.find((entry) => entry.propertyId === lockedTo)?.name ??
    `property ${lockedTo ?? ""}`;

  const { selectedName } = catalogue;
  const selectedReadOnly = propertyId !== "" && catalogue.readOnlyIds.has(propertyId);
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
        onPointerEnter={() => {
          void loadPropertyPanel();
          Confirmations.preload().catch(() => undefined);
        }}
        onFocus={() => {
          void loadPropertyPanel();
          Confirmations.preload().catch(() => undefined);
        }}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="flex h-8 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 text-left text-[0.8125rem] shadow-xs hover:bg-accent focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none sm:w-[250px]"
      >
        <span className={cn("min-w-0 flex-1 truncate", !propertyId && "text-muted-foreground")}>
          {propertyId
            ? selectedName
              ? `${selectedName} (${propertyId})`
              : propertyId
            : "Select a property"}
        </span>
        {selectedReadOnly ? <ReadOnlyChip /> : null}
        <ChevronDown className="size-4 shrink-0 opacity-60" aria-hidden="true" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <PropertyPanel
            id={panelId}
            catalogue={catalogue}
            selectedId={propertyId}
            saving={changes.saving}
            otherLock={otherLock}
            onChooseSaved={chooseSaved}
            onChooseGoogle={chooseToSave}
            onAddTyped={(typedId) =>
              chooseToSave({ propertyId: typedId, displayName: `property ${typedId}` })
            }
            lockedTo={lockedTo}
            onDelete={(property) => {
              setOpen(false);
              setToDelete(property);
            }}
            onClose={close}
          />
        </Suspense>
      ) : null}
      {toLock || toChange || toDelete ? (
        <Confirmations.Component
          toLock={toLock}
          toChange={toChange}
          toDelete={toDelete}
          lockedName={lockedName}
          removing={changes.removing}
          onLock={(property) => {
            changes.save(property);
            setToLock(null);
          }}
          onChange={(property) => {
            changes.change(property);
            setToChange(null);
          }}
          onDelete={(property) => changes.remove(property, { onSettled: () => setToDelete(null) })}
          onDismiss={() => {
            setToLock(null);
            setToChange(null);
            setToDelete(null);
          }}
        />
      ) : null}
    </div>
  );
}
