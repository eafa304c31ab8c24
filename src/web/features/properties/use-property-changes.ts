import type { AnalyticsProperty } from "../../../shared/contracts/google";
import type { SavedPropertyView } from "../../../shared/contracts/properties";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import { useSelectedProperty } from "../../session/selected-property";
import { useChangeLockedProperty, useDeleteProperty, useSaveProperty } from "./properties-api";

/** A property about to be saved: from Google's list, or typed in by its id. */
export type PropertyToSave = Pick<AnalyticsProperty, "propertyId" | "displayName">;

/** Saving and removing a property, each saying how it went, and keeping the selection true. */
export function usePropertyChanges() {
  const { propertyId, setPropertyId } = useSelectedProperty();
  const saveProperty = useSaveProperty();
  const deleteProperty = useDeleteProperty();
  const changeLocked = useChangeLockedProperty();

  function save(property: PropertyToSave) {
    saveProperty.mutate(property.propertyId, {
      // The saved name is Google's, also for a property typed in by its id.
      onSuccess: ({ property: saved }) => {
        setPropertyId(saved.propertyId);
        toast({
          title: "Property saved",
          description: `${saved.name} has been added to your saved properties.`,
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

  /** The free plan's one property switched to another (the server holds it to once in 30 days). */
  function change(property: PropertyToSave) {
    changeLocked.mutate(property.propertyId, {
      onSuccess: ({ property: saved }) => {
        setPropertyId(saved.propertyId);
        toast({
          title: "Property changed",
          description: `Tidemark now works with ${saved.name}.`,
        });
      },
      onError: (error) => {
        toast({
          variant: "destructive",
          title: "Property not changed",
          description: serverErrorMessage(error) ?? "Failed to change property. Please try again.",
        });
      },
    });
  }

  function remove(property: SavedPropertyView, { onSettled }: { onSettled: () => void }) {
    deleteProperty.mutate(property.id, {
      onSuccess: () => {
        onSettled();
        if (property.propertyId === propertyId) setPropertyId("");
        toast({
          title: "Property deleted",
          description: "The property has been removed from your saved list.",
        });
      },
      onError: (error) => {
        onSettled();
        toast({
          variant: "destructive",
          title: "Error deleting property",
          description: serverErrorMessage(error) ?? "Failed to delete property. Please try again.",
        });
      },
    });
  }

  return {
    save,
    change,
    remove,
    saving: saveProperty.isPending || changeLocked.isPending,
    removing: deleteProperty.isPending,
  };
}
