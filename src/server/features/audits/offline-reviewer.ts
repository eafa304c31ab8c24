import type { AnnotationColor } from "../../../shared/annotation-colors.js";
import {
  categoryPresets,
  defaultTitleTemplate,
  firstTemplateSegment,
  titleHasTemplatePrefix,
  type CategoryPreset,
} from "../../../shared/categories.js";
import type { Category } from "../../../shared/contracts/categories.js";
import type {
  AuditReviewer,
  ReviewableAnnotation,
  ReviewContext,
  ReviewedSuggestion,
} from "./audit-reviewer.js";
import {
  capitalize,
  isVague,
  normalizedTitle,
  titleFromDescription,
  titleFromTemplate,
  tokenize,
  typeLabelOf,
  type Token,
} from "./offline-titles.js";

/**
 * The built-in reviewer: deterministic, offline, and careful never to invent a fact. It sorts
 * each annotation into one of the person's categories or one of the five presets by its words,
 * rewrites the title into that category's template using only segments it can read from the
 * annotation, aligns the colour, and points out vague titles and same-day near-duplicates.
 */
export function createOfflineReviewer(options: { batchSize?: number } = {}): AuditReviewer {
  return {
    kind: "offline",
    batchSize: options.batchSize ?? 25,
    async review(batch, context) {
      const duplicates = findNearDuplicates(context.all);
      return batch.flatMap((annotation) => {
        const suggestion = reviewOne(annotation, context, duplicates.get(annotation.annotationId));
        return suggestion ? [suggestion] : [];
      });
    },
  };
}

const presetKeywords: Record<CategoryPreset["key"], string[]> = {
  campaigns: [
    "launch",
    "sale",
    "promo",
    "promotion",
    "campaign",
    "gift",
    "guide",
    "giveaway",
    "coupon",
    "discount",
    "offer",
    "deal",
  ],
  releases: ["deploy", "release", "rollout", "version"],
  incidents: ["outage", "incident", "broken", "down", "tracking"],
  experiments: ["a/b", "ab", "test", "experiment"],
  external: ["holiday", "weather", "press", "press release", "strike"],
};

/**
 * The presets for what happened around the team rather than what it did. Their words are often
 * only the setting of something the team did ("Holiday gift guide live": the holiday is when, the
 * gift guide is what), so any other preset the title names wins over them.
 */
const contextPresets: ReadonlySet<CategoryPreset["key"]> = new Set(["external"]);

const wordEndings = ["", "s", "es", "d", "ed", "ing", "ment", "ments"];

function matchesKeyword(word: string, keyword: string): boolean {
  if (keyword.includes("/") || keyword.includes(" ")) return word === keyword;
  return wordEndings.some((ending) => word === keyword + ending);
}

interface Classification {
  /** The person's category, when they have a fitting one. */
  category: Category | null;
  /** The preset behind the match, used to propose a new category when the person has none. */
  preset: CategoryPreset | null;
  keyword: string;
}

function presetOf(category: Category): CategoryPreset | undefined {
  const prefix = firstTemplateSegment(category.titleTemplate).toUpperCase();
  return categoryPresets.find(
    (preset) =>
      preset.prefix === prefix || preset.name.toLowerCase() === category.name.toLowerCase(),
  );
}

/** A preset's keywords found in some text: how many, and the first one (its index and words). */
interface KeywordHits {
  count: number;
  first: number;
  keyword: string;
}

/**
 * The title's or description's words for classifying, with a phrase whose words mean something
 * else on their own read as one: a "press release" is PR, not a release of the site.
 */
function classificationTokens(text: string): Token[] {
  const tokens: Token[] = [];
  for (const token of tokenize(text)) {
    const previous = tokens.at(-1);
    if (previous?.lower === "press" && /^releases?$/.test(token.lower))
      tokens[tokens.length - 1] = {
        raw: `${previous.raw} ${token.raw}`,
        lower: "press release",
      };
    else tokens.push(token);
  }
  return tokens;
}

