import { categoryForPreset, categoryPresets, type CategoryPreset } from "./categories.js";

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
  /**
   * For a source whose items differ in kind, the preset each kind is filed under instead, with
   * the word the inbox settings name that kind by.
   */
  presetsByKind?: readonly { kind: string; preset: CategoryPreset["key"] }[];
}

/**
 * The preset an unexplained change is filed under, by its direction. A rise in traffic is news
 * someone made (a launch, a promotion, a channel spike: the words of Campaigns & Promos), never an
 * incident; a drop is what incidents and outages look like.
 */
export const trafficChangePresets = {
  spike: "campaigns",
  drop: "incidents",
} as const satisfies Record<"spike" | "drop", CategoryPreset["key"]>;

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
    categoryPreset: trafficChangePresets.drop,
    presetsByKind: [
      { kind: "rises", preset: trafficChangePresets.spike },
      { kind: "drops", preset: trafficChangePresets.drop },
    ],
  },
};

/** Why a source is locked on the free plan, wherever it shows (the inbox, a refused request). */
export function lockedSourceMessage(kind: SuggestionSourceKind): string {
  return `${suggestionSourceInfo[kind].label} is a Premium source. On the free plan the inbox gets public holidays and unexplained changes.`;
}

/**
 * The person's categories a source's suggestions are filed under, as the inbox settings name
 * them: "Incidents/Outages", or "Campaigns & Promos (rises) or Incidents/Outages (drops)" for a
 * source whose kinds go to different ones. Null when the person has none of them: nothing is
 * filed then, so nothing may promise a category.
 */
export function filedUnderWords<Category extends { name: string; titleTemplate: string | null }>(
  kind: SuggestionSourceKind,
  categories: readonly Category[],
): string | null {
  const info = suggestionSourceInfo[kind];
  const nameOf = (key: CategoryPreset["key"]) => {
    const preset = categoryPresets.find((entry) => entry.key === key);
    return preset ? (categoryForPreset(categories, preset)?.name ?? null) : null;
  };
  if (!info.presetsByKind) return nameOf(info.categoryPreset);
  const named = info.presetsByKind.flatMap(({ kind: what, preset }) => {
    const name = nameOf(preset);
    return name ? [`${name} (${what})`] : [];
  });
  return named.length > 0 ? named.join(" or ") : null;
}
