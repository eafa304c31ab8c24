import type { AnnotationColor } from "./annotation-colors.js";

/**
 * Categories and their naming templates: the limits, the five presets and the template rules.
 * One module for the server's checks, the /categories page, the annotation dialogs and the
 * assistant, so they cannot drift. No zod here: the web app imports it without the validator.
 */

export const categoryNameMaxLength = 100;
export const categoryDescriptionMaxLength = 500;
export const titleTemplateMaxLength = 200;
/** How many categories one person may keep. */
export const categoriesPerPersonLimit = 50;

/** What joins the segments of a title template, and of the titles written from one. */
export const templateSeparator = " · ";

/** The template a category starts from when no preset is chosen; [TYPE] stands for its prefix. */
export const defaultTitleTemplate = "[TYPE] · [Team/System] · [What] · [Scope] · [Env]";

/** A title written from a template, shown beside the template field. */
export const titleTemplateExample = "CAMPAIGN · Paid Social · Winter Sale Launch · AU · Prod";

/** The segments after the prefix, shared by every preset's template. */
const templateTail = "[Team/System] · [What] · [Scope] · [Env]";

export interface CategoryPreset {
  /** A stable key for selects and tests. */
  key: "campaigns" | "releases" | "incidents" | "experiments" | "external";
  name: string;
  color: AnnotationColor;
  description: string;
  /** The first segment of titles in this category, e.g. CAMPAIGN. */
  prefix: string;
  titleTemplate: string;
}

function preset(
  key: CategoryPreset["key"],
  name: string,
  color: AnnotationColor,
  description: string,
  prefix: string,
): CategoryPreset {
  return {
    key,
    name,
    color,
    description,
    prefix,
    titleTemplate: `${prefix}${templateSeparator}${templateTail}`,
  };
}

export const categoryPresets: readonly CategoryPreset[] = [
  preset(
    "campaigns",
    "Campaigns & Promos",
    "PURPLE",
    "Launches, channel spikes, marketing campaigns",
    "CAMPAIGN",
  ),
  preset("releases", "Site/App Releases", "BLUE", "Feature flags, deploys, rollbacks", "RELEASE"),
  preset(
    "incidents",
    "Incidents/Outages",
    "RED",
    "Tracking breaks, CDN issues, payment failures",
    "INCIDENT",
  ),
  preset("experiments", "Experiments", "GREEN", "A/B start/stop, guardrails", "EXPERIMENT"),
  preset("external", "External Shocks", "CYAN", "Holidays, weather, PR", "EXTERNAL"),
];

/**
 * The template's segments, trimmed. A template is made of segments joined by " · "; the dot may
 * come with any spacing when typed ("A·B" is "A · B").
 */
export function templateSegments(template: string): string[] {
  return template.split("·").map((segment) => segment.trim());
}

/** The first segment (CAMPAIGN in "CAMPAIGN · [Team/System] · …"), or "" for no template. */
export function firstTemplateSegment(template: string | null | undefined): string {
  if (!template) return "";
  return templateSegments(template)[0] ?? "";
}

/**
 * A template in its stored form: segments trimmed and joined by exactly " · ". Returns null for
 * a blank template (no template) and `{ error }` when a segment is empty ("A ·  · B", "A ·").
 */
export function normalizeTitleTemplate(template: string): string | null | { error: string } {
  if (template.trim() === "") return null;
  const segments = templateSegments(template);
  if (segments.some((segment) => segment === "")) {
    return {
      error: `Title template segments are separated by "${templateSeparator.trim()}" and none may be empty`,
    };
  }
  return segments.join(templateSeparator);
}

/**
 * The preset a word refers to by its prefix, ignoring case and a plural ending:
 * "release", "Releases" and "RELEASE" all name Site/App Releases.
 */
export function presetByPrefix(word: string): CategoryPreset | undefined {
  const normalized = word.trim().toUpperCase();
  if (normalized === "") return undefined;
  return categoryPresets.find(
    (candidate) =>
      normalized === candidate.prefix ||
      normalized === `${candidate.prefix}S` ||
      normalized === `${candidate.prefix}ES`,
  );
}

