import { propertyIdPattern } from "../../../shared/property-id";

const resourcePrefix = /^properties\//i;

/**
 * A property id typed in full — `123456789`, or Google's resource name `properties/123456789` as
 * the GA4 admin screens show it — or null for anything else.
 */
export function typedPropertyId(text: string): string | null {
  const id = text.trim().replace(resourcePrefix, "");
  return propertyIdPattern.test(id) ? id : null;
}

/**
 * Whether any of a property's texts (name, id, account) contains what was typed, whatever the
 * case; a `properties/` prefix is read as the id it names. An empty search matches everything.
 */
export function matchesPropertySearch(search: string, texts: readonly string[]): boolean {
  const wanted = search.trim().replace(resourcePrefix, "").toLocaleLowerCase();
  return wanted === "" || texts.some((text) => text.toLocaleLowerCase().includes(wanted));
}
