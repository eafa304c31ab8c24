import { errorMessages } from "../../../shared/contracts/errors.js";
import { capabilitiesOf, premiumFeatureMessages } from "../../../shared/plans.js";
import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";

/** The one check behind every edit and delete, for the routes and the assistant alike. */
export function requirePremiumFeature(user: User, feature: "edit" | "delete"): void {
  const capabilities = capabilitiesOf(user.subscriptionTier);
  const allowed =
    feature === "edit" ? capabilities.canEditAnnotations : capabilities.canDeleteAnnotations;
  if (!allowed) throw new AppError("premium_required", premiumFeatureMessages[feature]);
}

/** Annotations Google Analytics made itself are read-only, for the table and the assistant alike. */
export function requireNotSystemGenerated(annotation: { systemGenerated?: boolean | null }): void {
  if (annotation.systemGenerated)
    throw new AppError("system_generated", errorMessages.systemGenerated);
}