function keywordHits(tokens: Token[], preset: CategoryPreset): KeywordHits {
  let count = 0;
  let first = Number.POSITIVE_INFINITY;
  let keyword = "";
  tokens.forEach((token, index) => {
    const isVersion = preset.key === "releases" && /^v\d+(\.\d+)*$/.test(token.lower);
    const hit =
      isVersion || presetKeywords[preset.key].find((word) => matchesKeyword(token.lower, word));
    if (hit) {
      count += 1;
      if (index < first) {
        first = index;
        keyword = token.raw;
      }
    }
  });
  return { count, first, keyword };
}

/**
 * The preset the annotation's words point to, weighing the whole title before the description:
 * each keyword in the title counts twice, one in the description once, ties go to the title's
 * earliest. A context preset (External Shocks) wins only when the title names nothing the team
 * did.
 */
function bestPreset(
  title: string,
  description: string,
): { preset: CategoryPreset; keyword: string } | null {
  const titleTokens = classificationTokens(title);
  const descriptionTokens = classificationTokens(description);
  const scored = categoryPresets.flatMap((preset) => {
    const inTitle = keywordHits(titleTokens, preset);
    const inDescription = keywordHits(descriptionTokens, preset);
    const score = inTitle.count * 2 + inDescription.count;
    if (score === 0) return [];
    const first = inTitle.count > 0 ? inTitle.first : titleTokens.length + inDescription.first;
    const keyword = inTitle.count > 0 ? inTitle.keyword : inDescription.keyword;
    return [{ preset, score, first, keyword, inTitle: inTitle.count }];
  });
  const ranked = scored.sort((a, b) => b.score - a.score || a.first - b.first);
  const done = ranked.find((entry) => !contextPresets.has(entry.preset.key) && entry.inTitle > 0);
  const best = ranked[0];
  if (!best) return null;
  const chosen = contextPresets.has(best.preset.key) && done ? done : best;
  return { preset: chosen.preset, keyword: chosen.keyword };
}