/** Whether a template segment is a placeholder to fill ([What]) rather than fixed text. */
export function isTemplatePlaceholder(segment: string): boolean {
  return /^\[.*\]$/.test(segment);
}

/**
 * The fixed text a template puts first in every title (CAMPAIGN), or "" when it has none: no
 * template, or one that starts with a placeholder such as [TYPE].
 */
export function templatePrefix(template: string | null | undefined): string {
  const first = firstTemplateSegment(template);
  return isTemplatePlaceholder(first) ? "" : first;
}

/**
 * The person's own category that stands for a preset (an inbox source's, say): the one with the
 * preset's name, or else one whose template starts with the preset's prefix; null when they have
 * none, and then nothing is filed under it.
 */
export function categoryForPreset<Category extends { name: string; titleTemplate: string | null }>(
  categories: readonly Category[],
  preset: CategoryPreset,
): Category | null {
  return (
    categories.find((category) => category.name === preset.name) ??
    categories.find((category) => templatePrefix(category.titleTemplate) === preset.prefix) ??
    null
  );
}

/** Whether a title already starts with the prefix as its own segment ("CAMPAIGN · …", any case). */
export function titleHasTemplatePrefix(title: string, prefix: string): boolean {
  if (prefix === "") return true;
  const segments = templateSegments(title);
  return segments.length > 1 && segments[0]!.toUpperCase() === prefix.toUpperCase();
}

/**
 * Whether a title already names the category's word (the prefix) as a word of its own, anywhere
 * and in any case, singular or plural: "Release 2.4" and "Checkout v2 release" carry RELEASE.
 */
export function titleCarriesPrefixWord(title: string, prefix: string): boolean {
  if (prefix === "") return true;
  return new RegExp(
    `(?<![\\p{L}\\p{N}])${escapeRegExp(prefix)}(?:E?S|E?D)?(?![\\p{L}\\p{N}])`,
    "iu",
  ).test(title);
}

/**
 * A title written the way a category's template asks, the one rule for the annotation dialogs,
 * the assistant, the API, the inbox and the audit: a title that lacks the template's prefix gets
 * it as its first segment ("Winter sale" → "CAMPAIGN · Winter sale"). A title that already opens
 * with the prefix word and a colon or dash ("Campaign: Winter sale") has that word replaced by the
 * segment. A title that names the word anywhere else ("Release 2.4", "Checkout v2 release") is
 * left as it is: the category is already said, and a second word ("RELEASE · Release 2.4") only
 * repeats it. The title's own words keep their case. The placeholders ([What], [Scope]…) are a
 * hint for the person and are never written into a title; a blank title stays blank, and a title
 * that would grow past `maxLength` is left as it is rather than cut.
 */
export function applyTitleTemplate(
  title: string,
  template: string | null | undefined,
  maxLength: number,
): string {
  const typed = title.trim();
  const prefix = templatePrefix(template);
  if (typed === "" || titleHasTemplatePrefix(typed, prefix)) return typed;
  const lead = new RegExp(`^${escapeRegExp(prefix)}(?:E?S)?\\s*[:\\-–—]\\s*`, "i").exec(typed);
  const rest = lead ? typed.slice(lead[0].length) : typed;
  if (rest === "") return typed;
  if (!lead && titleCarriesPrefixWord(typed, prefix)) return typed;
  const written = `${prefix}${templateSeparator}${rest}`;
  return Array.from(written).length <= maxLength ? written : typed;
}

/**
 * A title whose prefix segment says the category's word a second time ("RELEASE · Release 2.4")
 * without that segment ("Release 2.4"); any other title as it is. What another writer proposes (a
 * language model in the audit) is held to the rule `applyTitleTemplate` follows.
 */
export function withoutRepeatedPrefix(title: string, template: string | null | undefined): string {
  const prefix = templatePrefix(template);
  if (prefix === "" || !titleHasTemplatePrefix(title, prefix)) return title;
  const rest = templateSegments(title).slice(1).join(templateSeparator);
  return titleCarriesPrefixWord(rest, prefix) ? rest : title;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
