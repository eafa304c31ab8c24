import { lazy, Suspense, useCallback, useEffect, useId, useRef, type RefObject } from "react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import { preloadable } from "../../lib/preloadable";
import { useSelectedProperty } from "../../session/selected-property";
import { PropertyPickerTrigger } from "./property-picker-trigger";
import { usePropertyCatalogue } from "./use-property-catalogue";
import { usePropertyChanges } from "./use-property-changes";
import { usePropertyChoices } from "./use-property-choices";

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
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useDismissOnOutsidePointer(
    rootRef,
    open,
    useCallback(() => setOpen(false), [setOpen]),
  );
  const choices = usePropertyChoices({
    user,
    changes,
    select: setPropertyId,
    setOpen,
    focusTrigger: () => triggerRef.current?.focus(),
  });
  const { lockedTo, confirmations } = choices;

  const lockedName =
    catalogue.savedList.find((entry) => entry.propertyId === lockedTo)?.name ??
    `property ${lockedTo ?? ""}`;

  return (
    <div ref={rootRef} className="relative w-full sm:w-auto">
      <PropertyPickerTrigger
        ref={triggerRef}
        open={open}
        panelId={panelId}
        propertyId={propertyId}
        selectedName={catalogue.selectedName}
        readOnly={propertyId !== "" && catalogue.readOnlyIds.has(propertyId)}
        onPreload={() => {
          void loadPropertyPanel();
          Confirmations.preload().catch(() => undefined);
        }}
        onOpenChange={setOpen}
      />
      {open ? (
        <Suspense fallback={null}>
          <PropertyPanel
            id={panelId}
            catalogue={catalogue}
            selectedId={propertyId}
            saving={changes.saving}
            otherLock={choices.otherLock}
            onChooseSaved={choices.chooseSaved}
            onChooseGoogle={choices.chooseToSave}
            onAddTyped={(typedId) =>
              choices.chooseToSave({ propertyId: typedId, displayName: `property ${typedId}` })
            }
            lockedTo={lockedTo}
            onDelete={choices.askToDelete}
            onClose={choices.close}
          />
        </Suspense>
      ) : null}
      {confirmations.toLock || confirmations.toChange || confirmations.toDelete ? (
        <Confirmations.Component {...confirmations} lockedName={lockedName} />
      ) : null}
    </div>
  );
}
