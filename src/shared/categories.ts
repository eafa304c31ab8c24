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
