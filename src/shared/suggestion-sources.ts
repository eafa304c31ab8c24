import type { CategoryPreset } from "./categories.js";

/**
 * The places suggestions come from. One list for the server's registry, the plans' data, the
 * inbox's labels and the API contracts, so a new source is named once. No zod here: the web app
 * imports it without the validator.
 */
export const suggestionSourceKinds = [
  "change-history",
  "release-webhook",
  "holidays",
  "unexplained-change",
] as const;
export type SuggestionSourceKind = (typeof suggestionSourceKinds)[number];

export function isSuggestionSourceKind(value: unknown): value is SuggestionSourceKind {
  return typeof value === "string" && (suggestionSourceKinds as readonly string[]).includes(value);
}

export interface SuggestionSourceInfo {
  /** How the inbox names the source beside each suggestion. */
  label: string;
  /** One sentence on what it brings, for the settings and the locked-source notice. */
  summary: string;
  /** The category preset its suggestions are filed under (title template, colour). */
  categoryPreset: CategoryPreset["key"];
}

export const suggestionSourceInfo: Record<SuggestionSourceKind, SuggestionSourceInfo> = {
  "change-history": {
    label: "GA4 change history",
    summary: "Changes made to the property's own set-up in Google Analytics.",
    categoryPreset: "releases",
  },
  "release-webhook": {
    label: "Release webhook",
    summary: "Releases and deploys your pipeline reports to a secret address.",
    categoryPreset: "releases",
  },
  holidays: {
    label: "Public holidays",
    summary: "Public holidays of the country you choose, on the days they are observed.",
    categoryPreset: "external",
  },
  "unexplained-change": {
    label: "Unexplained change",
    summary: "Jumps and drops in traffic that no annotation explains.",
    categoryPreset: "incidents",
  },
};

/** Why a source is locked on the free plan, wherever it shows (the inbox, a refused request). */
export function lockedSourceMessage(kind: SuggestionSourceKind): string {
  return `${suggestionSourceInfo[kind].label} is a Premium source. On the free plan the inbox gets public holidays and unexplained changes.`;
}
