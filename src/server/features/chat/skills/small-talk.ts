/**
 * The rest of a conversation: help, today's allowance, reminders (which Tidemark does not set),
 * a yes or a no with nothing waiting, the person's properties, and what is not a request at all —
 * a dated happening told ("the site was down yesterday afternoon") is offered as an annotation.
 */
import { compareDates, toIsoDate } from "../../../../shared/calendar-date.js";
import { dailyResetText } from "../../../../shared/daily-quota.js";
import { suggestedRequestPointer } from "../../../../shared/suggested-request.js";
import { findDate } from "../offline-engine/extract-dates.js";
import { replyPatterns, type CapabilityWords } from "../offline-engine/intents.js";
import { createRequestText, helpTextFor } from "../offline-engine/reply-text.js";
import { QUESTION_START, titleFromStory, type SlotInput } from "../offline-engine/slots.js";
import type { Understanding } from "../offline-engine/understanding.js";
import type { Skill, SkillTurn } from "./skill.js";
import { productAnswer, productAsked, productQuestion } from "./product-questions.js";

function readSlots(input: SlotInput): Understanding {
  const { rest, quotes, today, understanding } = input;
  // "how do I add a range of days?": a question about Tidemark, answered in so many words.
  const topic =
    understanding.intent === "unknown" || understanding.intent === "help"
      ? productQuestion(input.reading.rest)
      : undefined;
  if (topic) return { ...understanding, intent: "help", helpTopic: topic };
  if (understanding.intent !== "unknown") return understanding;
  // "the site was down from 2pm to 4pm yesterday": a dated happening told, not a request.
  // Its title and day are kept so the reply can offer to note it; nothing is written unasked.
  if (/\?\s*$/.test(rest) || QUESTION_START.test(rest)) return understanding;
  const day = findDate(rest, today);
  const title = day && compareDates(day.date, today) <= 0 && titleFromStory(rest, quotes, today);
  if (day && title) return { ...understanding, title, date: day.date };
  return understanding;
}

/** What the assistant can do, for the person's plan: Premium's own items carry no "(Premium)". */
async function helpFor(turn: SkillTurn): Promise<string> {
  return helpTextFor({ premium: (await turn.actions.mayChange("edit")).ok });
}

async function act(turn: SkillTurn) {
  const { understood, actions, today, reply, ask } = turn;
  switch (understood.intent) {
    case "help":
      return reply(
        understood.helpTopic
          ? productAnswer(understood.helpTopic, (await actions.mayChange("edit")).ok)
          : await helpFor(turn),
      );

    case "allowance": {
      const { used, quota, resets = dailyResetText(null) } = actions.dailyAllowance();
      const left = Math.max(0, quota - used);
      // In the plan card's words, from the same helper.
      return reply(
        left === 0
          ? `Daily limit reached: all ${quota} of today's annotations are used. ${resets}.`
          : `You've added ${used} of your ${quota} annotations today, so ${left} ${left === 1 ? "is" : "are"} left. ${resets}.`,
      );
    }

    case "reminder":
      return reply(
        "I can't set reminders. Annotations mark what happened on a day, so your traffic can be read against it: once it has happened, tell me and I'll note it.",
      );

    case "confirm":
      return reply("There is nothing waiting for your confirmation.");

    case "cancel":
      return reply("Okay, nothing to cancel.");

    case "list_properties": {
      const result = await actions.listProperties();
      if (!result.ok) return reply(result.error);
      if (result.value.length === 0)
        return reply("You have no saved properties yet. Choose one in the property picker above.");
      const lines = result.value.map(
        (p) =>
          `• ${p.name} (ID ${p.propertyId})${p.locked ? " — your free plan's property" : ""}${p.canEdit === false ? " — read-only for your Google account" : ""}`,
      );
      return reply(`Your saved properties:\n${lines.join("\n")}`);
    }

    default:
      // The day told stays with the offer: "yes, call it …" names it on that day.
      if (understood.intent === "unknown" && understood.title && understood.date)
        return ask(
          `Shall I note that on ${toIsoDate(understood.date)}? I've written it out as an annotation: ${suggestedRequestPointer}, then send it as it is or change it first.`,
          {
            intent: "create",
            asked: "title",
            offer: true,
            known: { date: toIsoDate(understood.date) },
          },
          {
            suggestedInput: createRequestText(
              { intent: "create", title: understood.title, date: understood.date, missing: [] },
              today,
            ),
          },
        );
      return reply(`Sorry, I didn't understand that. ${await helpFor(turn)}`);
  }
}

