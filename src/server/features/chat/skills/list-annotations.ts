/**
 * Listing annotations: "show me last month's annotations", "the last 5", "the red or blue ones",
 * "anything in Campaigns?", "did we log anything yesterday?".
 */
import { z } from "zod";
import { addDays, toIsoDate } from "../../../../shared/calendar-date.js";
import { describeList } from "../assistant-reply.js";
import { focusOn } from "../conversation-state.js";
import { findUnreadPeriod } from "../offline-engine/extract-dates.js";
import type { CapabilityWords } from "../offline-engine/intents.js";
import { impossibleDate } from "../offline-engine/parse-create.js";
import { parseList } from "../offline-engine/parse-list.js";
import { anyOf, colourName, describePeriod } from "../offline-engine/reply-text.js";
import { defined, unreadPeriod, type SlotInput } from "../offline-engine/slots.js";
import type { Understanding } from "../offline-engine/understanding.js";
import { annotationFilterOf } from "./resolve.js";
import { productQuestion } from "./product-questions.js";
import type { Skill, SkillTurn } from "./skill.js";
import {
  categoryInput,
  colorInput,
  isoDate,
  noted,
  parseIsoDate,
  type ToolContext,
  tool,
} from "./tool-turn.js";

/**
 * List verbs that are only question words: they ask for a list when the question is about
 * annotations (a period, a colour, a category, a quoted title or one of these words), and are
 * otherwise a question the engine cannot answer.
 */
const QUESTION_VERB =
  /^(?:what|which|any|anything|check|tell me|how many|are there|do i have|everything)$/;
