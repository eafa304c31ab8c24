import { useState } from "react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import type { SavedPropertyView } from "../../../shared/contracts/properties";
import { capabilitiesOf } from "../../../shared/plans";
import type { PropertyToSave, usePropertyChanges } from "./use-property-changes";

/**
 * What choosing in the picker does: a saved property is selected; a Google or typed one is saved,
 * except that on the free plan the first one is locked and a later one replaces it, each after a
 * confirmation, and deleting asks first. `close` closes the panel and gives focus back.
 */
export function usePropertyChoices({
  user,
  changes,
  select,
  setOpen,
  focusTrigger,
}: {
  user: CurrentUser;
  changes: ReturnType<typeof usePropertyChanges>;
  select: (propertyId: string) => void;
  setOpen: (open: boolean) => void;
  focusTrigger: () => void;
}) {
  const [toLock, setToLock] = useState<PropertyToSave | null>(null);
  const [toChange, setToChange] = useState<PropertyToSave | null>(null);
  const [toDelete, setToDelete] = useState<SavedPropertyView | null>(null);

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

  function close() {
    setOpen(false);
    focusTrigger();
  }

  function chooseSaved(property: SavedPropertyView) {
    if (lockedTo && property.propertyId !== lockedTo) {
      return chooseToSave({ propertyId: property.propertyId, displayName: property.name });
    }
    select(property.propertyId);
    close();
  }

  function chooseToSave(property: PropertyToSave) {
    setOpen(false);
    if (freePlan && !user.lockedPropertyId) {
      setToLock(property);
      return;
    }
    if (lockedTo && property.propertyId !== lockedTo) {
      if (otherLock?.changeable) setToChange(property);
      else focusTrigger();
      return;
    }
    focusTrigger();
    changes.save(property);
  }

  return {
    lockedTo,
    otherLock,
    close,
    chooseSaved,
    chooseToSave,
    askToDelete: (property: SavedPropertyView) => {
      setOpen(false);
      setToDelete(property);
    },
    confirmations: {
      toLock,
      toChange,
      toDelete,
      removing: changes.removing,
      onLock: (property: PropertyToSave) => {
        changes.save(property);
        setToLock(null);
      },
      onChange: (property: PropertyToSave) => {
        changes.change(property);
        setToChange(null);
      },
      onDelete: (property: SavedPropertyView) =>
        changes.remove(property, { onSettled: () => setToDelete(null) }),
      onDismiss: () => {
        setToLock(null);
        setToChange(null);
        setToDelete(null);
      },
    },
  };
}
