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
import { errorMessages, type ErrorCode } from "../../../shared/contracts/errors.js";
import { dataRetention } from "../../../shared/data-retention.js";
import { isSubscriptionTier, moreAnnotationsOffer } from "../../../shared/plans.js";
import type { AnnotationsService } from "../annotations/annotations-service.js";
import type { CategoriesService } from "../categories/categories-service.js";
import type { PropertiesService } from "../properties/properties-service.js";
import type { OperationServices } from "../../operations/operation.js";
import type { ExplainService } from "../impact/explain-service.js";
import type { ImpactService } from "../impact/impact-service.js";
import { createAssistantActions } from "./assistant-actions.js";
import type { AssistantAllowance } from "./assistant-allowance.js";
import type { AssistantTurn } from "./assistant-reply.js";
import {
  buttonTurn,
  notWaitingMessage,
  settleTyped,
  withCardEdits,
} from "./chat-confirmation-turns.js";
import type { ChatRepository } from "./chat-repository.js";
import { isLive, toChatConfirmation } from "./conversation-state.js";
import type { LlmAssistant } from "./llm-assistant.js";
import type { OfflineAssistant } from "./skills/offline-assistant.js";

/** How many earlier messages the language model sees. */
const historyWindow = 20;

export type AssistantEngine =
  { kind: "offline"; assistant: OfflineAssistant } | { kind: "llm"; assistant: LlmAssistant };

export interface ChatServiceDeps {
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
}

/** The person's conversation for a message: theirs if named, else a new one (oldest dropped). */
async function sessionFor(
  deps: ChatServiceDeps,
  user: User,
  request: SendChatRequest,
): Promise<{ session: ChatSession; propertyId: string | null; isNew: boolean }> {
  const { chat } = deps;
  const existing = request.sessionId ? await ownedSession(chat, user, request.sessionId) : null;
  await deps.allowance.take(user);
  const propertyId = request.propertyId ?? existing?.propertyId ?? null;
  const session =
    existing ??
    (await chat.createSession(user.id, propertyId, dataRetention.chatConversationsKept));
  if (propertyId && propertyId !== session.propertyId)
    await chat.setProperty(session.id, propertyId);
  return { session, propertyId, isNew: !existing };
}

async function ownedSession(chat: ChatRepository, user: User, sessionId: string) {
  const session = await chat.findSession(user.id, sessionId);
  if (!session) throw new AppError("chat_not_found", errorMessages.chatNotFound);
  return session;
}

/** The turn's reply stored as clean text, with what the page needs to show beside it. */
async function finish(
  chat: ChatRepository,
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

/** A message the person typed, answered by the engine unless it settled a waiting confirmation. */
async function send(
  deps: ChatServiceDeps,
  now: () => Date,
  user: User,
  request: SendChatRequest,
): Promise<SendChatResponse> {
  const { chat } = deps;
  const { session, propertyId, isNew } = await sessionFor(deps, user, request);
  const history = isNew ? [] : await chat.messages(session.id);
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
  const setting = { chat, now: now(), readsDrafts: deps.engine.kind === "offline" };
  let turn = await settleTyped(setting, session, actions, request.message, today);
  if (!turn) {
    const given = { actions, message: request.message, today, propertyId, actionsFor };
    turn =
      deps.engine.kind === "offline"
        ? await deps.engine.assistant.respond({ ...given, memory: session.memory ?? {} })
        : await deps.engine.assistant.respond({
            ...given,
            user,
            timeZone,
            history: toModelMessages(history.slice(-historyWindow)),
          });
  }
  // The engine's reading decides whether the message moved the conversation to a property.
  if (turn.propertyId && turn.propertyId !== session.propertyId)
    await chat.setProperty(session.id, turn.propertyId);
  return finish(chat, session, withLimitOffer(turn, user, refusals), turn.propertyId ?? null);
}

/** The person's Confirm, Cancel or Edit button for the confirmation the server issued. */
async function settle(
  deps: ChatServiceDeps,
  now: () => Date,
  user: User,
  sessionId: string,
  request: SettleConfirmationRequest,
): Promise<SendChatResponse> {
  const { chat } = deps;
  const session = await ownedSession(chat, user, sessionId);
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
  const edited = await withCardEdits(deps.properties, user, stored, request, now());
  const taken = await chat.takePendingAction(session.id, request.confirmationId);
  if (!taken) throw new AppError("confirmation_not_waiting", notWaitingMessage);
  const { label, turn } = await buttonTurn(actions, taken, edited, request.decision);
  await chat.addMessage(session.id, "user", label);
  return finish(chat, session, withLimitOffer(turn, user, refusals), null);
}

export function createChatService(deps: ChatServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const { chat } = deps;
  return {
    send: (user: User, request: SendChatRequest) => send(deps, now, user, request),

    settle: (user: User, sessionId: string, request: SettleConfirmationRequest) =>
      settle(deps, now, user, sessionId, request),

    async history(user: User, sessionId: string): Promise<ChatHistoryResponse> {
      const session = await ownedSession(chat, user, sessionId);
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

function toModelMessages(messages: { role: string; content: string }[]): ModelMessage[] {
  return messages.map((message) =>
    message.role === "assistant"
      ? { role: "assistant", content: message.content }
      : { role: "user", content: message.content },
  );
}

export type ChatService = ReturnType<typeof createChatService>;
