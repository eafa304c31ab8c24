/**
 * Changing one annotation: "rename “Sale” to “Winter sale”", "move the launch to Friday", "make
 * it red", "the launch was really on the 14th", "put it in Incidents".
 */
import { tool } from "ai";
import { z } from "zod";
import { annotationSpan } from "../../../../shared/annotation-span.js";
import { compareDates, toIsoDate } from "../../../../shared/calendar-date.js";
import type { UpdateAnnotationRequest } from "../../../../shared/contracts/annotations.js";
import { describeReference } from "../annotation-reference.js";
import { inCategory } from "../assistant-actions.js";
import { describeAnnotation, describeWritten } from "../assistant-reply.js";
import { focusOn } from "../conversation-state.js";
import { piecesToRemember } from "../offline-engine/continue-conversation.js";
import { intentPatterns } from "../offline-engine/intents.js";
import { parseUpdate } from "../offline-engine/parse-change.js";
import { colourNote, describeCategory } from "../offline-engine/reply-text.js";
import { defined, POINTS_BACK, type SlotInput } from "../offline-engine/slots.js";
import type { Understanding } from "../offline-engine/understanding.js";
import type { Skill, SkillTurn } from "./skill.js";
import {
  categoryInput,
  colorInput,
  isoDate,
  noted,
  parseIsoDate,
  referenceInput,
  secondChange,
  toReference,
  type ToolContext,
} from "./tool-turn.js";

function readSlots(input: SlotInput): Understanding {
  const { reading, rest, quotes, today, categoryNames, sameDay, storyDate, understanding } = input;
  Object.assign(
    understanding,
    defined(parseUpdate(reading.verb, rest, quotes, today, categoryNames)),
  );
  if (!understanding.target && POINTS_BACK.test(rest)) understanding.pointsBack = true;
  // "…, move it to that day": the day the story named.
  if (
    sameDay &&
    storyDate &&
    understanding.date === undefined &&
    understanding.missing.includes("change")
  ) {
    understanding.date = storyDate.date;
    understanding.missing = understanding.missing.filter((item) => item !== "change");
  }
  return understanding;
}

async function act(turn: SkillTurn) {
  const { understood, actions, propertyId, category, reply, ask, resolution } = turn;
  const allowed = await actions.mayChange("edit");
  if (!allowed.ok) return reply(allowed.error);
  const known = piecesToRemember(understood);
  if (!understood.target)
    return ask("Which annotation should I change? Give its title in quotes, its ID or its day.", {
      intent: "update",
      asked: "target",
      known,
    });
  const changes: UpdateAnnotationRequest = {
    ...(understood.newTitle ? { title: understood.newTitle } : {}),
    ...(understood.newDescription !== undefined ? { description: understood.newDescription } : {}),
    ...(understood.date && !understood.endDate ? { annotationDate: understood.date } : {}),
    ...(understood.color ? { color: understood.color } : {}),
    ...(understood.clearCategory ? { categoryId: null } : {}),
  };
  const target = resolution.annotations[0];
  if (understood.endDate && target) {
    // A new last day keeps the first: the annotation becomes (or stays) a range.
    const start = understood.date ?? annotationSpan(target).start;
    const end = understood.endDate;
    if (compareDates(end, start) < 0)
      return reply(
        `${describeAnnotation(target)} starts on ${toIsoDate(start)}, so it can't end on ${toIsoDate(end)}. Which day should it end on?`,
      );
    if (compareDates(end, start) === 0) changes.annotationDate = start;
    else changes.annotationDateRange = { startDate: start, endDate: end };
  }
  if (understood.missing.includes("category")) {
    const categories = await actions.usableCategories();
    const names = categories.map((c) => c.name);
    return ask(
      names.length === 0
        ? "You have no categories yet; create them on the Categories page."
        : `Which category should ${target ? describeAnnotation(target) : "it"} go in? Your categories: ${names.join(", ")}.`,
      { intent: "update", asked: "category", known, categoryOptions: names },
    );
  }
  if (Object.keys(changes).length === 0 && !category) {
    return ask(
      `What should I change${target ? ` about ${describeAnnotation(target)}` : ""}: the title, the date, the colour, the description or the category?`,
      { intent: "update", asked: "change", known },
    );
  }
  const result = await actions.updateAnnotation(
    understood.target,
    category ? inCategory(changes, category) : changes,
  );
  if (!result.ok) return reply(`I couldn't change it: ${result.error}`);
  const { before, after } = result.value;
  const memory = { focus: focusOn(propertyId, after) };
  const onlyCategory = Object.keys(changes).length === (understood.clearCategory ? 1 : 0);
  if (onlyCategory && category)
    return reply(`Put ${describeAnnotation(after)} in ${describeCategory(category)}.`, {
      showAnnotations: true,
      memory,
    });
  if (onlyCategory)
    return reply(`Took ${describeAnnotation(after)} out of its category.`, {
      showAnnotations: true,
      memory,
    });
  const categoryPart = category
    ? `, in ${category.name}`
    : understood.clearCategory
      ? ", without a category"
      : "";
  return reply(
    `Updated ${describeAnnotation(before)} → ${describeAnnotation(after)}, ${after.color.toLowerCase()}${categoryPart}.${colourNote(understood, category)}`,
    { showAnnotations: true, memory },
  );
}

