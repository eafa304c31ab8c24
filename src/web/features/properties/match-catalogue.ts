import { matchesPropertySearch, typedPropertyId } from "./property-search";
import type { usePropertyCatalogue } from "./use-property-catalogue";

/**
 * What the picker's search leaves of the saved and Google properties, and the property id typed
 * in full if there is one: the listed property with that id, or none (then it is offered to add).
 */
export function matchCatalogue(catalogue: ReturnType<typeof usePropertyCatalogue>, search: string) {
  const saved = catalogue.savedList.filter((entry) =>
    matchesPropertySearch(search, [entry.name, entry.propertyId]),
  );
  const google = catalogue.analyticsList.filter((entry) =>
    matchesPropertySearch(search, [entry.displayName, entry.propertyId, entry.accountName]),
  );
  const typedId = typedPropertyId(search);
  const savedMatch = saved.find((entry) => entry.propertyId === typedId);
  const googleMatch = google.find((entry) => entry.propertyId === typedId);
  return { saved, google, typedId, savedMatch, googleMatch };
}
