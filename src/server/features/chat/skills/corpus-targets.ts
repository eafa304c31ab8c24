/**
 * The corpus checker's targets, found as the product finds them: a title names the one annotation
 * `titleMatches` finds, and a request whose target names none or several is asked about — the
 * product asks "which one?" (with the candidates, or for a title) and the change waits for the
 * answer, nothing written.
 */
import { compareDates, fromIsoDate, toIsoDate } from "../../../../shared/calendar-date.js";
import { titleMatches } from "../annotation-reference.js";
import { piecesToRemember } from "../offline-engine/continue-conversation.js";
import { nearlySameTitle } from "../offline-engine/gate-words.js";
import type { KnownAnnotation } from "../offline-engine/known-annotations.js";
import type { PendingQuestion, Understanding } from "../offline-engine/understanding.js";
import type { DeclaredAnnotation } from "./corpus-effects.js";

/** The annotation a title names among the known ones, as the product finds it (`titleMatches`). */
export function foundByTitle(
  annotations: readonly KnownAnnotation[],
  title: string,
): { found: KnownAnnotation; loose: boolean } | undefined {
  const { matches, loose, partial } = titleMatches(annotations, title);
  return matches.length === 1 ? { found: matches[0]!, loose: loose || !!partial } : undefined;
}

/** The product's "which one?": the candidates offered by number, or a title asked for. */
function askedWhich(
  actual: Record<string, string | undefined>,
  understanding: Understanding,
  candidates: readonly KnownAnnotation[],
  words?: string,
): PendingQuestion {
  actual.outcome = "preview";
  actual.missing = "target";
  if (words !== undefined) actual.contains ??= words;
  const intent = understanding.intent as "update" | "delete";
  const known = piecesToRemember(understanding);
  if (candidates.length < 2) return { intent, asked: "target", known };
  // The checker's candidates go by their titles: an answer picking one names it.
  const options = candidates
    .slice(0, 5)
    .map((a) => ({ annotationId: a.title, title: a.title, date: a.date }));
  return { intent, asked: "choice", known, options };
}

/**
 * "how did traffic look during the pinterest one" as the product answers it: over the days of the
 * one annotation it names (one day is a day's question); none or several named, it says so.
 */
export function duringDays(
  understanding: Understanding,
  annotations: readonly KnownAnnotation[] | undefined,
): Understanding {
  const { target, ...rest } = understanding;
  if (understanding.intent !== "traffic_period" || target?.kind !== "title" || !annotations)
    return understanding;
  // Found as the product finds it; a slip of a title ("lunch" for "Launch …") is none.
  const { matches, loose } = titleMatches(annotations, target.title);
  const named = matches.length === 1 && !loose ? matches[0] : undefined;
  if (!named) return { intent: "unknown", missing: [] };
  const start = fromIsoDate(named.date);
  const end = fromIsoDate(named.endDate ?? named.date);
  return compareDates(start, end) === 0
    ? { ...rest, intent: "traffic_day", date: start }
    : { ...rest, dateRange: { start, end } };
}

/**
 * An update or deletion as the product carries it out: its title target is the one annotation it
 * names, and a target that names none or several, or an "it" with nothing before it, is a
 * question — nothing is written. Returns the question the product leaves open, if any.
 */