export function updateAnnotationTool({ actions, turn, asked }: ToolContext) {
  return tool({
    description:
      "Change one annotation's title, description, date, colour or category (category null takes it out of its category). date with endDate makes it cover those days. When the person's message did not ask for a change, nothing is changed: they are shown a preview with Confirm and Cancel buttons; stop there.",
    inputSchema: z.object({
      which: referenceInput,
      title: z.string().optional(),
      description: z.string().optional(),
      date: isoDate.optional(),
      endDate: isoDate
        .optional()
        .describe("The last day it covers, given with date (the first day)."),
      color: colorInput.optional(),
      category: categoryInput.nullable().optional(),
    }),
    execute: async (input) => {
      if (input.endDate !== undefined && input.date === undefined)
        return { ok: false, error: "Give the first day (date) together with endDate." };
      const reference = toReference(input.which);
      const refused = secondChange(
        turn,
        reference.kind === "last"
          ? "changing the last annotation"
          : `changing the annotation ${describeReference(reference)}`,
      );
      if (refused) return refused;
      const changes = {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.date !== undefined
          ? input.endDate !== undefined && input.endDate !== input.date
            ? {
                annotationDateRange: {
                  startDate: parseIsoDate(input.date),
                  endDate: parseIsoDate(input.endDate),
                },
              }
            : { annotationDate: parseIsoDate(input.date) }
          : {}),
        ...(input.color !== undefined ? { color: input.color } : {}),
        ...(input.category === null ? { categoryId: null } : {}),
      };
      const category = input.category ? await actions.findCategory(input.category) : undefined;
      if (category && !category.ok) return noted(turn, category);
      const complete = category ? inCategory(changes, category.value) : changes;
      if (!asked("update")) {
        const proposed = noted(
          turn,
          await actions.proposeUpdate(
            reference,
            complete,
            category ? category.value.name : input.category === null ? null : undefined,
          ),
        );
        if (!proposed.ok) return proposed;
        turn.confirmation = proposed.value;
        return { ok: true, awaitingPersonsConfirmation: proposed.value.summary, updated: 0 };
      }
      const result = noted(turn, await actions.updateAnnotation(reference, complete));
      if (!result.ok) return result;
      const { before, after } = result.value;
      turn.showAnnotations = true;
      turn.seenTitles.add(before.title).add(after.title);
      const categoryName = category
        ? category.value.name
        : await actions.categoryName(after.categoryId);
      turn.writes.push({
        kind: "update",
        text: `Updated ${describeAnnotation(before)} → ${describeWritten(after, categoryName)}.`,
      });
      return {
        ok: true,
        updated: {
          id: after.annotationId,
          title: after.title,
          date: toIsoDate(after.annotationDate),
          ...(after.annotationDateRange
            ? { endDate: toIsoDate(after.annotationDateRange.endDate) }
            : {}),
          color: after.color,
          ...(category ? { category: category.value.name } : {}),
        },
      };
    },
  });
}

export const updateAnnotation: Skill = {
  name: "update-annotation",
  intents: ["update"],
  patterns: intentPatterns.update,
  needsProperty: true,
  readSlots,
  act,
  tools: (context) => ({ updateAnnotation: updateAnnotationTool(context) }),
};
