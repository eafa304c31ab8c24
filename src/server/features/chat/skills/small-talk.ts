/**
 * The rest of a conversation: help, today's allowance, reminders (which Tidemark does not set),
 * a yes or a no with nothing waiting, the person's properties, and what is not a request at all —
 * a dated happening told ("the site was down yesterday afternoon") is offered as an annotation.
 */
import { z } from "zod";
import { compareDates, toIsoDate } from "../../../../shared/calendar-date.js";
import { dailyResetText } from "../../../../shared/daily-quota.js";
import { suggestedRequestPointer } from "../../../../shared/suggested-request.js";
import { findDate } from "../offline-engine/extract-dates.js";
import { intentPatterns } from "../offline-engine/intents.js";
import { createRequestText, helpTextFor } from "../offline-engine/reply-text.js";
import { QUESTION_START, titleFromStory, type SlotInput } from "../offline-engine/slots.js";
import type { Understanding } from "../offline-engine/understanding.js";
import type { Skill, SkillTurn } from "./skill.js";
import { noted, type ToolContext, tool } from "./tool-turn.js";

function readSlots(input: SlotInput): Understanding {
  const { rest, quotes, today, understanding } = input;
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
      return reply(await helpFor(turn));

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

export function listPropertiesTool({ actions, turn }: ToolContext) {
  return tool({
    description: "List the GA4 properties the person has saved in Tidemark.",
    inputSchema: z.object({}),
    execute: async () => noted(turn, await actions.listProperties()),
  });
}

export const smallTalk: Skill = {
  name: "small-talk",
  intents: ["help", "allowance", "reminder", "confirm", "cancel", "list_properties", "unknown"],
  patterns: intentPatterns.smallTalk,
  needsProperty: false,
  readSlots,
  act,
  tools: (context) => ({ listProperties: listPropertiesTool(context) }),
};
