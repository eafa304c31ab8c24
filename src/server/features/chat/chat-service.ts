import type { TrafficService } from "../traffic/traffic-service.js";
import type { SuggestionsService } from "../suggestions/suggestions-service.js";
import type { ModelMessage } from "ai";
import type { ChatSession, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import { calendarDateOf } from "../../../shared/calendar-date.js";
import type {
  ChatHistoryResponse,
  SendChatRequest,
  SendChatResponse,
  SettleConfirmationRequest,
} from "../../../shared/contracts/chat.js";
import { toSafeText } from "../../../shared/contracts/clean-text.js";
import { errorMessages } from "../../../shared/contracts/errors.js";
import { dataRetention } from "../../../shared/data-retention.js";
import type { AnnotationsService } from "../annotations/annotations-service.js";
import type { CategoriesService } from "../categories/categories-service.js";
import type { PropertiesService } from "../properties/properties-service.js";
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
  isLive,
  readTypedDecision,
  toChatConfirmation,
  type PendingConfirmation,
} from "./conversation-state.js";
import type { LlmAssistant } from "./llm-assistant.js";
import type { OfflineAssistant } from "./skills/offline-assistant.js";

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
    return plain(describeCarriedOut(result.value), {
      showAnnotations: wroteAnything(result.value),
      card: cardOf(result.value),
      memory: {},
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
  ): Promise<AssistantTurn | null> {
    const stored = session.pendingAction;
    if (!stored) return null;
    if (!isLive(stored, now())) {
      await actions.dropConfirmation();
      return null;
    }
    const decision = readTypedDecision(message);
    if (decision === "agreement") {
      return plain(clearYesNeeded(stored), { confirmation: stored });
    }
    if (decision === "confirm") {
      const taken = await chat.takePendingAction(session.id, stored.id);
      return taken ? carryOut(actions, taken) : plain(notWaitingMessage);
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
      const actionsFor = (forProperty: string | null) =>
        createAssistantActions(deps, {
          user,
          sessionId: session.id,
          propertyId: forProperty,
          now: now(),
          today,
        });
      const actions = actionsFor(propertyId);
      let turn = await settleTyped(session, actions, request.message);
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
      return finish(session, turn, turn.propertyId ?? null);
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
      const actions = createAssistantActions(deps, {
        user,
        sessionId: session.id,
        propertyId: stored.propertyId,
        now: now(),
      });
      const taken = await chat.takePendingAction(session.id, request.confirmationId);
      if (!taken) throw new AppError("confirmation_not_waiting", notWaitingMessage);
      const label = { confirm: "Confirm", cancel: "Cancel", edit: "Edit" }[request.decision];
      await chat.addMessage(session.id, "user", label);
      const turn =
        request.decision === "confirm"
          ? await carryOut(actions, taken)
          : request.decision === "edit"
            ? plain(openedInFormReply(taken))
            : cancelled(taken);
      return finish(session, turn, null);
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