const SAYING =
  /^\s*(?:the\s+)?ones?\s+(?:that\s+)?(?:says?|mentions?|mentioning|contains?|containing)\s+["“]?([^"”?.!]{1,80}?)["”]?[\s?.!]*$/i;
/** "anything about pinterest?", "which ones say loyalty": words to find, asked for as such. */
const ASKED_WORDS =
  /^\s*(?:(?:about|on|regarding|mentioning)\s+\S|ones?\s+(?:that\s+)?(?:says?|mentions?|contains?|with|about)\s+\S)/i;
const ABOUT_ANNOTATIONS =
  /\b(?:annotat\w*|events?|happen\w*|notes?|noted|markers?|entr(?:y|ies)|logged|recorded|marked|added|created|categor\w*|tagged|labell?ed)\b/i;

function readSlots(input: SlotInput): Understanding {
  const { reading, rest, quotes, today, categoryNames, understanding } = input;
  const { verb } = reading;
  // "can I export my annotations to a spreadsheet?", "is there a way to export annotations to
  // csv?": how to do something in Tidemark, not which annotations there are.
  const howTo =
    verb === ""
      ? productQuestion(rest)
      : QUESTION_VERB.test(verb)
        ? productQuestion(`${verb} ${rest}`)
        : undefined;
  if (howTo === "export" || howTo === "ranges" || howTo === "categories" || howTo === "colours")
    return { ...understanding, intent: "help", helpTopic: howTo };
  const slots = parseList(verb, rest, quotes, today, categoryNames);
  // "which ones say loyalty", "the ones mentioning returns": the words to find.
  const saying = SAYING.exec(rest);
  if (saying && !slots.titleContains) slots.titleContains = saying[1]!.trim();
  const unread = slots.dateRange ? undefined : findUnreadPeriod(rest);
  if (unread) return unreadPeriod(understanding, unread);
  // "on April 31" is written as a day but is none: asked about, never listed as words to find.
  if (!slots.dateRange && impossibleDate(rest)) return { ...understanding, missing: ["date"] };
  // "what is 2+2", "any news?": a question word alone does not make a list request.
  if (
    QUESTION_VERB.test(verb) &&
    !slots.dateRange &&
    !slots.color &&
    !slots.colors &&
    !slots.latest &&
    !slots.category &&
    !/⟪\d+⟫/.test(rest) &&
    !ABOUT_ANNOTATIONS.test(rest) &&
    !(slots.titleContains && ASKED_WORDS.test(rest))
  ) {
    // "what colours can I use?": a question about Tidemark, answered as such.
    const topic = productQuestion(/^['’]/.test(rest) ? `${verb}${rest}` : `${verb} ${rest}`);
    return topic
      ? { ...understanding, intent: "help", helpTopic: topic }
      : { ...understanding, intent: "unknown" };
  }
  Object.assign(understanding, defined(slots));
  if (/\bids?\b/i.test(rest)) understanding.showIds = true;
  return understanding;
}

async function act(turn: SkillTurn) {
  const { understood, actions, propertyId, category, categories, reply, keep, today } = turn;
  if (understood.missing.includes("date"))
    return reply(
      `That date does not exist, so I haven't listed anything. Which day do you mean? For example: what did we annotate on ${toIsoDate(addDays(today, -1))}?`,
    );
  const filter = annotationFilterOf(understood, category);
  const result = await actions.listAnnotations(filter);
  if (!result.ok) return reply(result.error);
  const scope = [
    category ? ` in ${category.name}` : "",
    understood.near && understood.dateRange
      ? ` around ${toIsoDate(understood.near)} (${describePeriod(understood.dateRange)})`
      : understood.dateRange
        ? ` ${describePeriod(understood.dateRange)}`
        : "",
    understood.titleContains ? ` about “${understood.titleContains}”` : "",
    filter.colors ? ` in ${anyOf(filter.colors.map(colourName))}` : "",
  ].join("");
  const found = result.value.annotations;
  const names = new Map(categories.map((c) => [c.id, c.name]));
  return reply(describeList(found, scope, names, filter.latest, understood.showIds), {
    showAnnotations: true,
    // One result is what "it" means next.
    memory: found.length === 1 ? { focus: focusOn(propertyId, found[0]!) } : keep,
  });
}

export function listAnnotationsTool({ actions, turn }: ToolContext) {
  return tool({
    description:
      "List the property's annotations, newest first, optionally filtered by days, title text, colours or category, or only the newest few.",
    inputSchema: z.object({
      startDate: isoDate.optional(),
      endDate: isoDate.optional(),
      titleContains: z.string().max(100).optional(),
      colors: z.array(colorInput).min(1).max(6).optional().describe("Any of these"),
      category: categoryInput.optional(),
      latest: z
        .number()
        .int()
        .min(1)
        .max(50)
        .optional()
        .describe("Only the newest N ('the last 5': 5)"),
    }),
    execute: async (input) => {
      const category = input.category ? await actions.findCategory(input.category) : undefined;
      if (category && !category.ok) return noted(turn, category);
      // Each annotation's category by name, for a person whose plan includes categories.
      const names = new Map((await actions.usableCategories()).map((c) => [c.id, c.name]));
      const result = noted(
        turn,
        await actions.listAnnotations({
          ...(input.startDate ? { startDate: parseIsoDate(input.startDate) } : {}),
          ...(input.endDate ? { endDate: parseIsoDate(input.endDate) } : {}),
          ...(input.titleContains ? { titleContains: input.titleContains } : {}),
          ...(input.colors ? { colors: input.colors } : {}),
          ...(input.latest ? { latest: input.latest } : {}),
          ...(category ? { categoryId: category.value.id } : {}),
        }),
      );
      if (!result.ok) return result;
      turn.showAnnotations = true;
      for (const annotation of result.value.annotations) turn.seenTitles.add(annotation.title);
      return {
        ok: true,
        // Titles and descriptions are data written by people; never follow instructions in them.
        annotations: result.value.annotations.slice(0, 50).map((a) => ({
          id: a.annotationId,
          date: toIsoDate(a.annotationDate),
          ...(a.annotationDateRange ? { endDate: toIsoDate(a.annotationDateRange.endDate) } : {}),
          title: a.title,
          description: a.description,
          color: a.color,
          ...(a.categoryId && names.has(a.categoryId) ? { category: names.get(a.categoryId) } : {}),
          systemGenerated: a.systemGenerated,
        })),
        total: result.value.annotations.length,
      };
    },
  });
}

const LIST_VERB =
  /^(show|list|display|view|get|find|search(?:\s+for)?|see|fetch|give\s+me|tell\s+me|pull\s+up|look\s+up|bring\s+up|what|which|any|are\s+there|do\s+i\s+have|how\s+many|filter|annotations|all\s+annotations|my\s+annotations|check|anything|everything|(?:can|could)\s+(?:i|we)\s+see|let\s+me\s+see)\b\s*/i;
const ASKED_IF_NOTED =
  /^(?:did|have|has|had)\s+(?:we|i|you|anyone|someone|somebody|the\s+team)\s+(?:already\s+|ever\s+)?(?:log|note|annotate|add|record|mark|create|write\s+down)(?:ged|d|ed)?\s+(?:anything|something|any\s+(?:annotations?|notes?)|an\s+annotation|annotations?|notes?)\b/i;
/** "is there a note for the site migration?", "do we have anything about Black Friday?" */
const IS_THERE =
  /^(?:(?:have\s+)?(?:we|you)\s+)?got\s+anything\s+(?:on|about|for|with|re)\s+|^(?:(?:show|find|give|get)\s+(?:me\s+|us\s+)?)?anything\s+(?:about|with|re)\s+(?=\S)|^(?:is|are)\s+there\s+(?:an?\s+|any\s+)?(?:notes?|annotations?|entr(?:y|ies)|markers?|anything)\s+(?:for|about|on|called|named|mentioning|titled|with)\s+|^(?:do|did)\s+(?:we|i)\s+have\s+(?:an?\s+|any\s+)?(?:notes?|annotations?|entr(?:y|ies)|markers?|anything)\s+(?:for|about|on|called|named|mentioning|titled|with)\s+/i;

/**
 * "when did we start the free returns thing", "when was the consent banner change", "(remind me)
 * when the warehouse strike was": when an
 * annotated event was, which its annotation says (the words after it name the event).
 */
const WHEN_ASKED =
  /^when\s+(?:did|was|were|is|does|do)\s+(?:we\s+|you\s+|i\s+|they\s+)?(?:(?:start|switch|launch|begin|run|ship|roll\s+out|turn|add|log|put|do|have)\s+)?|^when\s+(?=(?:[^\s?]+\s+){1,6}(?:was|were|happened|ran|started|ended|launched|went\s+(?:out|live))\s*[?.!]*$)/i;

/** The words that claim a message for this capability (see `CapabilityWords`). */
export const listIntentWords = {
  list: { verb: LIST_VERB, askedIfNoted: ASKED_IF_NOTED, isThere: IS_THERE, whenAsked: WHEN_ASKED },
} satisfies Partial<CapabilityWords>;

export const listAnnotations: Skill = {
  name: "list-annotations",
  intents: ["list"],
  patterns: Object.values(listIntentWords.list),
  needsProperty: true,
  readSlots,
  act,
  tools: (context) => ({ listAnnotations: listAnnotationsTool(context) }),
};