export function resolveAgainst(
  actual: Record<string, string | undefined>,
  understanding: Understanding,
  focusTitle: string | undefined,
  annotations: readonly KnownAnnotation[],
): PendingQuestion | undefined {
  const { target } = understanding;
  if (understanding.intent !== "update" && understanding.intent !== "delete") return undefined;
  if (target?.kind === "title") {
    const named = foundByTitle(annotations, target.title);
    if (!named)
      return askedWhich(
        actual,
        understanding,
        titleMatches(annotations, target.title).matches,
        target.title,
      );
    actual.target = `title:${named.found.title}`;
    // Found by some of its words, a change is shown first, as the product's resolve does.
    if (named.loose && understanding.intent === "update" && actual.outcome === "write")
      actual.outcome = "preview";
  } else if (target?.kind === "id") {
    // A candidate picked from the checker's "which one?" is named by its title.
    const named = annotations.find((annotation) => annotation.title === target.annotationId);
    if (named) actual.target = `title:${named.title}`;
  } else if (target?.kind === "date") {
    // "the one on the 12th": the one annotation on that day, as the product finds it.
    const day = toIsoDate(target.date);
    const onDay = annotations.filter(
      (annotation) => annotation.date <= day && (annotation.endDate ?? annotation.date) >= day,
    );
    if (onDay.length === 1) actual.targetOnDay = `title:${onDay[0]!.title}`;
    // Several on that day (a range covering it too): the product asks which, writing nothing.
    else if (onDay.length > 1) return askedWhich(actual, understanding, onDay);
  } else if (target?.kind === "color") {
    // "the red one": the one annotation of that colour, shown first; several are asked about.
    const color = target.color.toLowerCase();
    const ofColour = annotations.filter(
      (annotation) =>
        (annotation as DeclaredAnnotation).color?.toLowerCase() === color ||
        new RegExp(String.raw`\b${color}\b`, "i").test(annotation.title),
    );
    if (ofColour.length !== 1) return askedWhich(actual, understanding, ofColour, color);
    actual.target = `title:${ofColour[0]!.title}`;
    if (understanding.intent === "update" && actual.outcome === "write") actual.outcome = "preview";
  } else if (!target && understanding.pointsBack && !focusTitle) actual.outcome = "preview";
  return undefined;
}

/**
 * The line names the annotation by the title a correction before it asked for ("Checkout …" for
 * "Chekout …"), which was not written: the annotation the reading names is that same one.
 */
export function renamedNotYet(
  got: string,
  wanted: string,
  annotations: readonly KnownAnnotation[] | undefined,
): boolean {
  if (!annotations || !got.startsWith("title:")) return false;
  const title = wanted.replace(/^title:/, "");
  const named = got.slice("title:".length);
  const has = (name: string) =>
    annotations.some((a) => a.title.toLowerCase() === name.toLowerCase());
  return !has(title) && has(named) && named !== title && nearlySameTitle(named, title);
}

/** "it" with an annotation in focus lacks no target: the product's resolve fills it. */
export function focusFills(
  read: Understanding,
  focusTitle: string | undefined,
  annotations: readonly KnownAnnotation[] | undefined,
): Understanding {
  if (!read.pointsBack || read.target || !focusTitle || !read.missing.includes("target"))
    return read;
  // Only an annotation the property holds is in focus: a draft never written is none.
  const wanted = focusTitle.toLowerCase();
  if (!annotations?.some((annotation) => annotation.title.toLowerCase() === wanted)) return read;
  return { ...read, missing: read.missing.filter((piece) => piece !== "target") };
}

/**
 * A change declined, or a deletion asked (its confirmation holds the annotation found), names
 * the annotation it was about as the product found it.
 */
export function namedAsFound(
  read: Understanding,
  annotations: readonly KnownAnnotation[] | undefined,
): Understanding {
  const target = read.target;
  const holdsFound = read.intent === "cancel" || read.intent === "delete";
  if (!holdsFound || target?.kind !== "title" || !annotations) return read;
  const found = foundByTitle(annotations, target.title)?.found;
  return found ? { ...read, target: { kind: "title", title: found.title } } : read;
}

/** A candidate picked from the checker's "which one?" (its id is its title) is named by title. */
export function pickedByTitle(
  read: Understanding,
  annotations: readonly KnownAnnotation[] | undefined,
): Understanding {
  const target = read.target;
  if (target?.kind !== "id" || !annotations?.some((a) => a.title === target.annotationId))
    return read;
  return { ...read, target: { kind: "title", title: target.annotationId } };
}

/** A list that finds exactly one annotation puts it in focus, as the list capability does. */
export function listedOne(
  understanding: Understanding,
  annotations: readonly KnownAnnotation[] | undefined,
): string | undefined {
  const wanted = understanding.titleContains?.toLowerCase();
  if (understanding.intent !== "list" || !wanted || !annotations) return undefined;
  const found = annotations.filter((a) => a.title.toLowerCase().includes(wanted));
  return found.length === 1 ? found[0]!.title : undefined;
}
