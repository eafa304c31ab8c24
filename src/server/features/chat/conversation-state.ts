/**
 * What a conversation carries from one turn to the next, kept with the chat session in the
 * database so that any instance, after any restart, continues it: the action waiting for the
 * person's confirmation, the question the assistant asked, and the annotation in focus.
 */
import { randomUUID } from "node:crypto";
import {
  addDays,
  compareDates,
  fromIsoDate,
  isRealDate,
  toIsoDate,
  type CalendarDate,
} from "../../../shared/calendar-date.js";
import type {
  Annotation,
  CreateAnnotationRequest,
  UpdateAnnotationRequest,
} from "../../../shared/contracts/annotations.js";
import {
  confirmButtonLabels,
  type ChatConfirmation,
  type ChatDraft,
  type ChatDraftEdits,
  type DraftField,
  type DraftSources,
} from "../../../shared/contracts/chat.js";
import type { Understanding } from "./offline-engine/understanding.js";
import { isQuoted } from "./offline-engine/quoted-text.js";
import { readValuesAlone } from "./offline-engine/values-alone.js";
import { lastDayOf } from "./offline-engine/lengths.js";
import { readReply, type Waiting } from "./offline-engine/yes-no.js";
import { defaultAnnotationColor, isAnnotationColor } from "../../../shared/annotation-colors.js";
import { undoCreateQuestion, undoWords } from "../../../shared/undo-words.js";
import {
  describeAnnotation,
  describeNewDescription,
  describeWritten,
} from "./describe-annotation.js";

export type {
  AnnotationSnapshot,
  AskedFor,
  ConversationMemory,
  Focus,
  PendingConfirmation,
  PendingCreate,
  PendingDeletion,
  PendingQuestion,
  PendingUpdate,
} from "../../db/schema/chat-memory.js";
import type {
  AnnotationSnapshot,
  Focus,
  PendingConfirmation,
  PendingCreate,
  PendingDeletion,
  PendingUpdate,
} from "../../db/schema/chat-memory.js";

/** How long a previewed action may wait for its confirmation. */
export const confirmationLifetimeMs = 5 * 60_000;

export function snapshotOf(annotation: Annotation): AnnotationSnapshot {
  return {
    title: annotation.title,
    description: annotation.description,
    color: annotation.color,
    date: toIsoDate(annotation.annotationDate),
    ...(annotation.annotationDateRange
      ? { endDate: toIsoDate(annotation.annotationDateRange.endDate) }
      : {}),
  };
}

export function unchangedSince(snapshot: AnnotationSnapshot, current: Annotation): boolean {
  const now = snapshotOf(current);
  const fields = new Set([...Object.keys(now), ...Object.keys(snapshot)]);
  return [...fields].every(
    (field) =>
      now[field as keyof AnnotationSnapshot] === snapshot[field as keyof AnnotationSnapshot],
  );
}

/**
 * The undo of a create, waiting for the person: a deletion of that one annotation, asked in the
 * undo's words ("Undo the new annotation?"), carried out as the create's undo (decision 0059).
 */
export function issueUndoOfCreate(
  propertyId: string,
  annotation: Annotation,
  undoes: string,
  now: Date,
): PendingDeletion {
  return {
    ...issueDeletion(propertyId, [annotation], now),
    summary: undoCreateQuestion(annotation.title),
    undoes,
  };
}

export function deletionSummary(annotations: readonly Annotation[]): string {
  if (annotations.length === 1) return `Delete ${describeAnnotation(annotations[0]!)}?`;
  const shown = annotations.slice(0, 10).map((a) => `• ${describeAnnotation(a)}`);
  const more = annotations.length > 10 ? [`…and ${annotations.length - 10} more`] : [];
  return [`Delete these ${annotations.length} annotations?`, ...shown, ...more].join("\n");
}

export function issueDeletion(
  propertyId: string,
  annotations: readonly Annotation[],
  now: Date,
): PendingDeletion {
  return {
    id: randomUUID(),
    kind: "delete",
    propertyId,
    summary: deletionSummary(annotations),
    items: annotations.map((annotation) => ({
      annotationId: annotation.annotationId,
      snapshot: snapshotOf(annotation),
    })),
    expiresAt: expiryFrom(now),
  };
}

