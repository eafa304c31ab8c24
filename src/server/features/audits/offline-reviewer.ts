import type { AnnotationColor } from "../../../shared/annotation-colors.js";
import {
  categoryPresets,
  defaultTitleTemplate,
  firstTemplateSegment,
  templateSegments,
  templateSeparator,
  titleCarriesPrefixWord,
  titleHasTemplatePrefix,
  type CategoryPreset,
} from "../../../shared/categories.js";
import { annotationTitleMaxLength } from "../../../shared/contracts/annotations.js";
import type { Category } from "../../../shared/contracts/categories.js";
import type {
  AuditReviewer,
  ReviewableAnnotation,
  ReviewContext,
  ReviewedSuggestion,
} from "./audit-reviewer.js";

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

/** Titles that say nothing about what happened. */
const vagueTitles = new Set([
  "update",
  "updates",
  "test",
  "testing",
  "misc",
  "fix",
  "fixes",
  "change",
  "changes",
  "stuff",
  "tbd",
  "todo",
  "note",
  "new",
  "event",
]);

// Only words that name an environment and nothing else: "live" is left out, as a title says
// "went live" or "gift guide live" far more often than it names production.
const environments: Record<string, string> = {
  prod: "Prod",
  production: "Prod",
  staging: "Staging",
  stage: "Staging",
  dev: "Dev",
  development: "Dev",
  qa: "QA",
};

const scopes: Record<string, string> = {
  global: "Global",
  worldwide: "Global",
  us: "US",
  usa: "US",
  uk: "UK",
  gb: "UK",
  au: "AU",
  ca: "CA",
  de: "DE",
  fr: "FR",
  nl: "NL",
  es: "ES",
  it: "IT",
  jp: "JP",
  nz: "NZ",
  ie: "IE",
  eu: "EU",
  emea: "EMEA",
  apac: "APAC",
  latam: "LATAM",
  ios: "iOS",
  android: "Android",
  mobile: "Mobile",
  desktop: "Desktop",
  web: "Web",
};

/** Teams and systems an annotation may name; the segment is filled only when one is named. */
const systems: Record<string, string> = {
  checkout: "Checkout",
  payments: "Payments",
  payment: "Payments",
  cart: "Cart",
  search: "Search",
  homepage: "Homepage",
  cdn: "CDN",
  gtm: "GTM",
  ga4: "GA4",
  api: "API",
  email: "Email",
  emails: "Email",
  newsletter: "Email",
  seo: "SEO",
  sem: "SEM",
  ppc: "PPC",
  marketing: "Marketing",
  engineering: "Engineering",
  pricing: "Pricing",
  login: "Login",
  signup: "Signup",
  onboarding: "Onboarding",
};

/** Words that dangle once a scope or environment word is taken out of a phrase. */
const danglingWords = new Set(["to", "in", "on", "for", "at", "of", "the", "and", "-", "–", "·"]);

interface Token {
  raw: string;
  lower: string;
}

function tokenize(text: string): Token[] {
  return text
    .split(/[\s,;:()[\]{}"“”]+/)
    .map((raw) => raw.replace(/^[.!?'’]+|[.!?'’]+$/g, ""))
    .filter((raw) => raw.length > 0)
    .map((raw) => ({ raw, lower: raw.toLowerCase() }));
}

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

/**
 * The text with a capital first letter, unless its first word is written with care already: a
 * capital inside it (iPhone, eBay) or a digit (v2) marks a name, and names keep their case.
 */
function capitalize(text: string): string {
  const firstWord = text.split(/\s/, 1)[0] ?? "";
  if (/\p{Lu}/u.test(firstWord.slice(1)) || /\d/.test(firstWord)) return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function normalizedTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function isVague(title: string): boolean {
  const normal = normalizedTitle(title);
  return normal.length < 3 || vagueTitles.has(normal);
}

/** The first sentence of a description, short enough for a title. */
function titleFromDescription(description: string): string | null {
  const sentence =
    description
      .split(/(?<=[.!?])\s|\n/)[0]
      ?.trim()
      .replace(/[.!?]+$/, "") ?? "";
  if (sentence.length < 4) return null;
  if (sentence.length <= 80) return capitalize(sentence);
  const cut = sentence.slice(0, 80);
  return capitalize(cut.slice(0, cut.lastIndexOf(" ") > 40 ? cut.lastIndexOf(" ") : 80));
}

/** A word of a title as typed, and the bare word it stands for ("test:" is "test"). */
interface TitleWord {
  raw: string;
  bare: string;
}

function titleWords(title: string): TitleWord[] {
  return title
    .split(/\s+/)
    .filter((raw) => raw.length > 0)
    .map((raw) => ({
      raw,
      bare: raw.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}/]+$/gu, ""),
    }));
}

