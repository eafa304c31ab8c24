/**
 * A create draft waiting in a corpus conversation, as the product holds it: a reading shown as a
 * preview waits for its Create; the next message is read as the product reads a message typed
 * over a waiting draft (`chat-confirmation-turns.ts`), with the product's own functions: a clear
 * yes creates it, a no drops it, a change of "it" edits it and it waits again.
 */
import { fromIsoDate, toIsoDate, type CalendarDate } from "../../../../shared/calendar-date.js";
import type { CreateAnnotationRequest } from "../../../../shared/contracts/annotations.js";
import {
  draftFollowUp,
  issueCreate,
  readOverDraft,
  readTypedDecision,
  undoesWaiting,
  type PendingConfirmation,
} from "../conversation-state.js";
import { askedAsQuestionDoubt } from "../offline-engine/read-message.js";
import type { PendingQuestion, Understanding } from "../offline-engine/understanding.js";
import { piecesToRemember } from "../offline-engine/continue-conversation.js";
import { namedCategory } from "./corpus-notation.js";
import { editWithYes, yesThenEdit } from "../offline-engine/yes-no.js";
import { readMessage } from "./reading.js";

export interface WaitingDraft {
  reading: Understanding;
  /** A create's draft; a change shown as a preview waits too, but is only confirmed or dropped. */
  pending?: Extract<PendingConfirmation, { kind: "create" }>;
}

/** The draft a turn leaves waiting: a create shown as a preview, whole enough to be created. */
export function draftLeftBy(
  understanding: Understanding,
  outcome: string,
): WaitingDraft | undefined {
  const { title, date } = understanding;
  // "it" is missing as a target only until the focus names it.
  const missing = understanding.missing.filter(
    (piece) => !(piece === "target" && understanding.pointsBack),
  );
  if (outcome !== "preview" || missing.length > 0) return undefined;
  if (understanding.intent === "update" && (understanding.target || understanding.pointsBack))
    return { reading: understanding };
  if (understanding.intent !== "create" || !title || !date) return undefined;
  const request: CreateAnnotationRequest = {
    title,
    ...(understanding.endDate
      ? { annotationDateRange: { startDate: date, endDate: understanding.endDate } }
      : { annotationDate: date }),
    ...(understanding.description ? { description: understanding.description } : {}),
    ...(understanding.color ? { color: understanding.color } : {}),
  };
  return {
    reading: understanding,
    pending: issueCreate("0", request, understanding.category ?? null, new Date(0)),
  };
}

/**
 * What a message typed over a waiting draft does, as a reading the checker compares: the draft
 * confirmed, cancelled or edited (waiting again, so still a preview); undefined when the message
 * is none of these and is answered as itself.
 */
export function overDraft(
  draft: WaitingDraft,
  message: string,
  understanding: Understanding,
  today: CalendarDate,
): Understanding | undefined {
  const decision = readTypedDecision(message, draft.pending ? "create" : "update");
  // A change declined names the annotation left as it was, as the blind notation does.
  if (decision === "cancel" || undoesWaiting(message))
    return {
      intent: "cancel",
      missing: [],
      ...(draft.pending ? {} : draftTarget(draft.reading)),
    };
  if (!draft.pending) return overChangeCard(draft.reading, message, understanding, today);
  if (decision === "confirm")
    return { ...draft.reading, intent: "confirm", missing: [], doubts: [] };
  if (decision !== "other" || understanding.doubts?.includes(askedAsQuestionDoubt))
    return undefined;
  // "make it the 17th and yes save": the edit is read as the product reads it, then confirmed.
  const said = editWithYes(message, "create") ?? yesThenEdit(message, "create");
  const withYes = said && editsOf(draft.pending, said.edit, today);
  const over = readOverDraft(understanding, message, today);
  const edits = withYes || draftFollowUp(draft.pending, over, false, "", today);
  // A change of "it" the draft cannot take keeps it waiting as it was (`draftEditedBy`).
  if (!edits && over.intent === "update" && over.pointsBack && !over.target)
    return { ...draft.reading, doubts: ["the draft waits as it was"] };
  if (!edits) return undefined;
  const { description: _old, endDate: _end, ...kept } = draft.reading;
  if (withYes) return { ...kept, ...fieldsOf(edits), intent: "confirm", missing: [], doubts: [] };
  return {
    ...kept,
    intent: "create",
    title: edits.title,
    ...(edits.description ? { description: edits.description } : {}),
    date: fromIsoDate(edits.startDate),
    ...(edits.endDate ? { endDate: fromIsoDate(edits.endDate) } : {}),
    color: edits.color,
    missing: [],
    // It waits again, as changed: a preview still.
    doubts: ["the draft waits for Create"],
  };
}

