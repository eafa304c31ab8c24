/**
 * Stage 5 of the offline engine: the request read against the property's annotations. "it",
 * "that one" and "the last one" are the annotation the previous turn was about; a title names
 * one annotation or, when several match, becomes a question listing them; a deletion of "all
 * the … from last week" becomes the list of what matches.
 */
import { annotationSpan } from "../../../../shared/annotation-span.js";
import { compareDates, toIsoDate } from "../../../../shared/calendar-date.js";
import type { Annotation } from "../../../../shared/contracts/annotations.js";
import type { Category } from "../../../../shared/contracts/categories.js";
import {
  describeReference,
  findReferenced,
  type AnnotationReference,
} from "../annotation-reference.js";
import type { AnnotationFilter, AssistantActions } from "../assistant-actions.js";
import { categoryMatchProblem } from "../assistant-rules.js";
import type { Focus } from "../conversation-state.js";
import type { Understanding } from "../offline-engine/understanding.js";
import { monthRange, weekRange } from "../offline-engine/dates/calendar.js";
import { namedByPart } from "../offline-engine/doubts.js";
import { colourName } from "../offline-engine/reply-text.js";

export type Resolution =
  | { kind: "ready"; understanding: Understanding; annotations: Annotation[]; category?: Category }
  | { kind: "choose"; understanding: Understanding; candidates: Annotation[]; category?: Category }
  | {
      kind: "chooseCategory";
      understanding: Understanding;
      candidates: Category[];
      message: string;
    }
  /** The person's plan has no categories: `message` is the Premium explanation. */
  | { kind: "premiumCategory"; understanding: Understanding; message: string }
  | {
      kind: "failed";
      message: string;
      /** "put “X” in Campaigns" when there is no “X”: offer to create it there instead. */
      offerCreate?: { title: string; category: Category };
      /** A change or deletion whose annotation was not found: it waits for the one meant. */
      waitsForTarget?: Understanding;
    };

/** The reference a request makes, with "it" and "the last one" read as the annotation in focus. */
export function referenceOf(
  understanding: Understanding,
  focus: Focus | undefined,
): AnnotationReference | undefined {
  const target = understanding.target;
  if (focus && (understanding.pointsBack || target?.kind === "last"))
    return { kind: "id", annotationId: focus.annotationId };
  return target;
}

const CATEGORY_INTENTS = new Set(["create", "update", "list", "delete"]);
const WRITES_IN_CATEGORY = new Set(["create", "update"]);

/**
 * The category a request names, through the categories service (the same reading for every
 * caller): found, ambiguous (the engine asks which), unknown (said plainly, with the person's
 * categories), or not in the person's plan.
 */
async function resolveCategory(
  understanding: Understanding,
  actions: AssistantActions,
): Promise<Resolution | Category | undefined> {
  const reference = understanding.category;
  if (!reference || !CATEGORY_INTENTS.has(understanding.intent)) return undefined;
  const matched = await actions.matchCategory(reference);
  if (!matched.ok) {
    return matched.code === "premium_required"
      ? { kind: "premiumCategory", understanding, message: matched.error }
      : { kind: "failed", message: matched.error };
  }
  const match = matched.value;
  if (match.kind === "found") return match.category;
  const message = categoryMatchProblem(reference, match)!;
  if (match.kind === "ambiguous")
    return { kind: "chooseCategory", understanding, candidates: match.candidates, message };
  // A category the person does not have, on a write: which of theirs, or none (asked, so that
  // "put it in Paid Social" or "no category then" finishes the same request).
  if (WRITES_IN_CATEGORY.has(understanding.intent) && match.categories.length > 0)
    return {
      kind: "chooseCategory",
      understanding,
      candidates: match.categories,
      message: `${message} Which should it go in? Or say “no category”.`,
    };
  return { kind: "failed", message };
}

export async function resolve(
  understanding: Understanding,
  focus: Focus | undefined,
  actions: AssistantActions,
): Promise<Resolution> {
  // A period the engine cannot read is answered by saying so; nothing is looked up or matched.
  if (understanding.missing.includes("period")) {
    const focused = await daysOfFocus(understanding, focus, actions);
    if (!focused || focused.kind !== "ready")
      return focused ?? { kind: "ready", understanding, annotations: [] };
    // "any incidents that week?": the period is the focus's, the category still the one said.
    const kind = await resolveCategory(focused.understanding, actions);
    if (kind && "kind" in kind) return kind;
    return kind ? { ...focused, category: kind } : focused;
  }
  const category = await resolveCategory(understanding, actions);
  if (category && "kind" in category) return category;
  const resolution = await resolveAnnotations(understanding, focus, actions, category);
  return category && (resolution.kind === "ready" || resolution.kind === "choose")
    ? { ...resolution, category }
    : resolution;
}

/**
 * "any annotations that week?", "how was traffic those days?" while an annotation is in focus
 * (the one last created, changed or named): its days, or the week or month holding its first
 * day when the words say so. Without one in focus, or for "that weekend", the period stays
 * unread, and the reply asks which days.
 */
