import type { SavedProperty, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type { SavedPropertyView } from "../../../shared/contracts/properties.js";
import {
  capabilitiesOf,
  freePropertyChangeDays,
  propertyLockedMessage,
} from "../../../shared/plans.js";
import { propertyChangeAllowedFrom } from "../../../shared/property-change.js";
import type { PropertiesRepository } from "./properties-repository.js";
import type { PropertyGoogle } from "./property-google.js";

export const lockedElsewhere = (lockedName: string) =>
  new AppError("property_locked", propertyLockedMessage(lockedName));

const changeTooSoon = (from: Date | null) =>
  new AppError(
    "property_change_too_soon",
    `On the free plan your property can be changed once every ${freePropertyChangeDays} days` +
      (from ? `; the next change is possible on ${from.toISOString().slice(0, 10)}.` : "."),
  );

/** Saving a property, and a free plan's change of its one property. */
export function createPropertySaves(
  repository: PropertiesRepository,
  google: PropertyGoogle,
  now: () => Date,
) {
  const { reachable, readTimeZone } = google;

  /**
   * Saves a property the user's Google account can reach. The free plan locks the first one
   * and refuses any other; Premium holds up to its quota.
   */
  async function save(user: User, propertyId: string): Promise<SavedPropertyView> {
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
  }

  /**
   * Changes a free user's one property to another their Google account reaches: at most once
   * every `freePropertyChangeDays` days (the first change may come at any time), so the lock
   * keeps meaning something. Without a lock, or on Premium, it is an ordinary save.
   */
  async function changeLocked(user: User, propertyId: string): Promise<SavedPropertyView> {
    const from = user.lockedPropertyId;
    if (!capabilitiesOf(user.subscriptionTier).locksFirstProperty || !from || from === propertyId) {
      return save(user, propertyId);
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
  }

  return { save, changeLocked };
}

/** "Locked" follows the plan: a free user's one property is locked; after an upgrade none is. */
export function toView(
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
