/** The inbox's limits and sentences, and the small text rules its parts share. */
import { categoryPresets, type CategoryPreset } from "../../../shared/categories.js";
import { errorMessages } from "../../../shared/contracts/errors.js";
import { lockedSourceMessage } from "../../../shared/suggestion-sources.js";

/** Most webhooks one property may have. */
export const hooksPerProperty = 10;

export const webhookMessages = {
  signature:
    "The signature does not match: sign the raw body with the webhook's secret (X-Hub-Signature-256: sha256=<HMAC-SHA256 hex>).",
  hookNotFound: "That webhook was not found.",
  notJson: "The delivery must be a JSON body.",
  notUtf8: "The delivery must be JSON written in UTF-8: its body has bytes that are not.",
  futureDate: "The release date cannot be in the future.",
} as const;

export const inboxMessages = {
  notFound: "That suggestion was not found.",
  closed: "That suggestion was already accepted or dismissed.",
  notDismissed: "That suggestion is not dismissed, so there is nothing to undo.",
  sourceLocked: lockedSourceMessage,
  unknownCalendar: "That country or region has no public-holiday calendar here.",
  ruleNotFound: errorMessages.ruleNotFound,
  hookLimit: `A property can have up to ${hooksPerProperty} webhooks. Delete one to add another.`,
} as const;

/** A preset by its key; the first preset for a key no longer known. */
export function presetOf(key: CategoryPreset["key"]): CategoryPreset {
  return categoryPresets.find((preset) => preset.key === key) ?? categoryPresets[0]!;
}

/** The text trimmed and cut to `max` characters, an ellipsis marking a cut. */
export function cut(text: string, max: number): string {
  const characters = Array.from(text.trim());
  return characters.length <= max
    ? characters.join("")
    : `${characters.slice(0, max - 1).join("")}…`;
}

/** Hook ids are UUIDs; anything else names no hook. */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