async function daysOfFocus(
  understanding: Understanding,
  focus: Focus | undefined,
  actions: AssistantActions,
): Promise<Resolution | undefined> {
  const { intent } = understanding;
  if (!understanding.pointsBack || !focus) return undefined;
  if (intent !== "list" && !intent.startsWith("traffic")) return undefined;
  const unit = /\b(week|weekend|month)\b/i
    .exec(understanding.unreadPeriod ?? "")?.[1]
    ?.toLowerCase();
  if (unit === "weekend") return undefined;
  const listed = await actions.listAnnotations({});
  if (!listed.ok) return { kind: "failed", message: listed.error };
  const annotation = listed.value.annotations.find((a) => a.annotationId === focus.annotationId);
  if (!annotation) return undefined;
  const span = annotationSpan(annotation);
  const single = compareDates(span.start, span.end) === 0;
  const { start, end } =
    unit === "week" && single
      ? weekRange(span.start)
      : unit === "month"
        ? monthRange(span.start.year, span.start.month)
        : span;
  const { unreadPeriod: _words, pointsBack: _back, target: _target, ...asked } = understanding;
  const oneDay = compareDates(start, end) === 0;
  return {
    kind: "ready",
    understanding:
      asked.intent !== "list" && oneDay
        ? { ...asked, intent: "traffic_day", missing: [], date: start }
        : { ...asked, missing: [], dateRange: { start, end } },
    annotations: [annotation],
  };
}

/** The filters of a list or delete-all request, as the assistant's actions take them. */
export function annotationFilterOf(
  understanding: Understanding,
  category: Category | undefined,
): AnnotationFilter {
  const colors = understanding.colors ?? (understanding.color ? [understanding.color] : undefined);
  return {
    ...(understanding.dateRange
      ? { startDate: understanding.dateRange.start, endDate: understanding.dateRange.end }
      : {}),
    ...(understanding.titleContains ? { titleContains: understanding.titleContains } : {}),
    ...(colors ? { colors } : {}),
    ...(understanding.latest ? { latest: understanding.latest } : {}),
    ...(category ? { categoryId: category.id } : {}),
  };
}

async function resolveAnnotations(
  understanding: Understanding,
  focus: Focus | undefined,
  actions: AssistantActions,
  /** For "delete all the incidents from last week": only that category's annotations. */
  category: Category | undefined,
): Promise<Resolution> {
  const { intent } = understanding;
  // A traffic question over an annotation's days ("during the pinterest one") names it as a target.
  const asksAbout = intent === "impact" || (intent === "traffic_period" && !!understanding.target);
  if (intent !== "update" && intent !== "delete" && !asksAbout)
    return { kind: "ready", understanding, annotations: [] };

  if (understanding.everyMatch) {
    const result = await actions.listAnnotations(annotationFilterOf(understanding, category));
    if (!result.ok) return { kind: "failed", message: result.error };
    const deletable = result.value.annotations.filter((a) => !a.systemGenerated);
    if (deletable.length === 0)
      return {
        kind: "failed",
        message: "No annotations of yours match that, so there is nothing to delete.",
      };
    return { kind: "ready", understanding, annotations: deletable };
  }

  const reference = referenceOf(understanding, focus);
  if (!reference) return { kind: "ready", understanding, annotations: [] };
  const listed = await actions.listAnnotations({});
  if (!listed.ok) return { kind: "failed", message: listed.error };
  const referenced = findReferenced(listed.value.annotations, reference);
  // A slip of a title ("lunch" for "Launch …") is no annotation a traffic question means.
  const match =
    intent === "traffic_period" && referenced.kind === "found" && referenced.loose
      ? ({ kind: "none" } as const)
      : referenced;
  // "how did traffic look during the pinterest one": the question over the days it covers.
  if (match.kind === "found" && intent === "traffic_period") {
    const { start, end } = annotationSpan(match.annotation);
    const { target: _named, ...asked } = understanding;
    return {
      kind: "ready",
      understanding:
        compareDates(start, end) === 0
          ? { ...asked, intent: "traffic_day", date: start }
          : { ...asked, dateRange: { start, end } },
      annotations: [match.annotation],
    };
  }
  if (match.kind === "found") {
    // Found by some of its words, not its whole title: a change to it is shown before it is made.
    // Named by its colour ("the red one"), the same: the one of that colour may not be the one meant.
    const guessed =
      (match.loose || match.partial) && reference.kind === "title"
        ? [namedByPart(reference.title, match.annotation.title)]
        : reference.kind === "color"
          ? [namedByPart(`the ${colourName(reference.color)} one`, match.annotation.title)]
          : [];
    return {
      kind: "ready",
      understanding: {
        ...understanding,
        target: { kind: "id", annotationId: match.annotation.annotationId },
        ...(guessed.length > 0 ? { doubts: [...(understanding.doubts ?? []), ...guessed] } : {}),
      },
      annotations: [match.annotation],
    };
  }
  // A question asks again naming one; a change waits for the person's choice.
  if (match.kind === "ambiguous" && asksAbout)
    return {
      kind: "failed",
      message: `More than one annotation is ${describeReference(reference)}:\n${describeCandidates(match.candidates.slice(0, 5))}\nAsk again with the full title of the one you mean.`,
    };
  if (match.kind === "ambiguous")
    return { kind: "choose", understanding, candidates: match.candidates.slice(0, 5) };
  const onlyCategory =
    understanding.intent === "update" &&
    [
      understanding.newTitle,
      understanding.newDescription,
      understanding.date,
      understanding.color,
    ].every((value) => value === undefined);
  return {
    kind: "failed",
    message: `I couldn't find an annotation ${describeReference(reference)} in this property.`,
    ...(onlyCategory && category && reference.kind === "title"
      ? { offerCreate: { title: reference.title, category } }
      : intent === "update" || intent === "delete"
        ? { waitsForTarget: understanding }
        : {}),
  };
}

export function describeCandidates(candidates: readonly Annotation[]): string {
  return candidates
    .map((a, index) => `${index + 1}. “${a.title}” (${toIsoDate(a.annotationDate)})`)
    .join("\n");
}
