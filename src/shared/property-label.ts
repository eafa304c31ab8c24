/**
 * How a person reads a GA4 property: by its display name ("Shop AU"), with its number only as
 * secondary detail; while the name is unknown (not saved, not loaded yet, or empty), the number
 * stands in as "property 307927948". Everywhere a sentence names a property uses this one wording.
 */
export function propertyLabel(propertyId: string, name: string | null | undefined): string {
  const named = name?.trim();
  return named ? named : `property ${propertyId}`;
}

/** Whether `propertyLabel` gave the property's name (so its number is worth showing beside it). */
export function hasPropertyName(name: string | null | undefined): boolean {
  return Boolean(name?.trim());
}
