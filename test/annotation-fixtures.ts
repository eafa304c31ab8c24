import type { Annotation } from "../src/shared/contracts/annotations.js";

/**
 * An annotation as the API answers it, for tests: one made in Google Analytics (no Tidemark
 * record) unless the overrides say otherwise. Its resource name follows its id and property.
 * Only types are imported, so web and node tests alike can use it.
 */
export function anAnnotation(
  overrides: Partial<Annotation> & { propertyId?: string } = {},
): Annotation {
  const { propertyId = "123", ...fields } = overrides;
  const annotationId = fields.annotationId ?? "a1";
  return {
    annotationId,
    name: `properties/${propertyId}/reportingDataAnnotations/${annotationId}`,
    title: "Winter sale",
    description: "",
    annotationDate: { year: 2026, month: 11, day: 20 },
    color: "BLUE",
    systemGenerated: false,
    categoryId: null,
    source: "google",
    dateAdded: null,
    ...fields,
  };
}