/** The edits a message makes to the draft, read as the product reads one typed over it. */
function editsOf(
  pending: Extract<PendingConfirmation, { kind: "create" }>,
  message: string,
  today: CalendarDate,
) {
  const reading = readMessage({ message, today, categoryNames: [] });
  if (reading.doubts?.includes(askedAsQuestionDoubt)) return undefined;
  return draftFollowUp(pending, readOverDraft(reading, message, today), true, message, today);
}

/** A draft's edited fields, as a reading states them. */
function fieldsOf(edits: NonNullable<ReturnType<typeof draftFollowUp>>): Partial<Understanding> {
  return {
    title: edits.title,
    ...(edits.description ? { description: edits.description } : {}),
    date: fromIsoDate(edits.startDate),
    ...(edits.endDate ? { endDate: fromIsoDate(edits.endDate) } : {}),
    color: edits.color,
  };
}

/** The annotation a waiting change is about, as its reading named it. */
function draftTarget(reading: Understanding): Pick<Understanding, "target" | "pointsBack"> {
  if (reading.target) return { target: reading.target };
  return reading.pointsBack ? { pointsBack: true } : {};
}

const CHANGED = ["date", "endDate", "color", "newTitle", "newDescription", "category"] as const;

/**
 * A message over a waiting change card, as the product settles it: a yes with the change the card
 * already shows ("yes that one, make it blue") confirms it; another change of "it" edits the card,
 * which waits again. Anything else is answered as itself.
 */
function overChangeCard(
  card: Understanding,
  message: string,
  understanding: Understanding,
  today: CalendarDate,
): Understanding | undefined {
  const said = yesThenEdit(message, "update");
  if (said) {
    const edit = readOverDraft(
      readMessage({ message: said.edit, today, categoryNames: [] }),
      said.edit,
      today,
    );
    const restated =
      edit.intent === "update" &&
      !edit.target &&
      CHANGED.some((field) => edit[field] !== undefined) &&
      CHANGED.every(
        (field) =>
          edit[field] === undefined || JSON.stringify(edit[field]) === JSON.stringify(card[field]),
      );
    if (restated) return { ...card, intent: "confirm", missing: [], doubts: [] };
  }
  const over = readOverDraft(understanding, message, today);
  if (over.intent !== "update" || over.target || !over.pointsBack) return undefined;
  const edited: Understanding = { ...card, doubts: ["the change card waits again"] };
  for (const field of [...CHANGED, "shiftDays", "lengthSaid", "clearEnd", "bareDays"] as const)
    if (over[field] !== undefined) Object.assign(edited, { [field]: over[field] });
  return edited;
}

/** The question the engine asks after a reading that lacks a piece, as the act stage asks it. */
export function questionLeftBy(
  understanding: Understanding,
  categoryNames: readonly string[],
): PendingQuestion | undefined {
  const { intent } = understanding;
  // A category the person does not have, on a write: which of theirs (or none) is asked.
  if (
    (intent === "create" || intent === "update") &&
    understanding.category &&
    understanding.category !== "-" &&
    !namedCategory(understanding.category, categoryNames)
  )
    return {
      intent,
      asked: "category",
      known: piecesToRemember({ ...understanding, category: undefined }),
      categoryOptions: [...categoryNames],
    };
  // A traffic day's answer offers to annotate it (when the day was unusual): a title names it.
  if (intent === "traffic_day" && understanding.date)
    return {
      intent: "create",
      asked: "title",
      offer: true,
      known: { date: toIsoDate(understanding.date) },
    };
  // A day told in a story is offered as an annotation, and its day waits for a title.
  if (intent === "unknown" && understanding.title && understanding.date)
    return {
      intent: "create",
      asked: "title",
      offer: true,
      known: { date: toIsoDate(understanding.date) },
    };
  if (intent !== "create" && intent !== "update" && intent !== "delete") return undefined;
  const asked = (["title", "date", "change", "target"] as const).find((piece) =>
    understanding.missing.includes(piece),
  );
  if (!asked) return undefined;
  return { intent, asked, known: piecesToRemember(understanding) };
}
