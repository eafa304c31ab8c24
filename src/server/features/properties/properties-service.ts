import type { SavedProperty, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type {
  SavedPropertyAccess,
  SavedPropertyView,
} from "../../../shared/contracts/properties.js";
import { capabilitiesOf } from "../../../shared/plans.js";
import type { AnalyticsGateway } from "../google-connection/analytics-gateway.js";
import type { PropertiesRepository } from "./properties-repository.js";
import { createPropertyGoogle } from "./property-google.js";
import { createPropertySaves, lockedElsewhere, toView } from "./property-saves.js";

export function createPropertiesService(deps: {
  repository: PropertiesRepository;
  gateway: AnalyticsGateway;
  now?: () => Date;
}) {
  const { repository, gateway } = deps;
  const now = deps.now ?? (() => new Date());
  const google = createPropertyGoogle(gateway);
  const { reachableProperties, readTimeZone } = google;
  const { save, changeLocked } = createPropertySaves(repository, google, now);

  /** Properties saved before their time zone was kept have it read from Google once, here. */
  async function savedViews(user: User): Promise<SavedPropertyView[]> {
    const rows = await repository.listByUser(user.id);
    const filled = await Promise.all(
      rows.map(async (row) => {
        if (row.timeZone) return row;
        const timeZone = await readTimeZone(user, row.propertyId);
        if (timeZone) await repository.setTimeZone(user.id, row.propertyId, timeZone);
        return { ...row, timeZone };
      }),
    );
    return filled.map((row) => toView(row, user));
  }

  return {
    reachableProperties,
    saved: savedViews,

    /**
     * The saved properties, each with whether the person may write to it in Google Analytics, so
     * a property they can only view is said up front rather than by a failed write. A property
     * Google no longer lists for them cannot be written either.
     */
    async savedWithAccess(user: User): Promise<SavedPropertyAccess[]> {
      const [saved, editable] = await Promise.all([
        savedViews(user),
        reachableProperties(user).then(
          (listed) => new Set(listed.filter((p) => p.canEdit).map((p) => p.propertyId)),
          (error: unknown) => {
            if (error instanceof AppError) return null;
            throw error;
          },
        ),
      ]);
      return saved.map((property) => ({
        ...property,
        canEdit: editable ? editable.has(property.propertyId) : null,
      }));
    },

    /** The saved property's time zone, when known: its days are the ones a person reads. */
    async timeZoneOf(user: User, propertyId: string): Promise<string | null> {
      return (await repository.findByPropertyId(user.id, propertyId))?.timeZone ?? null;
    },

    /**
     * Someone moving to the free plan keeps one property: the one already locked, else the oldest
     * they saved (the others stay listed but cannot be used until they upgrade again).
     */
    async keepOneForFreePlan(user: User): Promise<void> {
      if (user.lockedPropertyId) return;
      const [oldest] = await repository.listByUser(user.id);
      if (oldest) await repository.lockIfUnlocked(user.id, oldest.propertyId);
    },

    save,
    changeLocked,

    async remove(user: User, id: string): Promise<void> {
      const saved = await repository.findById(user.id, id);
      if (!saved) throw new AppError("property_not_found", "That saved property was not found.");
      if (
        capabilitiesOf(user.subscriptionTier).locksFirstProperty &&
        saved.propertyId === user.lockedPropertyId
      ) {
        throw new AppError(
          "property_locked",
          "On the free plan your locked property cannot be removed.",
        );
      }
      await repository.delete(user.id, id);
    },

    /** Annotation work is allowed only on a property the user has saved (for free users, the locked one). */
    async requireAllowed(user: User, propertyId: string): Promise<SavedProperty> {
      const freePlan = capabilitiesOf(user.subscriptionTier).locksFirstProperty;
      if (freePlan && user.lockedPropertyId && user.lockedPropertyId !== propertyId) {
        const locked = await repository.findByPropertyId(user.id, user.lockedPropertyId);
        throw lockedElsewhere(locked?.name ?? `property ${user.lockedPropertyId}`);
      }
      const saved = await repository.findByPropertyId(user.id, propertyId);
      if (saved && (!freePlan || user.lockedPropertyId === propertyId)) return saved;
      throw new AppError(
        "property_not_saved",
        "Choose this property in the property picker first.",
      );
    },
  };
}

export type PropertiesService = ReturnType<typeof createPropertiesService>;
