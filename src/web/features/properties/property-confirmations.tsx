import { Lock } from "lucide-react";
import { useState } from "react";
import type { SavedPropertyView } from "../../../shared/contracts/properties";
import { freePropertyChangeDays } from "../../../shared/plans";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import {
  changeConfirmationText,
  deletePropertyConfirmationText,
  lockConfirmationText,
} from "./property-messages";
import type { PropertyToSave } from "./use-property-changes";

/**
 * What choosing from the picker may ask first: locking the free plan's one property, changing it
 * for another, or removing a saved property. Drawn only while one of them waits.
 */
export function PropertyConfirmations({
  toLock,
  toChange,
  toDelete,
  lockedName,
  removing,
  onLock,
  onChange,
  onDelete,
  onDismiss,
}: {
  toLock: PropertyToSave | null;
  toChange: PropertyToSave | null;
  toDelete: SavedPropertyView | null;
  /** The free plan's locked property, as a change names it. */
  lockedName: string;
  removing: boolean;
  onLock: (property: PropertyToSave) => void;
  onChange: (property: PropertyToSave) => void;
  onDelete: (property: SavedPropertyView) => void;
  onDismiss: () => void;
}) {
  // When the question was asked: the next change is counted from it.
  const [askedAt] = useState(() => Date.now());
  return (
    <>
      <ConfirmDialog
        open={toLock !== null}
        onOpenChange={(next) => {
          if (!next) onDismiss();
        }}
        title="Lock property"
        description={toLock ? lockConfirmationText(toLock.displayName) : undefined}
        confirmLabel="Lock property"
        confirmIcon={<Lock aria-hidden="true" />}
        onConfirm={() => {
          if (toLock) onLock(toLock);
        }}
      />
      <ConfirmDialog
        open={toChange !== null}
        onOpenChange={(next) => {
          if (!next) onDismiss();
        }}
        title="Change property"
        description={
          toChange
            ? changeConfirmationText(
                lockedName,
                toChange.displayName,
                new Date(askedAt + freePropertyChangeDays * 24 * 60 * 60 * 1000),
              )
            : undefined
        }
        confirmLabel="Change property"
        confirmIcon={<Lock aria-hidden="true" />}
        onConfirm={() => {
          if (toChange) onChange(toChange);
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(next) => {
          if (!next) onDismiss();
        }}
        title="Delete Property"
        description={toDelete ? deletePropertyConfirmationText(toDelete.name) : undefined}
        confirmLabel="Delete"
        destructive
        pending={removing}
        onConfirm={() => {
          if (toDelete) onDelete(toDelete);
        }}
      />
    </>
  );
}