function classify(
  title: string,
  description: string,
  categories: Category[],
): Classification | null {
  const text = `${title} ${description}`;
  const lowerText = text.toLowerCase();
  // The person's own category named in the text wins: it is their vocabulary.
  const named = categories
    .filter((category) => {
      const name = category.name.toLowerCase();
      return (
        name.length >= 3 &&
        new RegExp(`(^|[^a-z0-9])${escapeRegExp(name)}([^a-z0-9]|$)`).test(lowerText)
      );
    })
    .sort((a, b) => b.name.length - a.name.length)[0];
  if (named) return { category: named, preset: presetOf(named) ?? null, keyword: named.name };

  const best = bestPreset(title, description);
  if (!best) return null;
  const own = categories.find((category) => presetOf(category)?.key === best.preset.key) ?? null;
  return { category: own, preset: best.preset, keyword: best.keyword };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const noChanges = { suggestedColor: null, suggestedCategoryId: null, newCategory: null };

/**
 * What a category (linked, or read from the words) changes: the category itself when it was not
 * linked, the title by its template, the colour to match; and why, for each.
 */
function classifiedChanges(
  annotation: ReviewableAnnotation,
  classification: Classification,
  read: { linked: Category | null; readableTitle: string | null; vague: boolean },
): {
  reasons: string[];
  suggestedTitle: string | null;
  suggestedColor: AnnotationColor | null;
  suggestedCategoryId: string | null;
  newCategory: ReviewedSuggestion["newCategory"];
} {
  const { linked, readableTitle, vague } = read;
  const reasons: string[] = [];
  let suggestedTitle: string | null = null;
  let suggestedColor: AnnotationColor | null = null;
  let suggestedCategoryId: string | null = null;
  let newCategory: ReviewedSuggestion["newCategory"] = null;
  const { category, preset } = classification;
  const name = category?.name ?? preset!.name;
  const color = category?.color ?? preset!.color;
  const template = category
    ? (category.titleTemplate ?? defaultTitleTemplate)
    : preset!.titleTemplate;
  const typeLabel = typeLabelOf(category, preset);

  if (!linked) {
    if (category) suggestedCategoryId = category.id;
    else
      newCategory = {
        name: preset!.name,
        description: preset!.description,
        color: preset!.color,
      };
    reasons.push(
      classification.keyword
        ? `"${classification.keyword}" makes this ${name}${category ? "" : " (a new category)"}`
        : `it belongs to ${name}`,
    );
  }

  const alreadyTemplated = titleHasTemplatePrefix(annotation.title, typeLabel);
  if (readableTitle && !alreadyTemplated) {
    const rewritten = titleFromTemplate(
      readableTitle,
      vague ? "" : annotation.description,
      template,
      typeLabel,
    );
    if (rewritten && rewritten !== annotation.title) {
      suggestedTitle = rewritten;
      reasons.push("the title follows the category's template");
    }
  }
  if (annotation.color !== color) {
    suggestedColor = color;
    reasons.push(`the colour becomes ${color.toLowerCase()} to match`);
  }
  return { reasons, suggestedTitle, suggestedColor, suggestedCategoryId, newCategory };
}

function reviewOne(
  annotation: ReviewableAnnotation,
  context: ReviewContext,
  duplicateOf: ReviewableAnnotation | undefined,
): ReviewedSuggestion | null {
  const { categories } = context;
  const vague = isVague(annotation.title);
  const readableTitle = vague ? titleFromDescription(annotation.description) : annotation.title;

  const linked = annotation.categoryId
    ? (categories.find((category) => category.id === annotation.categoryId) ?? null)
    : null;
  const classification: Classification | null = linked
    ? { category: linked, preset: presetOf(linked) ?? null, keyword: "" }
    : classify(readableTitle ?? "", annotation.description, categories);

  const changed = classification
    ? classifiedChanges(annotation, classification, { linked, readableTitle, vague })
    : { reasons: [], suggestedTitle: null, ...noChanges };
  const { reasons, suggestedColor, suggestedCategoryId, newCategory } = changed;
  let { suggestedTitle } = changed;
  // An empty description is left empty: words made from the title and the date would only
  // repeat them, and the audit suggests nothing it cannot read from the annotation.

  if (vague) {
    if (readableTitle && !suggestedTitle) suggestedTitle = readableTitle;
    reasons.unshift(
      readableTitle
        ? `the title "${annotation.title}" is vague, so it is taken from the description`
        : `the title "${annotation.title}" is too vague to tell what happened: edit it to say what changed`,
    );
  }
  if (duplicateOf) {
    reasons.push(
      `it looks like a near-duplicate of "${duplicateOf.title}" on the same day: if both mark one event, delete one in Property View`,
    );
  }

  if (reasons.length === 0) return null;
  const hasChange =
    suggestedTitle !== null ||
    suggestedColor !== null ||
    suggestedCategoryId !== null ||
    newCategory !== null;
  // A vague title with nothing to go on is still worth pointing out; the person can edit it.
  if (!hasChange && !duplicateOf && !vague) return null;
  return {
    annotationId: annotation.annotationId,
    suggestedTitle,
    suggestedDescription: null,
    suggestedColor,
    suggestedCategoryId,
    newCategory,
    duplicateOf: duplicateOf?.annotationId ?? null,
    vagueTitle: vague,
    aiReasoning: `${capitalize(reasons.join("; "))}.`,
  };
}

/** The later of two same-day annotations whose titles say nearly the same thing, mapped to the earlier. */
function findNearDuplicates(all: ReviewableAnnotation[]): Map<string, ReviewableAnnotation> {
  const byDay = new Map<string, ReviewableAnnotation[]>();
  for (const annotation of all) {
    const day = byDay.get(annotation.date) ?? [];
    day.push(annotation);
    byDay.set(annotation.date, day);
  }
  const duplicates = new Map<string, ReviewableAnnotation>();
  for (const day of byDay.values()) {
    for (let i = 0; i < day.length; i++) {
      for (let j = i + 1; j < day.length; j++) {
        const later = day[j]!;
        if (duplicates.has(later.annotationId)) continue;
        if (similarTitles(day[i]!.title, later.title)) duplicates.set(later.annotationId, day[i]!);
      }
    }
  }
  return duplicates;
}

function similarTitles(a: string, b: string): boolean {
  const left = new Set(normalizedTitle(a).split(" ").filter(Boolean));
  const right = new Set(normalizedTitle(b).split(" ").filter(Boolean));
  if (left.size === 0 || right.size === 0) return false;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return shared / (left.size + right.size - shared) >= 0.75;
}
