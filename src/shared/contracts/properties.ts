import { z } from "zod";
import { propertyId } from "./annotations.js";

/** A GA4 property the user has saved (GET /api/properties). */
export interface SavedPropertyView {
  id: string;
  propertyId: string;
  name: string;
  /** The free plan's one property; it cannot be removed. */
  locked: boolean;
  /**
   * The property's reporting time zone (IANA name): GA4 counts its days, annotation dates and
   * "today" included, in it. Null while Google has not told us.
   */
  timeZone: string | null;
  createdAt: string;
}

export const savePropertyRequest = z.strictObject({ propertyId });
export type SavePropertyRequest = z.infer<typeof savePropertyRequest>;

/**
 * A saved property with whether the person's Google Analytics role lets them add and change its
 * annotations: null when Google could not be asked just now (nothing is assumed either way).
 */
export type SavedPropertyAccess = SavedPropertyView & { canEdit: boolean | null };

export interface SavedPropertiesResponse {
  properties: SavedPropertyView[];
}