/** A create waiting for the person: the request exactly as it will be sent, shown in full. */
export function issueCreate(
  propertyId: string,
  request: CreateAnnotationRequest,
  categoryName: string | null,
  now: Date,
  /** Where the reading found each field, for the card to show what to check. */
  sources?: DraftSources,
): PendingCreate {
  return {
    id: randomUUID(),
    kind: "create",
    propertyId,
    summary: createSummary(request, categoryName),
    request: { ...request, requestId: request.requestId ?? randomUUID() },
    categoryName,
    ...(sources && Object.keys(sources).length > 0 ? { sources } : {}),
    expiresAt: expiryFrom(now),
  };
}

/** A change waiting for the person: the annotation as it is, and as it would become. */
export function issueUpdate(
  propertyId: string,
  annotation: Annotation,
  changes: UpdateAnnotationRequest,
  /** The category it would be in: a name, null to leave its category, undefined if unchanged. */
  categoryName: string | null | undefined,
  now: Date,
  /** Where the reading found each changed field, for the card to show what to check. */
  sources?: DraftSources,
): PendingUpdate {
  return {
    id: randomUUID(),
    kind: "update",
    propertyId,
    summary: updateSummary(annotation, changes, categoryName),
    items: [{ annotationId: annotation.annotationId, snapshot: snapshotOf(annotation) }],
    changes,
    ...(categoryName !== undefined ? { categoryName } : {}),
    ...(sources && Object.keys(sources).length > 0 ? { sources } : {}),
    expiresAt: expiryFrom(now),
  };
}

/** A create's card in words: the annotation as it will be written. */
function createSummary(request: CreateAnnotationRequest, categoryName: string | null): string {
  const range = request.annotationDateRange;
  const shown = {
    title: request.title,
    annotationDate: range?.startDate ?? request.annotationDate!,
    ...(range ? { annotationDateRange: range } : {}),
    color: request.color ?? defaultAnnotationColor,
  };
  return [
    `Create ${describeWritten(shown, categoryName)}?`,
    ...(request.description ? [describeNewDescription(request.description)] : []),
  ].join("\n");
}

type Shown = Pick<Annotation, "title" | "annotationDate" | "annotationDateRange" | "color">;

/** A change's card in words: the annotation as it is, and as it would become. */
function updateSummary(
  annotation: Shown,
  changes: UpdateAnnotationRequest,
  categoryName: string | null | undefined,
): string {
  const range =
    changes.annotationDateRange ??
    (changes.annotationDate ? undefined : annotation.annotationDateRange);
  const after = {
    title: changes.title ?? annotation.title,
    annotationDate:
      changes.annotationDateRange?.startDate ?? changes.annotationDate ?? annotation.annotationDate,
    ...(range ? { annotationDateRange: range } : {}),
    color: changes.color ?? annotation.color,
  };
  const category = categoryName === null ? ", out of its category" : "";
  return [
    `Change ${describeAnnotation(annotation)} → ${describeWritten(after, categoryName)}${category}?`,
    ...(changes.description !== undefined ? [describeNewDescription(changes.description)] : []),
  ].join("\n");
}

/** The annotation a change card was issued for, as its snapshot keeps it. */
function shownBy(snapshot: AnnotationSnapshot): Shown {
  return {
    title: snapshot.title,
    annotationDate: fromIsoDate(snapshot.date),
    ...(snapshot.endDate
      ? {
          annotationDateRange: {
            startDate: fromIsoDate(snapshot.date),
            endDate: fromIsoDate(snapshot.endDate),
          },
        }
      : {}),
    // Taken from an annotation, so always one of its colours; an unknown one shows as the default.
    color: isAnnotationColor(snapshot.color) ? snapshot.color : defaultAnnotationColor,
  };
}

function expiryFrom(now: Date): string {
  return new Date(now.getTime() + confirmationLifetimeMs).toISOString();
}

/** A stored confirmation that can still be carried out (older rows without an id never can). */
export function isLive(
  pending: PendingConfirmation | null | undefined,
  now: Date,
): pending is PendingConfirmation {
  if (
    !pending ||
    typeof pending.id !== "string" ||
    !(Date.parse(pending.expiresAt) > now.getTime())
  )
    return false;
  switch (pending.kind) {
    case "delete":
      return Array.isArray(pending.items) && pending.items.length > 0;
    case "update":
      return Array.isArray(pending.items) && pending.items.length === 1 && !!pending.changes;
    case "create":
      return !!pending.request && typeof pending.request.title === "string";
    default:
      return false;
  }
}

export function toChatConfirmation(pending: PendingConfirmation): ChatConfirmation {
  const draft = draftOf(pending);
  return {
    id: pending.id,
    summary: pending.summary,
    said: confirmationPrompt(pending),
    count: pending.kind === "create" ? 1 : pending.items.length,
    kind: pending.kind,
    ...(draft ? { draft } : {}),
    ...(pending.kind === "delete" && pending.undoes ? { undo: true as const } : {}),
  };
}

