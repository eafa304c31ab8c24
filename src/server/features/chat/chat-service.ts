import type { TrafficService } from "../traffic/traffic-service.js";
import type { SuggestionsService } from "../suggestions/suggestions-service.js";
import type { ModelMessage } from "ai";
import type { ChatSession, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import { randomUUID } from "node:crypto";
import { calendarDateOf, toIsoDate, type CalendarDate } from "../../../shared/calendar-date.js";
import type {
  ChatHistoryResponse,
  SendChatRequest,
  SendChatResponse,
  SettleConfirmationRequest,
} from "../../../shared/contracts/chat.js";
import { chatDraftEdits, confirmButtonLabels } from "../../../shared/contracts/chat.js";
import { toSafeText } from "../../../shared/contracts/clean-text.js";
import { errorMessages, type ErrorCode } from "../../../shared/contracts/errors.js";
import { dataRetention } from "../../../shared/data-retention.js";
import { isSubscriptionTier, moreAnnotationsOffer } from "../../../shared/plans.js";
import type { AnnotationsService } from "../annotations/annotations-service.js";
import type { CategoriesService } from "../categories/categories-service.js";
import type { PropertiesService } from "../properties/properties-service.js";
import type { OperationServices } from "../../operations/operation.js";
import type { ExplainService } from "../impact/explain-service.js";
import type { ImpactService } from "../impact/impact-service.js";
import { createAssistantActions, type AssistantActions } from "./assistant-actions.js";
import type { AssistantAllowance } from "./assistant-allowance.js";
import {
  changeCard,
  describeCarriedOut,
  wroteAnything,
  type AssistantTurn,
} from "./assistant-reply.js";
import type { CarriedOut } from "./assistant-actions.js";
import type { ChatRepository } from "./chat-repository.js";
import {
  cancelledReply,
  openedInFormReply,
  clearYesNeeded,
  confirmationPrompt,
  draftFollowUp,
  focusOn,
  isLive,
  readTypedDecision,
  toChatConfirmation,
  withEdits,
  type PendingConfirmation,
} from "./conversation-state.js";
import type { LlmAssistant } from "./llm-assistant.js";
import type { OfflineAssistant } from "./skills/offline-assistant.js";
import { readMessage } from "./skills/reading.js";

/** How many earlier messages the language model sees. */
const historyWindow = 20;

export type AssistantEngine =
  { kind: "offline"; assistant: OfflineAssistant } | { kind: "llm"; assistant: LlmAssistant };

const notWaitingMessage =
  "That confirmation is no longer waiting, so nothing was changed. Ask again if you still want it.";

export function createChatService(deps: {
  chat: ChatRepository;
  annotations: AnnotationsService;
  properties: PropertiesService;
  categories: CategoriesService;
  /** The traffic analysis, for questions about what happened on a day or what is unexplained. */
  traffic?: TrafficService;
  /** The suggestion inbox, which the assistant lists and accepts from. */
  suggestions?: SuggestionsService;
  /** "Did the winter sale work?": an annotation's measured impact. */
  impact?: Pick<ImpactService, "forAnnotation">;
  /** "Why did sessions jump on the 17th?": the day's ranked causes. */
  explain?: Pick<ExplainService, "explain">;
  /** The operation catalogue's services: the model's read-only catalogue tools run on them. */
  operations?: OperationServices;
  engine: AssistantEngine;
  /** How many messages the person may send: the free plan's day, Premium's fair use. */
  allowance: AssistantAllowance;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { chat } = deps;

  async function ownedSession(user: User, sessionId: string) {
    const session = await chat.findSession(user.id, sessionId);
    if (!session) throw new AppError("chat_not_found", errorMessages.chatNotFound);
    return session;
  }

  const plain = (reply: string, extra: Partial<AssistantTurn> = {}): AssistantTurn => ({
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
      memory: written ? { focus: focusOn(pending.propertyId, written) } : {},
    });
  }

  function cancelled(pending: PendingConfirmation): AssistantTurn {
    return plain(cancelledReply(pending));
  }

  /**
   * A typed reply to a waiting confirmation: a clear yes carries it out; no cancels it; an
   * "ok" or "sure" keeps it waiting and asks for the clear yes; anything else drops it and is
   * answered as a message of its own.
   */
  async function settleTyped(
    session: ChatSession,
    actions: AssistantActions,
    message: string,
    today: CalendarDate,
  ): Promise<AssistantTurn | null> {
    const stored = session.pendingAction;
    if (!stored) return null;
    if (!isLive(stored, now())) {
      await actions.dropConfirmation();
      return null;
    }
    const decision = readTypedDecision(message, stored.kind);
    if (decision === "agreement") {
      return plain(clearYesNeeded(stored), { confirmation: stored });
    }
    if (decision === "confirm") {
      const taken = await chat.takePendingAction(session.id, stored.id);
      return taken ? carryOut(actions, taken) : plain(notWaitingMessage);
    }
    // A change of "it" typed while a draft waits edits the draft, which waits again as changed.
    if (decision === "other" && stored.kind !== "delete" && deps.engine.kind === "offline") {
      const reading = readMessage({ message, today, categoryNames: [] });
      const proposed = draftFollowUp(stored, reading);
      const edits = proposed && chatDraftEdits.safeParse(proposed).success ? proposed : undefined;
      const edited = edits ? withEdits(stored, edits) : null;
      // "it" while a draft waits is the draft: a change of it the card cannot take here (a
      // category, a day before its start) keeps the draft waiting, never lands on another one.
      if (!edited && reading.intent === "update" && reading.pointsBack && !reading.target)
        return plain(
          `I couldn't make that change on the draft here, so it waits as it was: change it on the card, or press Edit.\n${confirmationPrompt(stored)}`,
          { confirmation: stored },
        );
      if (edited) {
        const waiting = { ...edited, id: randomUUID(), expiresAt: stored.expiresAt };
        await chat.setPendingAction(session.id, waiting);
        return plain(
          `I've changed the draft; nothing is written yet.\n${confirmationPrompt(waiting)}`,
          {
            confirmation: waiting,
          },
        );
      }
    }
    await actions.dropConfirmation();
    return decision === "cancel" ? cancelled(stored) : null;
  }

  async function finish(
    session: ChatSession,
    turn: AssistantTurn,
    detectedPropertyId: string | null,
  ): Promise<SendChatResponse> {
    if (turn.memory !== undefined) await chat.setMemory(session.id, turn.memory);
    // A language model may answer with anything; what is stored and shown is clean text.
    const reply = toSafeText(turn.reply);
    await chat.addMessage(session.id, "assistant", reply);
    return {
      sessionId: session.id,
      showAnnotations: turn.showAnnotations,
      detectedPropertyId,
      suggestedInput: turn.suggestedInput,
      reply,
      confirmation: turn.confirmation ? toChatConfirmation(turn.confirmation) : null,
      card: turn.card ?? null,
    };
  }

  return {
    async send(user: User, request: SendChatRequest): Promise<SendChatResponse> {
      const existing = request.sessionId ? await ownedSession(user, request.sessionId) : null;
      await deps.allowance.take(user);
      const propertyId = request.propertyId ?? existing?.propertyId ?? null;
      const session =
        existing ??
        (await chat.createSession(user.id, propertyId, dataRetention.chatConversationsKept));
      if (propertyId && propertyId !== session.propertyId)
        await chat.setProperty(session.id, propertyId);

      const history = existing ? await chat.messages(session.id) : [];
      await chat.addMessage(session.id, "user", request.message);

      // The property's calendar, as GA4 dates its annotations; the person's own only when no
      // property is chosen (or its zone is not known yet).
      const propertyZone = propertyId ? await deps.properties.timeZoneOf(user, propertyId) : null;
      const timeZone = propertyZone ?? request.timeZone ?? "UTC";
      const today = calendarDateOf(now(), timeZone);
      const refusals = new Set<ErrorCode>();
      const actionsFor = (forProperty: string | null) =>
        createAssistantActions(deps, {
          user,
          sessionId: session.id,
          propertyId: forProperty,
          now: now(),
          today,
          timeZone: forProperty === propertyId ? propertyZone : null,
          refusals,
        });
      const actions = actionsFor(propertyId);
      let turn = await settleTyped(session, actions, request.message, today);
      if (!turn) {
        turn =
          deps.engine.kind === "offline"
            ? await deps.engine.assistant.respond({
                actions,
                message: request.message,
                today,
                propertyId,
                memory: session.memory ?? {},
                actionsFor,
              })
            : await deps.engine.assistant.respond({
                user,
                actions,
                message: request.message,
                today,
                timeZone,
                propertyId,
                actionsFor,
                history: toModelMessages(history.slice(-historyWindow)),
              });
      }
      // The engine's reading decides whether the message moved the conversation to a property.
      if (turn.propertyId && turn.propertyId !== session.propertyId)
        await chat.setProperty(session.id, turn.propertyId);
      return finish(session, withLimitOffer(turn, user, refusals), turn.propertyId ?? null);
    },

    /** The person's Confirm, Cancel or Edit button for the confirmation the server issued. */
    async settle(
      user: User,
      sessionId: string,
      request: SettleConfirmationRequest,
    ): Promise<SendChatResponse> {
      const session = await ownedSession(user, sessionId);
      const stored = session.pendingAction;
      if (!stored || stored.id !== request.confirmationId || !isLive(stored, now())) {
        throw new AppError("confirmation_not_waiting", notWaitingMessage);
      }
      const refusals = new Set<ErrorCode>();
      const actions = createAssistantActions(deps, {
        user,
        sessionId: session.id,
        propertyId: stored.propertyId,
        now: now(),
        timeZone: await deps.properties.timeZoneOf(user, stored.propertyId),
        refusals,
      });
      // Fields edited in place on a draft card: checked before the action is taken, so a
      // refused edit leaves the card waiting as it was.
      if (request.draft && stored.kind === "delete")
        throw new AppError("invalid_request", "A deletion has no fields to edit");
      // A day after the property's today is refused here, while the card still waits.
      if (request.draft && stored.kind === "create") {
        const zone = await deps.properties.timeZoneOf(user, stored.propertyId);
        const today = toIsoDate(calendarDateOf(now(), zone ?? "UTC"));
        if (request.draft.startDate > today || (request.draft.endDate ?? "") > today)
          throw new AppError("invalid_request", errorMessages.futureDate);
      }
      const edited =
        request.draft && stored.kind !== "delete" ? withEdits(stored, request.draft) : stored;
      const taken = await chat.takePendingAction(session.id, request.confirmationId);
      if (!taken) throw new AppError("confirmation_not_waiting", notWaitingMessage);
      const label = {
        confirm: confirmButtonLabels[taken.kind],
        cancel: "Cancel",
        edit: "Edit",
      }[request.decision];
      await chat.addMessage(session.id, "user", label);
      const turn =
        request.decision === "confirm"
          ? edited
            ? await carryOut(actions, edited)
            : plain(nothingEditedReply(taken), { memory: {} })
          : request.decision === "edit"
            ? plain(openedInFormReply(taken))
            : cancelled(taken);
      return finish(session, withLimitOffer(turn, user, refusals), null);
    },

    async history(user: User, sessionId: string): Promise<ChatHistoryResponse> {
      const session = await ownedSession(user, sessionId);
      const messages = (await chat.messages(sessionId)).map((message) => ({
        id: message.id,
        role: message.role as "user" | "assistant",
        content: message.content,
        timestamp: message.createdAt.getTime(),
      }));
      const pending = session.pendingAction;
      return {
        messages,
        confirmation: isLive(pending, now()) ? toChatConfirmation(pending) : null,
      };
    },

    async clear(user: User, sessionId: string): Promise<void> {
      if (!(await chat.deleteSession(user.id, sessionId))) {
        throw new AppError("chat_not_found", errorMessages.chatNotFound);
      }
    },
  };
}

/**
 * A turn that met the day's annotation limit, with the limit's card when Premium would give more:
 * the reply says when the allowance resets, the card offers the way past it (as the plan card
 * does). A turn with a card or a waiting confirmation of its own keeps it.
 */
function withLimitOffer(turn: AssistantTurn, user: User, refusals: Set<ErrorCode>): AssistantTurn {
  if (!refusals.has("daily_limit") || turn.card || turn.confirmation) return turn;
  const offer = moreAnnotationsOffer(
    isSubscriptionTier(user.subscriptionTier) ? user.subscriptionTier : null,
  );
  return offer ? { ...turn, card: { kind: "limit", offer } } : turn;
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

function toModelMessages(messages: { role: string; content: string }[]): ModelMessage[] {
  return messages.map((message) =>
    message.role === "assistant"
      ? { role: "assistant", content: message.content }
      : { role: "user", content: message.content },
  );
}

export type ChatService = ReturnType<typeof createChatService>;
