import { invalidArgument, permissionDenied } from "./http/google-api-error.js";
import type { PropertyRecord, UserRecord } from "./store/sandbox-records.js";
import type { SandboxStore } from "./store/sandbox-store.js";

const numericId = /^\d{1,19}$/;

export interface PropertyAccess {
  access: "read" | "edit";
  /** Request field named in a 400 for a malformed id. */
  field: string;
  deniedMessage?: string;
}

/**
 * The property named in a request, if the user may use it: 400 for a malformed id, 403 PERMISSION_DENIED
 * for a property the user has no role on (Google does not reveal whether it exists) or cannot edit.
 */
export function propertyForUser(
  store: SandboxStore,
  user: UserRecord,
  propertyId: string,
  options: PropertyAccess,
): PropertyRecord {
  if (!numericId.test(propertyId)) {
    throw invalidArgument(
      options.field,
      `${options.field} must name a property as properties/{property_id} with a numeric id; got "properties/${propertyId}".`,
    );
  }
  const role = user.propertyRoles[propertyId];
  const property = store.properties.get(propertyId);
  if (!role || !property || (options.access === "edit" && role !== "editor"))
    throw permissionDenied(options.deniedMessage);
  return property;
}

/** The numeric id at the end of an annotation name. */
export function annotationIdOf(raw: string): number {
  if (!numericId.test(raw))
    throw invalidArgument(
      "name",
      `name must end in reportingDataAnnotations/{id} with a numeric id; got "${raw}".`,
    );
  return Number(raw);
}