/** A preview's create or change as the annotation dialog would open with it. */
function draftOf(pending: PendingConfirmation): ChatDraft | undefined {
  if (pending.kind === "delete") return undefined;
  if (pending.kind === "create") {
    const { request } = pending;
    const range = request.annotationDateRange;
    const start = range?.startDate ?? request.annotationDate;
    if (!start) return undefined;
    return {
      title: request.title,
      description: request.description ?? "",
      startDate: toIsoDate(start),
      ...(range ? { endDate: toIsoDate(range.endDate) } : {}),
      color: request.color ?? defaultAnnotationColor,
      category: pending.categoryName ?? null,
      categoryId: request.categoryId ?? null,
      ...(pending.sources ? { sources: pending.sources } : {}),
    };
  }
  const [item] = pending.items;
  const { changes } = pending;
  const range = changes.annotationDateRange;
  const endDate = range
    ? toIsoDate(range.endDate)
    : changes.annotationDate
      ? undefined
      : item.snapshot.endDate;
  return {
    annotationId: item.annotationId,
    title: changes.title ?? item.snapshot.title,
    description: changes.description ?? item.snapshot.description,
    startDate: range
      ? toIsoDate(range.startDate)
      : changes.annotationDate
        ? toIsoDate(changes.annotationDate)
        : item.snapshot.date,
    ...(endDate ? { endDate } : {}),
    color: changes.color ?? item.snapshot.color,
    category: pending.categoryName ?? null,
    ...(changes.categoryId !== undefined ? { categoryId: changes.categoryId } : {}),
    ...(pending.sources ? { sources: pending.sources } : {}),
  };
}

/** How the prompts name what waits: "delete it", "create it", "change them". */
function verbsOf(pending: PendingConfirmation) {
  const what = pending.kind !== "create" && pending.items.length > 1 ? "them" : "it";
  switch (pending.kind) {
    case "delete":
      return pending.undoes
        ? { what, verb: "remove", done: "removed", gerund: "removing anything" }
        : { what, verb: "delete", done: "deleted", gerund: "deleting anything" };
    case "create":
      return { what, verb: "create", done: "created", gerund: "creating anything" };
    case "update":
      return { what, verb: "change", done: "changed", gerund: "changing anything" };
  }
}

/**
 * The sources of the fields an edit left as the draft had them: a field the person set, on the
 * card or in a follow-up, is their own and no longer the reading's to doubt.
 */
