import type { SavedProperty, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type { AnalyticsProperty } from "../../../shared/contracts/google.js";
import type {
  SavedPropertyAccess,
  SavedPropertyView,
} from "../../../shared/contracts/properties.js";
import {
  capabilitiesOf,
  freePropertyChangeDays,
  propertyLockedMessage,
} from "../../../shared/plans.js";
import { propertyChangeAllowedFrom } from "../../../shared/property-change.js";
import { isKnownTimeZone } from "../../../shared/property-time-zone.js";
import type { AnalyticsGateway } from "../google-connection/analytics-gateway.js";
import type { PropertiesRepository } from "./properties-repository.js";

export function createPropertiesService(deps: {
  repository: PropertiesRepository;
  gateway: AnalyticsGateway;
  now?: () => Date;
}) {
  const { repository, gateway } = deps;
  const now = deps.now ?? (() => new Date());

  const lockedElsewhere = (lockedName: string) =>
    new AppError("property_locked", propertyLockedMessage(lockedName));

  async function reachableProperties(user: User): Promise<AnalyticsProperty[]> {
    return gateway.call(user, "property", (admin, token) => admin.listPropertySummaries(token), {
      retry: true,
    });
  }

  async function reachable(user: User, propertyId: string): Promise<AnalyticsProperty> {
    const property = (await reachableProperties(user)).find(
      (candidate) => candidate.propertyId === propertyId,
    );
    if (!property) {
      throw new AppError(
        "property_unreachable",
        "Your Google account cannot reach that property in Google Analytics.",
      );
    }
    return property;
  }

  const changeTooSoon = (from: Date | null) =>
    new AppError(
      "property_change_too_soon",
      `On the free plan your property can be changed once every ${freePropertyChangeDays} days` +
        (from ? `; the next change is possible on ${from.toISOString().slice(0, 10)}.` : "."),
    );

  /**
   * The property's reporting time zone from Google, or null when it cannot be read now (no
   * connection, Google failing): dates then fall back to the rules that need no zone, and the
   * next listing asks again.
   */
  async function readTimeZone(user: User, propertyId: string): Promise<string | null> {
    try {
      const { timeZone } = await gateway.call(
        user,
        "property",
        (admin, token) => admin.getProperty(token, propertyId),
        { retry: true },
      );
      return isKnownTimeZone(timeZone) ? timeZone : null;
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  return {
    reachableProperties,

    /** Properties saved before their time zone was kept have it read from Google once, here. */
    async saved(user: User): Promise<SavedPropertyView[]> {
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
    },

    /**
     * The saved properties, each with whether the person may write to it in Google Analytics, so
     * a property they can only view is said up front rather than by a failed write. A property
     * Google no longer lists for them cannot be written either.
     */
    async savedWithAccess(user: User): Promise<SavedPropertyAccess[]> {
      const [saved, editable] = await Promise.all([
        this.saved(user),
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

    /**
     * Saves a property the user's Google account can reach. The free plan locks the first one
     * and refuses any other; Premium holds up to its quota.
     */
    async save(user: User, propertyId: string): Promise<SavedPropertyView> {
      const existing = await repository.findByPropertyId(user.id, propertyId);
      if (existing) return toView(existing, user);

      const capabilities = capabilitiesOf(user.subscriptionTier);
      if (
        capabilities.locksFirstProperty &&
        user.lockedPropertyId &&
        user.lockedPropertyId !== propertyId
      ) {
        const locked = await repository.findByPropertyId(user.id, user.lockedPropertyId);
        throw lockedElsewhere(locked?.name ?? `property ${user.lockedPropertyId}`);
      }
      const property = await reachable(user, propertyId);
      if (capabilities.locksFirstProperty) {
        const lockedId = await repository.lockIfUnlocked(user.id, propertyId);
        if (lockedId !== propertyId) throw lockedElsewhere(`property ${lockedId}`);
      }
      const saved = await repository.insertWithinLimit(
        {
          userId: user.id,
          propertyId,
          name: property.displayName,
          locked: capabilities.locksFirstProperty,
          timeZone: await readTimeZone(user, propertyId),
        },
        user.propertyQuota,
      );
      if (!saved) {
        throw new AppError(
          "property_quota",
          `Your plan holds up to ${user.propertyQuota} saved ${user.propertyQuota === 1 ? "property" : "properties"}. Remove one to add another.`,
        );
      }
      return toView(saved, {
        ...user,
        lockedPropertyId: capabilities.locksFirstProperty ? propertyId : user.lockedPropertyId,
      });
    },

    /**
     * Changes a free user's one property to another their Google account reaches: at most once
     * every `freePropertyChangeDays` days (the first change may come at any time), so the lock
     * keeps meaning something. Without a lock, or on Premium, it is an ordinary save.
     */
    async changeLocked(user: User, propertyId: string): Promise<SavedPropertyView> {
      const from = user.lockedPropertyId;
      if (
        !capabilitiesOf(user.subscriptionTier).locksFirstProperty ||
        !from ||
        from === propertyId
      ) {
        return this.save(user, propertyId);
      }
      const at = now();
      const allowedFrom = propertyChangeAllowedFrom(user.lockedPropertyChangedAt, at);
      if (allowedFrom) throw changeTooSoon(allowedFrom);
      const property = await reachable(user, propertyId);
      const saved = await repository.changeLock({
        userId: user.id,
        from,
        to: { propertyId, name: property.displayName },
        changedBefore: new Date(at.getTime() - freePropertyChangeDays * 24 * 60 * 60 * 1000),
        at,
      });
      // Another change (from another tab) got there first.
      if (!saved) throw changeTooSoon(null);
      return toView(saved, { ...user, lockedPropertyId: propertyId });
    },

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

/** "Locked" follows the plan: a free user's one property is locked; after an upgrade none is. */
function toView(
  row: SavedProperty,
  user: Pick<User, "subscriptionTier" | "lockedPropertyId">,
): SavedPropertyView {
  return {
    id: row.id,
    propertyId: row.propertyId,
    name: row.name,
    locked:
      capabilitiesOf(user.subscriptionTier).locksFirstProperty &&
      row.propertyId === user.lockedPropertyId,
    timeZone: row.timeZone,
    createdAt: row.createdAt.toISOString(),
  };
}

export type PropertiesService = ReturnType<typeof createPropertiesService>;
