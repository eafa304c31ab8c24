/**
 * The turns that settle a waiting confirmation: a typed yes or no, a change typed while a draft
 * waits, and the card's own buttons (with the fields edited in place on it). What a confirmation
 * wrote becomes the conversation's focus.
 */
import { randomUUID } from "node:crypto";
import type { ChatSession, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import { calendarDateOf, toIsoDate, type CalendarDate } from "../../../shared/calendar-date.js";
import {
  chatDraftEdits,
  confirmButtonLabels,
  type SettleConfirmationRequest,
} from "../../../shared/contracts/chat.js";
import { errorMessages } from "../../../shared/contracts/errors.js";
import type { PropertiesService } from "../properties/properties-service.js";
import type { AssistantActions, CarriedOut } from "./assistant-actions.js";
import {
  changeCard,
  describeCarriedOut,
  wroteAnything,
  type AssistantTurn,
} from "./assistant-reply.js";
import type { ChatRepository } from "./chat-repository.js";
import {
  cancelledReply,
  clearYesNeeded,
  confirmationPrompt,
  draftFollowUp,
  focusOn,
  isLive,
  openedInFormReply,
  readOverDraft,
  readTypedDecision,
  undoesWaiting,
  undoneWaitingReply,
  withEdits,
  type PendingConfirmation,
} from "./conversation-state.js";
import { readMessage } from "./skills/reading.js";
import { askedAsQuestionDoubt } from "./offline-engine/read-message.js";
import { editWithYes, yesThenEdit } from "./offline-engine/yes-no.js";

export const notWaitingMessage =
  "That confirmation is no longer waiting, so nothing was changed. Ask again if you still want it.";

export const plain = (reply: string, extra: Partial<AssistantTurn> = {}): AssistantTurn => ({
  reply,
  showAnnotations: false,
  suggestedInput: null,
  ...extra,
});

/** A confirmation the person gave, carried out; the focus moves on from what is gone. */
async function carryOut(actions: AssistantActions, pending: PendingConfirmation) {
  const result = await actions.carryOut(pending);
  if (!result.ok) return plain(result.error, { memory: {} });
  // What was just written is what "it" names next ("switch it to green" after Confirm).
  const written = writtenBy(result.value);
  return plain(describeCarriedOut(result.value), {
    showAnnotations: wroteAnything(result.value),
    card: cardOf(result.value),
    // After a deletion, "and the printer one too" asks for another; after the undo of a create,
    // "once more" takes back the change before it.
    memory: written
      ? { focus: focusOn(pending.propertyId, written) }
      : pending.kind === "delete"
        ? { asked: { intent: pending.undoes ? "undo" : "delete" } }
        : {},
  });
}

type DraftAction = Exclude<PendingConfirmation, { kind: "delete" }>;

/**
 * The draft as a message typed over it changes it ("make it green", "the 17th"): edited, kept as
 * it was because the card cannot take the change here (a category, a day before its start), or
 * null when the message is not about the draft.
 */
function draftEditedBy(
  stored: DraftAction,
  message: string,
  today: CalendarDate,
  withYes = false,
): { edited: PendingConfirmation } | { refused: true } | null {
  const reading = readMessage({ message, today, categoryNames: [] });
  // "and the day before?" after a traffic answer that offered a draft asks about the traffic: a
  // question is not an edit of the draft, and goes on to be answered as itself.
  if (reading.doubts?.includes(askedAsQuestionDoubt)) return null;
  const proposed = draftFollowUp(
    stored,
    readOverDraft(reading, message, today),
    withYes,
    message,
    today,
  );
  const edits = proposed && chatDraftEdits.safeParse(proposed).success ? proposed : undefined;
  // Edited back to the annotation as it is ("yes but blue" over a card making it red), there is
  // nothing to write: the card is not confirmed as it was shown.
  const edited = edits ? withEdits(stored, edits) : null;
  if (edited) return { edited };
  return reading.intent === "update" && reading.pointsBack && !reading.target
    ? { refused: true }
    : null;
}

/**
 * A yes said first, then the change a change card already shows: nothing edited, all confirmed.
 * Never a create's card: "yes that one" over one whose title exists may mean the existing one.
 */
export function restatesCard(stored: DraftAction, message: string, today: CalendarDate): boolean {
  if (stored.kind !== "update") return false;
  const said = yesThenEdit(message, stored.kind);
  if (!said) return false;
  const reading = readMessage({ message: said.edit, today, categoryNames: [] });
  const over = readOverDraft(reading, said.edit, today);
  return (
    draftFollowUp(stored, over, true, "", today) !== undefined &&
    draftFollowUp(stored, over, false, "", today) === undefined
  );
}

/**
 * A change of "it" typed while a draft waits edits the draft, which waits again as changed. A
 * change the card cannot take here keeps the draft waiting, never lands on another annotation.
 * Null when the message is not about the draft.
 */
async function editedByMessage(
  chat: ChatRepository,
  session: ChatSession,
  stored: DraftAction,
  message: string,
  today: CalendarDate,
): Promise<AssistantTurn | null> {
  const result = draftEditedBy(stored, message, today);
  if (result && "refused" in result)
    return plain(
      `I couldn't make that change on the draft here, so it waits as it was: change it on the card, or press Edit.\n${confirmationPrompt(stored)}`,
      { confirmation: stored },
    );
  if (!result) return null;
  const waiting = { ...result.edited, id: randomUUID(), expiresAt: stored.expiresAt };
  await chat.setPendingAction(session.id, waiting);
  return plain(`I've changed the draft; nothing is written yet.\n${confirmationPrompt(waiting)}`, {
    confirmation: waiting,
  });
}

/**
 * A typed reply to a waiting confirmation: a clear yes carries it out; no cancels it; an
 * "ok" or "sure" keeps it waiting and asks for the clear yes; anything else drops it and is
 * answered as a message of its own.
 */
export async function settleTyped(
  setting: { chat: ChatRepository; now: Date; readsDrafts: boolean },
  session: ChatSession,
  actions: AssistantActions,
  message: string,
  today: CalendarDate,
): Promise<AssistantTurn | null> {
  const stored = session.pendingAction;
  if (!stored) return null;
  if (!isLive(stored, setting.now)) {
    await actions.dropConfirmation();
    return null;
  }
  const decision = readTypedDecision(message, stored.kind);
  if (decision === "agreement") return plain(clearYesNeeded(stored), { confirmation: stored });
  if (decision === "confirm") {
    const taken = await setting.chat.takePendingAction(session.id, stored.id);
    return taken ? carryOut(actions, taken) : plain(notWaitingMessage);
  }
  if (decision === "other" && undoesWaiting(message)) {
    await actions.dropConfirmation();
    return plain(undoneWaitingReply(stored));
  }
  if (decision === "other" && stored.kind !== "delete" && setting.readsDrafts) {
    // "make it the 17th and yes save", "yes but brown": the edit and the yes to the draft as
    // edited, when the edit is read without a doubt.
    const said = editWithYes(message, stored.kind) ?? yesThenEdit(message, stored.kind);
    const result = said ? draftEditedBy(stored, said.edit, today, true) : null;
    if (result && "edited" in result) {
      const taken = await setting.chat.takePendingAction(session.id, stored.id);
      return taken ? carryOut(actions, result.edited) : plain(notWaitingMessage);
    }
    // "yes that one, make it blue" over a card that already makes it blue: a yes, restated.
    if (restatesCard(stored, message, today)) {
      const taken = await setting.chat.takePendingAction(session.id, stored.id);
      return taken ? carryOut(actions, taken) : plain(notWaitingMessage);
    }
    const edited = await editedByMessage(setting.chat, session, stored, message, today);
    if (edited) return edited;
  }
  await actions.dropConfirmation();
  return decision === "cancel" ? plain(cancelledReply(stored)) : null;
}

/**
 * The confirmation with the fields edited in place on its card, checked before the action is
 * taken, so a refused edit leaves the card waiting as it was; null when the edits put it back as
 * the annotation already is.
 */
export async function withCardEdits(
  properties: Pick<PropertiesService, "timeZoneOf">,
  user: User,
  stored: PendingConfirmation,
  request: SettleConfirmationRequest,
  now: Date,
): Promise<PendingConfirmation | null> {
  if (!request.draft) return stored;
  if (stored.kind === "delete")
    throw new AppError("invalid_request", "A deletion has no fields to edit");
  // A day after the property's today is refused here, while the card still waits.
  if (stored.kind === "create") {
    const zone = await properties.timeZoneOf(user, stored.propertyId);
    const today = toIsoDate(calendarDateOf(now, zone ?? "UTC"));
    if (request.draft.startDate > today || (request.draft.endDate ?? "") > today)
      throw new AppError("invalid_request", errorMessages.futureDate);
  }
  return withEdits(stored, request.draft);
}

/** The person's button on a card they were shown: the turn it makes and the label it leaves. */
export async function buttonTurn(
  actions: AssistantActions,
  taken: PendingConfirmation,
  edited: PendingConfirmation | null,
  decision: SettleConfirmationRequest["decision"],
): Promise<{ label: string; turn: AssistantTurn }> {
  const label = { confirm: confirmButtonLabels[taken.kind], cancel: "Cancel", edit: "Edit" }[
    decision
  ];
  if (decision === "edit") return { label, turn: plain(openedInFormReply(taken)) };
  if (decision === "cancel") return { label, turn: plain(cancelledReply(taken)) };
  const turn = edited
    ? await carryOut(actions, edited)
    : plain(nothingEditedReply(taken), { memory: {} });
  return { label, turn };
}

/** The annotation a confirmed create or change left behind; none for a deletion. */
function writtenBy(result: CarriedOut) {
  if (result.kind === "create") return result.created;
  if (result.kind === "update" && !("skipped" in result)) return result.after;
  return undefined;
}

/** Confirm on a change whose fields were edited back to the annotation as it is. */
function nothingEditedReply(pending: PendingConfirmation): string {
  const title =
    pending.kind === "create" ? pending.request.title : pending.items[0]?.snapshot.title;
  return `Nothing to change: “${title ?? "it"}” is already as the card shows it.`;
}

/** A confirmed create or change, as its card; a deletion has none. */
function cardOf(result: CarriedOut) {
  if (result.kind === "create") return changeCard(result.created, result.categoryName);
  if (result.kind === "update" && !("skipped" in result))
    return changeCard(result.after, result.categoryName, {
      annotation: result.before,
      categoryName: null,
    });
  return null;
}
