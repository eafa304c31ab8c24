import { errorMessages } from "../../../shared/contracts/errors.js";
import type { ModelMessage } from "ai";
import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import { calendarDateOf } from "../../../shared/calendar-date.js";
import type {
  ChatMessageView,
  SendChatRequest,
  SendChatResponse,
} from "../../../shared/contracts/chat.js";
import { toSafeText } from "../../../shared/contracts/clean-text.js";
import { startOfUtcDay } from "../../../shared/daily-quota.js";
import { capabilitiesOf } from "../../../shared/plans.js";
import type { AnnotationsService } from "../annotations/annotations-service.js";
import type { PropertiesService } from "../properties/properties-service.js";
import { createAssistantActions } from "./assistant-actions.js";
import { describeAnnotation, type AssistantTurn } from "./assistant-reply.js";
import type { ChatRepository } from "./chat-repository.js";
import type { LlmAssistant } from "./llm-assistant.js";
import { suggestCompletion, type OfflineAssistant } from "./offline-assistant.js";

/** How many earlier messages the language model sees. */
const historyWindow = 20;

/** Only a message that is nothing but a yes confirms: "ok, show me the list first" does not. */
const affirmative =
  /^\s*(yes|y|yep|yeah|yup|confirm(ed)?|do it|go ahead|ok(ay)?|sure|please do|yes,? (please|delete it|do it))[\s.!]*$/i;
const negative = /^\s*(no|nope|n|cancel|stop|don'?t|never ?mind|abort|keep it)\b/i;
/** "property 123456789", "property id: 123456789", "properties/123456789". */
const propertyMention = /\bpropert(?:y|ies)\s*(?:id)?\s*[:#/]?\s*(\d{5,20})\b/i;

export type AssistantEngine =
  { kind: "offline"; assistant: OfflineAssistant } | { kind: "llm"; assistant: LlmAssistant };

export function createChatService(deps: {
  chat: ChatRepository;
  annotations: AnnotationsService;
  properties: PropertiesService;
  engine: AssistantEngine;
  dailyMessageLimit: number;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { chat } = deps;

  async function ownedSession(user: User, sessionId: string) {
    const session = await chat.findSession(user.id, sessionId);
    if (!session) throw new AppError("chat_not_found", errorMessages.chatNotFound);
    return session;
  }

  return {
    async send(user: User, request: SendChatRequest): Promise<SendChatResponse> {
      const existing = request.sessionId ? await ownedSession(user, request.sessionId) : null;
      if (capabilitiesOf(user.subscriptionTier).hasDailyAssistantLimit) {
        const allowed = await chat.takeAssistantMessage(
          user.id,
          startOfUtcDay(now()),
          deps.dailyMessageLimit,
        );
        if (!allowed) {
          throw new AppError(
            "assistant_daily_limit",
            `You've used today's ${deps.dailyMessageLimit} assistant messages on the free plan. They reset at midnight UTC; the annotations table still works.`,
          );
        }
      }
      const detectedPropertyId = propertyMention.exec(request.message)?.[1] ?? null;
      const propertyId = detectedPropertyId ?? request.propertyId ?? existing?.propertyId ?? null;
      const session = existing ?? (await chat.createSession(user.id, propertyId));
      if (propertyId && propertyId !== session.propertyId)
        await chat.setProperty(session.id, propertyId);

      const history = existing ? await chat.messages(session.id) : [];
      await chat.addMessage(session.id, "user", request.message);

      const actions = createAssistantActions(deps, { user, sessionId: session.id, propertyId });
      let turn: AssistantTurn | null = null;
      const pending = session.pendingAction;
      if (pending) {
        if (affirmative.test(request.message)) {
          const result = await actions.confirmPending(pending);
          turn = {
            reply: result.ok ? `Deleted ${describeAnnotation(result.value)}.` : result.error,
            showAnnotations: result.ok,
            suggestedInput: null,
          };
        } else {
          // Anything but a yes drops the previewed action; a plain no ends the turn here.
          await actions.cancelPending();
          if (negative.test(request.message)) {
            turn = {
              reply: `Okay, I won't delete “${pending.snapshot.title}”.`,
              showAnnotations: false,
              suggestedInput: null,
            };
          }
        }
      }

      if (!turn) {
        const timeZone = request.timeZone ?? "UTC";
        const context = {
          user,
          actions,
          message: request.message,
          timeZone,
          today: calendarDateOf(now(), timeZone),
          propertyId,
        };
        if (deps.engine.kind === "offline") {
          turn = await deps.engine.assistant.respond({ ...context, now: now() });
        } else {
          turn = await deps.engine.assistant.respond({
            ...context,
            history: toModelMessages(history.slice(-historyWindow)),
          });
          if (!turn.showAnnotations && !turn.suggestedInput) {
            turn = {
              ...turn,
              suggestedInput: await suggestCompletion(request.message, {
                now: now(),
                timeZone,
                today: context.today,
              }),
            };
          }
        }
      }

      // A language model may answer with anything; what is stored and shown is clean text.
      const reply = toSafeText(turn.reply);
      await chat.addMessage(session.id, "assistant", reply);
      return {
        sessionId: session.id,
        showAnnotations: turn.showAnnotations,
        detectedPropertyId,
        suggestedInput: turn.suggestedInput,
        reply,
      };
    },

    async history(user: User, sessionId: string): Promise<ChatMessageView[]> {
      await ownedSession(user, sessionId);
      return (await chat.messages(sessionId)).map((message) => ({
        id: message.id,
        role: message.role as ChatMessageView["role"],
        content: message.content,
        timestamp: message.createdAt.getTime(),
      }));
    },

    async clear(user: User, sessionId: string): Promise<void> {
      if (!(await chat.deleteSession(user.id, sessionId))) {
        throw new AppError("chat_not_found", errorMessages.chatNotFound);
      }
    },
  };
}

function toModelMessages(messages: { role: string; content: string }[]): ModelMessage[] {
  return messages.map((message) =>
    message.role === "assistant"
      ? { role: "assistant", content: message.content }
      : { role: "user", content: message.content },
  );
}

export type ChatService = ReturnType<typeof createChatService>;