/** A word that carries nothing once its neighbours are gone: a dash, a colon, "to", "in"… */
function isDangling(word: TitleWord): boolean {
  return word.bare === "" || danglingWords.has(word.bare);
}

/**
 * Reads the template's segments from the annotation; what it cannot read is left out. The
 * [What] keeps the title's own words, in their order and case (only a plain first word gets its
 * capital; a product name such as iPhone or v2 is never re-cased); a team, scope or environment is taken out of it only from its edges, so
 * no clause is torn apart ("Release 4.2 — new onboarding" stays whole), and dashes or small words
 * left at an edge go with it, so no title ends or starts with "—".
 */
function titleFromTemplate(
  source: string,
  description: string,
  template: string,
  typeLabel: string,
): string | null {
  let words = titleWords(source);
  const described = tokenize(description);
  const prefixWord = typeLabel.toLowerCase();
  const isType = (word: TitleWord | undefined) =>
    word !== undefined && [prefixWord, `${prefixWord}s`, `${prefixWord}es`].includes(word.bare);
  const trimEdges = () => {
    while (words.length && isDangling(words[0]!)) words = words.slice(1);
    while (words.length && isDangling(words.at(-1)!)) words = words.slice(0, -1);
  };
  // A title that already starts with its type ("Release: v2") does not need it twice.
  if (isType(words[0])) words = words.slice(1);
  trimEdges();
  const takeEdge = (table: Record<string, string>, edges: "last" | "both") => {
    if (words.length < 2) return null;
    if (edges === "both" && table[words[0]!.bare] !== undefined) {
      const value = table[words[0]!.bare]!;
      words = words.slice(1);
      if (isType(words[0])) words = words.slice(1);
      trimEdges();
      return value;
    }
    // A word at the end is a tag ("… prod"), or the object of a small word ("… on checkout"); in
    // any other phrase ("new search") it is part of what happened and stays.
    const tagAtEnd =
      edges === "last" || (edges === "both" && isDangling(words.at(-2)!) && words.length > 2);
    if (tagAtEnd && table[words.at(-1)!.bare] !== undefined) {
      const value = table[words.at(-1)!.bare]!;
      words = words.slice(0, -1);
      trimEdges();
      return value;
    }
    return null;
  };
  const fromDescription = (table: Record<string, string>) => {
    const found = described.find((token) => table[token.lower] !== undefined);
    return found ? table[found.lower]! : null;
  };
  const env = takeEdge(environments, "last") ?? fromDescription(environments);
  const scope = takeEdge(scopes, "last") ?? fromDescription(scopes);
  const system = takeEdge(systems, "both") ?? fromDescription(systems);
  if (words.length === 0) return null;
  const last = words.at(-1)!;
  const what = capitalize(
    [...words.slice(0, -1).map((word) => word.raw), last.raw.replace(/[\s:;,·—–-]+$/u, "")].join(
      " ",
    ),
  );
  // A [What] that still names the type in its own words ("Paid social campaign") says its
  // category already: a prefix would say it twice, so the title is left as it is.
  if (what === "" || titleCarriesPrefixWord(what, typeLabel)) return null;

  const filled: string[] = [];
  const readable: Record<string, string | null> = {
    type: typeLabel,
    "team/system": system,
    team: system,
    system,
    what,
    scope,
    env,
    environment: env,
  };
  for (const segment of templateSegments(template)) {
    const placeholder = /^\[(.+)\]$/.exec(segment)?.[1]?.toLowerCase();
    if (placeholder === undefined) {
      filled.push(segment);
      continue;
    }
    // A placeholder the annotation does not fill (or one we do not know) is left out.
    const value = readable[placeholder];
    if (value) filled.push(value);
  }
  const title = filled.join(templateSeparator);
  return title.length <= annotationTitleMaxLength ? title : null;
}

function typeLabelOf(category: Category | null, preset: CategoryPreset | null): string {
  if (preset) return preset.prefix;
  const first = firstTemplateSegment(category?.titleTemplate);
  if (first && !first.startsWith("[")) return first;
  return (category?.name ?? "").split(/\s+/)[0]!.toUpperCase();
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

  const reasons: string[] = [];
  let suggestedTitle: string | null = null;
  let suggestedColor: AnnotationColor | null = null;
  let suggestedCategoryId: string | null = null;
  let newCategory: ReviewedSuggestion["newCategory"] = null;

  if (classification) {
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
  }
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