function sourcesKept(
  pending: PendingCreate | PendingUpdate,
  edits: ChatDraftEdits,
): DraftSources | undefined {
  const view = draftOf(pending);
  if (!pending.sources || !view) return undefined;
  const changed: Record<DraftField, boolean> = {
    title: edits.title !== view.title,
    date: edits.startDate !== view.startDate || (edits.endDate || undefined) !== view.endDate,
    color: edits.color !== view.color,
    category: edits.categoryId !== undefined && edits.categoryId !== view.categoryId,
    description: edits.description !== view.description,
  };
  const kept = Object.entries(pending.sources).filter(([field]) => !changed[field as DraftField]);
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

/**
 * A draft card confirmed after its fields were edited in place: the same waiting action, now
 * writing what the card showed when Confirm was pressed. A create becomes the whole edited
 * annotation; a change keeps only the fields that differ from the annotation as previewed, so
 * nothing the person left alone is written. Null when an edited change no longer changes anything.
 */
export function withEdits(
  pending: PendingCreate | PendingUpdate,
  edits: ChatDraftEdits,
): PendingCreate | PendingUpdate | null {
  const start = fromIsoDate(edits.startDate);
  const end = edits.endDate && edits.endDate !== edits.startDate ? edits.endDate : undefined;
  const days = end
    ? { annotationDateRange: { startDate: start, endDate: fromIsoDate(end) } }
    : { annotationDate: start };
  if (pending.kind === "create") {
    const { categoryId: previewed, requestId } = pending.request;
    const categoryId = edits.categoryId === undefined ? previewed : (edits.categoryId ?? undefined);
    const request = {
      title: edits.title,
      ...(edits.description ? { description: edits.description } : {}),
      ...days,
      color: edits.color,
      ...(categoryId ? { categoryId } : {}),
      requestId,
    };
    const categoryName = edits.categoryId !== undefined ? undefined : pending.categoryName;
    // The card's words say what it now writes, as its fields do.
    return {
      ...pending,
      request,
      summary: createSummary(request, categoryName ?? null),
      ...(edits.categoryId !== undefined ? { categoryName: undefined } : {}),
      sources: sourcesKept(pending, edits),
    };
  }
  const [item] = pending.items;
  const before = item.snapshot;
  const changes: UpdateAnnotationRequest = {};
  if (edits.title !== before.title) changes.title = edits.title;
  if (edits.description !== before.description) changes.description = edits.description;
  if (edits.color !== before.color) changes.color = edits.color;
  if (edits.startDate !== before.date || (end ?? undefined) !== before.endDate)
    Object.assign(changes, days);
  if (edits.categoryId !== undefined) changes.categoryId = edits.categoryId;
  else if (pending.changes.categoryId !== undefined)
    changes.categoryId = pending.changes.categoryId;
  if (Object.keys(changes).length === 0) return null;
  return {
    ...pending,
    changes,
    summary: updateSummary(shownBy(before), changes, pending.categoryName),
    sources: sourcesKept(pending, edits),
  };
}

/**
 * A message typed over a waiting draft, as the draft reads it: days said alone ("the 12th", "oct
 * 19 to oct 23") are its new days, as "make it the 12th" would be.
 */
export function readOverDraft(
  reading: Understanding,
  message: string,
  today: CalendarDate,
): Understanding {
  if (reading.intent !== "unknown") return reading;
  const said = readValuesAlone(message, today, []);
  if (!said) return reading;
  const { unknownColour, ...values } = said;
  return unknownColour
    ? { intent: "update", pointsBack: true, missing: ["change"], ...values, unknownColour }
    : { intent: "update", pointsBack: true, missing: [], ...values };
}

/**
 * A follow-up typed while a draft waits ("switch it to green", "actually the 5th", "make it run
 * until the 8th", "call it …"): the draft's fields with that change, for the same card to show
 * again. Undefined when the reading is not a change of "it" or changes nothing on the draft.
 */
export function draftFollowUp(
  pending: PendingCreate | PendingUpdate,
  understanding: Understanding,
  /**
   * Said with a yes ("friday is the date, save it"), so written at once: a change to what it is
   * affirms it, and only a change read without doubt, never a new title unless quoted, is taken.
   */
  withYes = false,
  /** The edit said with the yes: a new title is taken with it only as the person quoted it. */
  said = "",
  /** The person's today: a length that would end after it is not taken. */
  today?: CalendarDate,
): ChatDraftEdits | undefined {
  const quotedTitle = isQuoted(quotesOf(said), understanding.newTitle);
  if (withYes && ((understanding.newTitle && !quotedTitle) || understanding.doubts?.length))
    return undefined;
  // Only a change said of "it" ("switch it to green", "brown pls"), never a question.
  if (understanding.intent !== "update" || understanding.target || !understanding.pointsBack)
    return undefined;
  if (understanding.doubts?.includes("you asked it as a question")) return undefined;
  if (understanding.missing.some((piece) => piece !== "target")) return undefined;
  const view = draftOf(pending);
  if (!view) return undefined;
  const start = fromIsoDate(view.startDate);
  const end = view.endDate ? fromIsoDate(view.endDate) : undefined;
  const onDraftsMonth = (day: CalendarDate) =>
    understanding.bareDays ? { ...start, day: day.day } : day;
  let first = understanding.date ? onDraftsMonth(understanding.date) : start;
  let last = understanding.endDate
    ? onDraftsMonth(understanding.endDate)
    : understanding.date
      ? undefined
      : end;
  if (understanding.shiftDays !== undefined) {
    first = addDays(start, understanding.shiftDays);
    last = end ? addDays(end, understanding.shiftDays) : undefined;
  }
  if (understanding.lengthSaid) {
    last = lastDayOf(understanding.lengthSaid, first, last ?? first);
    // A length that ends before it starts, or on a day still to come, is no edit the draft takes.
    if (compareDates(last, first) < 0 || (today && compareDates(last, today) > 0)) return undefined;
  }
  if (understanding.clearEnd) last = undefined;
  if (!isRealDate(first) || (last && !isRealDate(last))) return undefined;
  const edits: ChatDraftEdits = {
    title: understanding.newTitle ?? view.title,
    description: understanding.newDescription ?? view.description,
    startDate: toIsoDate(first),
    ...(last && compareDates(last, first) > 0 ? { endDate: toIsoDate(last) } : {}),
    color: understanding.color ?? (view.color as ChatDraftEdits["color"]),
  };
  const same =
    edits.title === view.title &&
    edits.description === view.description &&
    edits.startDate === view.startDate &&
    (edits.endDate ?? "") === (view.endDate ?? "") &&
    edits.color === view.color;
  return same && !withYes ? undefined : edits;
}

/** The texts the person put in quotes, straight or curly. */
function quotesOf(text: string): string[] {
  return [...text.matchAll(/"([^"]+)"|“([^”]+)”/g)].map((quote) => (quote[1] ?? quote[2]!).trim());
}

/** The words that follow every preview: how to confirm, and that nothing has happened yet. */
export function confirmationPrompt(pending: PendingConfirmation): string {
  // An undo of a create is asked in the change card's words, not as a deletion.
  const { what, verb, done } = verbsOf(pending);
  if (pending.kind === "delete" && pending.undoes)
    return `${pending.summary}\nNothing is ${done} yet. Press ${undoWords.createConfirm} or reply yes to ${verb} ${what}; ${undoWords.createKeep} keeps ${what}.`;
  const cancel = pending.kind === "create" ? `Cancel drops ${what}` : `Cancel keeps ${what}`;
  return `${pending.summary}\nNothing is ${done} yet. Press ${confirmButtonLabels[pending.kind]} or reply yes to ${verb} ${what}; ${cancel}.`;
}

/**
 * A write the engine was not sure it read right, shown instead of made: why, then the preview
 * with its Confirm, Edit and Cancel.
 */
export function previewPrompt(doubts: readonly string[], pending: PendingConfirmation): string {
  const why = doubts.length > 0 ? doubts.join("; ") : "I may have misread part of it";
  // The preview's own words come last: on the card they are said there, and this stays above it.
  return `I'm not sure I read that right (${why}), so I haven't written anything; Edit opens it in the form.\n${confirmationPrompt(pending)}`;
}

/** The answer to an "ok" or "sure": the preview stays, and only a clear yes carries it out. */
export function clearYesNeeded(pending: PendingConfirmation): string {
  return `To be safe I need a clear yes before ${verbsOf(pending).gerund}.\n${confirmationPrompt(pending)}`;
}

/** The answer to Edit on a preview: withdrawn here, finished in the dialog. */
export function openedInFormReply(pending: PendingConfirmation): string {
  const title =
    pending.kind === "create" ? pending.request.title : pending.items[0]?.snapshot.title;
  return `I've opened “${title ?? "it"}” in the form, so nothing is written until you save it there.`;
}

/**
 * "undo", "take that back" typed while a card waits: what is undone is the request on the card,
 * which nothing has written yet, never the change before it.
 */
const UNDO_OVER_WAITING =
  /^\W*(?:(?:oh|ok|okay|wait|no|actually|oops|sorry)\W+)*(?:undo|revert|take\s+(?:it|that|this)\s+back)(?:\s+(?:it|that|this))?(?:\W+(?:please|pls|thanks))*\W*$/i;

export function undoesWaiting(message: string): boolean {
  return message.length <= 80 && UNDO_OVER_WAITING.test(message);
}

/** The answer to an undo typed while a card waits: the card dropped, nothing else taken back. */
export function undoneWaitingReply(pending: PendingConfirmation): string {
  return `${cancelledReply(pending)} It hadn't been done yet, so nothing else was undone.`;
}

/** The answer to Cancel or a typed no. */
export function cancelledReply(pending: PendingConfirmation): string {
  const { verb } = verbsOf(pending);
  if (pending.kind === "create") return `Okay, I won't create “${pending.request.title}”.`;
  const only = pending.items.length === 1 ? pending.items[0]!.snapshot.title : null;
  return only
    ? `Okay, I won't ${verb} “${only}”.`
    : `Okay, I won't ${verb} them. Nothing was changed.`;
}

export type TypedDecision = "confirm" | "cancel" | "agreement" | "other";

/**
 * How a typed reply settles a waiting confirmation, by the one reader of yes and no: a bare "ok"
 * or "sounds good" is politeness, which a steered model can ask for in passing, so it keeps the
 * action waiting and asks for the yes. The card shows exactly what a yes does, so a yes is never
 * a guess.
 */
export function readTypedDecision(message: string, waiting?: Waiting): TypedDecision {
  const { reading } = readReply(message, waiting);
  if (reading === "yes") return "confirm";
  if (reading === "no") return "cancel";
  return reading;
}

/** The annotation an answer was about, which "it" names next. */
export function focusOn(propertyId: string, annotation: Annotation): Focus {
  return { propertyId, annotationId: annotation.annotationId, title: annotation.title };
}