const HELP =
  /^(?:help|help\s+me|\?+|what\s+can\s+(?:you|i)\s+do(?:\s+here)?|what\s+do\s+you\s+do|what\s+are\s+you|how\s+does\s+(?:this|it)\s+work|how\s+do\s+i\s+use\s+(?:this|you|it)|how\s+(?:do|does)\s+(?:this|it)\s+work|what\s+(?:are\s+)?(?:the\s+|your\s+)?commands|commands|what\s+commands(?:\s+(?:are\s+there|do\s+you\s+(?:have|know|support)))?|instructions|usage|what\s+can\s+you\s+help\s+(?:me\s+)?with|how\s+can\s+you\s+help(?:\s+me)?|what\s+(?:can|should)\s+i\s+(?:say|ask|type)|show\s+(?:me\s+)?(?:the\s+)?help|getting\s+started|hi|hello|hey)(?:\s+(?:please|here|with\s+this))?$/i;
/**
 * Asking what the assistant does, or how to ask it: "what kind of stuff can you do?", "what do I
 * type to add something?", "how do I make a note?". Asking how to do something in GA4 ("how do
 * I add another user") is not help with Tidemark.
 */
const HELP_ASKED =
  /^(?:what\s+(?:else\s+)?(?:kinds?|sorts?|types?)\s+of\s+(?:stuff|things|requests|questions|commands)\s+(?:can|do|could|should)\s+(?:you|i)\b|what\s+else\s+can\s+(?:you|i)\s+do\b|what\s+(?:can|do)\s+you\s+(?:actually|really|even|exactly)\s+do\b|what\s+(?:are\s+you|is\s+this)\s+(?:able\s+to|capable\s+of|for)\b|what\s+can\s+you\s+do\s+for\s+(?:me|us)\b|what\s+(?:do|should|can|would)\s+i\s+(?:type|say|write|ask|enter)\b|how\s+(?:do|can|should)\s+i\s+(?:add|create|make|log|write|put|use|talk\s+to|ask)\s+(?:(?:a|an|new|one|some)\s+)*(?:annotations?|notes?|markers?|something|stuff|things|one|you|this|it)\b|how\s+(?:does|do)\s+(?:this|it|you)\s+work\b|what\s+can\s+(?:this(?:\s+(?:thing|bot|assistant|chat))?|it|the\s+(?:assistant|bot|chat))\s+do\b|what(?:'s|\s+is)\s+possible\b|(?:i'm|i\s+am)\s+(?:lost|confused|stuck)\b)/i;

// Asked of Tidemark ("remind me to …", "could you set a reminder"), not a story about reminder
// emails someone set up.
const REMINDER =
  /(?:^|[,.!?;]\s*|\byou\s+(?:please\s+)?|\bplease\s+|\bjust\s+)(?:remind\s+(?:me|us)\s+(?:to|that|next|tomorrow|on|in|at)\b|(?:set|create|add|make|schedule)\s+(?:me\s+)?(?:up\s+)?(?:a\s+|an\s+)?reminders?\b(?!\s+(?:e-?mails?|campaigns?|sequences?|flows?|messages?|notifications?)))/i;

// Asked, not told: "how many can I still add?", "what's my daily limit?" — never "log that we
// raised the daily limit".
const ALLOWANCE =
  /^is\s+there\s+(?:a|any)\s+(?:daily\s+)?(?:limit|quota|cap)\b|^how\s+much\s+(?:of\s+)?(?:my\s+|the\s+)?(?:daily\s+)?(?:quota|allowance)\b|^(?:did|have|has|am|are)\s+i\s+(?:already\s+)?(?:hit|reached|reach|used\s+up|use\s+up|run\s+out\s+of|ran\s+out\s+of|gone\s+over|exceeded|at|over)\s+(?:my|the|today's)\s+(?:daily\s+)?(?:annotation\s+)?(?:quota|limit|allowance)\b|\bhow\s+many\s+(?:more\s+)?(?:annotations?\s+|notes?\s+)?(?:can\s+i\s+(?:still\s+)?(?:add|create|make|log)|(?:do\s+i\s+have\s+)?(?:left|remaining))\b|^(?:(?:what(?:'s|s|\s+is)|check|show(?:\s+me)?|tell\s+me)\s+)?(?:my|the)\s+(?:daily\s+)?(?:annotation\s+)?(?:quota|limit|allowance)(?:\s+(?:today|for\s+today))?[\s?.!]*$|^(?:annotations?|notes?)\s+(?:left|remaining)(?:\s+today)?[\s?.!]*$/i;

/** The words that claim a whole message for this capability (see `CapabilityWords`). */
export const smallTalkIntentWords = {
  help: { whole: HELP, asked: new RegExp(`${HELP_ASKED.source}|${productAsked.source}`, "iu") },
  reminder: REMINDER,
  allowance: ALLOWANCE,
} satisfies Partial<CapabilityWords>;

export const smallTalk: Skill = {
  name: "small-talk",
  intents: ["help", "allowance", "reminder", "confirm", "cancel", "list_properties", "unknown"],
  patterns: [...replyPatterns, HELP, HELP_ASKED, REMINDER, ALLOWANCE],
  needsProperty: false,
  readSlots,
  act,
};
