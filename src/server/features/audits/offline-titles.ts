/** The offline reviewer's titles: which say nothing, and how a template is filled from the words. */
import {
  firstTemplateSegment,
  templateSegments,
  templateSeparator,
  titleCarriesPrefixWord,
  type CategoryPreset,
} from "../../../shared/categories.js";
import { annotationTitleMaxLength } from "../../../shared/contracts/annotations.js";
import type { Category } from "../../../shared/contracts/categories.js";

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

export interface Token {
  raw: string;
  lower: string;
}

export function tokenize(text: string): Token[] {
  return text
    .split(/[\s,;:()[\]{}"“”]+/)
    .map((raw) => raw.replace(/^[.!?'’]+|[.!?'’]+$/g, ""))
    .filter((raw) => raw.length > 0)
    .map((raw) => ({ raw, lower: raw.toLowerCase() }));
}

/**
 * The text with a capital first letter, unless its first word is written with care already: a
 * capital inside it (iPhone, eBay) or a digit (v2) marks a name, and names keep their case.
 */
export function capitalize(text: string): string {
  const firstWord = text.split(/\s/, 1)[0] ?? "";
  if (/\p{Lu}/u.test(firstWord.slice(1)) || /\d/.test(firstWord)) return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function normalizedTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export function isVague(title: string): boolean {
  const normal = normalizedTitle(title);
  return normal.length < 3 || vagueTitles.has(normal);
}

/** The first sentence of a description, short enough for a title. */
export function titleFromDescription(description: string): string | null {
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
export function titleFromTemplate(
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

export function typeLabelOf(category: Category | null, preset: CategoryPreset | null): string {
  if (preset) return preset.prefix;
  const first = firstTemplateSegment(category?.titleTemplate);
  if (first && !first.startsWith("[")) return first;
  return (category?.name ?? "").split(/\s+/)[0]!.toUpperCase();
}
