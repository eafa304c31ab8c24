/**
 * Stage 6 of the offline engine: act, or ask one short question. What every request shares is
 * answered here — a request that failed to resolve, a category outside the plan or to choose, a
 * period that cannot be read, no property, several annotations to choose between — and the rest
 * by the capability whose intent it is. Every action goes through the assistant's actions (the
 * same services as the REST routes); what the conversation should remember is part of the answer.
 */
import { toIsoDate, type CalendarDate } from "../../../../shared/calendar-date.js";
import type { Category } from "../../../../shared/contracts/categories.js";
import { suggestedRequestPointer } from "../../../../shared/suggested-request.js";
import type { AssistantActions } from "../assistant-actions.js";
import { noPropertyMessage } from "../assistant-rules.js";
import type { AssistantTurn } from "../assistant-reply.js";
import type { ConversationMemory, PendingQuestion } from "../conversation-state.js";
import { askedBefore } from "../offline-engine/follow-up.js";
import { piecesToRemember } from "../offline-engine/continue-conversation.js";
import { createRequestText, unreadPeriodReply } from "../offline-engine/reply-text.js";
import type { Understanding } from "../offline-engine/understanding.js";
import { skillFor } from "./registry.js";
import { describeCandidates, type Resolution } from "./resolve.js";

export { helpTextFor } from "../offline-engine/reply-text.js";

export interface ActContext {
  actions: AssistantActions;
  today: CalendarDate;
  propertyId: string | null;
  memory: ConversationMemory;
  /** The person's categories (none on a plan without them), to name each listed annotation's. */
  categories?: readonly Category[];
}

type Reply = (text: string, extra?: Partial<AssistantTurn>) => AssistantTurn;

/** A request that did not resolve; one that may have meant a new annotation offers its create. */
function failedReply(
  reply: Reply,
  resolution: Extract<Resolution, { kind: "failed" }>,
  today: CalendarDate,
  keep: ConversationMemory,
): AssistantTurn {
  const waiting = resolution.waitsForTarget;
  // "sorry, I meant the TikTok one": the change waits for the annotation it was meant for.
  if (waiting)
    return reply(`${resolution.message} Which one did you mean? Say its title, or “cancel”.`, {
      memory: {
        ...keep,
        question: {
          intent: waiting.intent as "update" | "delete",
          asked: "target",
          known: piecesToRemember(waiting),
        },
      },
    });
  const offer = resolution.offerCreate;
  if (!offer) return reply(resolution.message);
  // The person may have meant a new annotation: their words, as a create, wait in the input box.
  return reply(
    `${resolution.message} To create it in ${offer.category.name}, ${suggestedRequestPointer} and send it.`,
    {
      suggestedInput: createRequestText(
        { intent: "create", title: offer.title, missing: [] },
        today,
        offer.category.name,
      ),
    },
  );
}

/**
 * Categories are Premium: nothing is written with one. A create is not made without the
 * category the person asked for; their request, without it, waits in the input box instead.
 */
function premiumCategoryReply(
  reply: Reply,
  understood: Understanding,
  message: string,
  today: CalendarDate,
): AssistantTurn {
  if (understood.intent === "create" && understood.title && !understood.missing.includes("date"))
    return reply(
      `${message} I haven't created “${understood.title}”. To add it without a category, ${suggestedRequestPointer} and send it.`,
      { suggestedInput: createRequestText(understood, today) },
    );
  if (understood.intent === "list")
    return reply(
      `${message} I can list this property's annotations by date, colour or words in their titles.`,
    );
  return reply(`${message} Nothing was changed.`);
}

export async function act(resolution: Resolution, context: ActContext): Promise<AssistantTurn> {
  const { actions, today, memory } = context;
  // Answers keep the focus unless they change it; a question is open only until the next turn.
  const keep: ConversationMemory = memory.focus ? { focus: memory.focus } : {};
  const reply = (text: string, extra: Partial<AssistantTurn> = {}): AssistantTurn => ({
    reply: text,
    showAnnotations: false,
    suggestedInput: null,
    memory: keep,
    ...extra,
  });
  const ask = (
    text: string,
    question: PendingQuestion,
    extra: Partial<AssistantTurn> = {},
  ): AssistantTurn => reply(text, { memory: { ...keep, question }, ...extra });

  if (resolution.kind === "failed") return failedReply(reply, resolution, today, keep);
  const understood = resolution.understanding;
  if (resolution.kind === "premiumCategory")
    return premiumCategoryReply(reply, understood, resolution.message, today);
  if (resolution.kind === "chooseCategory") {
    return ask(resolution.message, {
      intent: understood.intent as PendingQuestion["intent"],
      asked: "category",
      known: piecesToRemember({ ...understood, category: undefined }),
      categoryOptions: resolution.candidates.map((c) => c.name),
    });
  }
  if (understood.missing.includes("period"))
    return reply(unreadPeriodReply(understood.unreadPeriod ?? "that period"));
  if (skillFor(understood.intent).needsProperty && !context.propertyId)
    return reply(noPropertyMessage);
  const propertyId = context.propertyId ?? "";
  const category = resolution.category;

  if (resolution.kind === "choose") {
    return ask(
      `Several annotations match. Which one do you mean?\n${describeCandidates(resolution.candidates)}`,
      {
        intent: understood.intent as "update" | "delete",
        asked: "choice",
        known: piecesToRemember(understood),
        options: resolution.candidates.map((a) => ({
          annotationId: a.annotationId,
          title: a.title,
          date: toIsoDate(a.annotationDate),
        })),
      },
    );
  }

  const skill = skillFor(understood.intent);
  const turn = await skill.act({
    understood,
    resolution,
    actions,
    today,
    propertyId,
    memory,
    category,
    categories: context.categories ?? [],
    reply,
    ask,
    keep,
  });
  // A list or traffic question is kept for the next turn ("and Sunday?", "same for September"),
  // and so are an undo ("once more") and a deletion ("and the printer one too").
  const asked = askedBefore(understood);
  return asked ? { ...turn, memory: { ...(turn.memory ?? keep), asked } } : turn;
}
