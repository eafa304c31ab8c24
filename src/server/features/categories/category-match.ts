import { firstTemplateSegment, presetByPrefix } from "../../../shared/categories.js";
import type { Category } from "../../../shared/contracts/categories.js";

export type CategoryMatch =
  | { kind: "found"; category: Category }
  | { kind: "ambiguous"; candidates: Category[] }
  | { kind: "none"; categories: Category[] };

/** Lowercase words, each without a plural "s", so "Site/App Releases" reads as site, app, release. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) =>
      word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word,
    );
}

/** The reading ladder of `matchReference`, over a person's categories. */
export function matchCategory(categories: readonly Category[], reference: string): CategoryMatch {
  const wanted = reference.trim().replace(/\s+/g, " ").toLowerCase();
  const settle = (found: readonly Category[]): CategoryMatch | null =>
    found.length === 1
      ? { kind: "found", category: found[0]! }
      : found.length > 1
        ? { kind: "ambiguous", candidates: [...found] }
        : null;
  if (wanted === "") return { kind: "none", categories: [...categories] };
  const byName = categories.filter((c) => c.name.toLowerCase() === wanted);
  const wantedWords = wordsOf(wanted);
  const sameWords = (c: Category) => wordsOf(c.name).join(" ") === wantedWords.join(" ");
  const preset = presetByPrefix(wanted);
  const byPrefix = preset
    ? categories.filter(
        (c) => firstTemplateSegment(c.titleTemplate).toUpperCase() === preset.prefix,
      )
    : [];
  const byPresetName = preset
    ? categories.filter((c) => c.name.toLowerCase() === preset.name.toLowerCase())
    : [];
  const byWords =
    wantedWords.length === 0
      ? []
      : categories.filter((c) => {
          const words = new Set(wordsOf(c.name));
          return wantedWords.every((word) => words.has(word));
        });
  return (
    settle(byName) ??
    settle(categories.filter(sameWords)) ??
    settle(byPrefix) ??
    settle(byPresetName) ??
    settle(byWords) ?? { kind: "none", categories: [...categories] }
  );
}
