/**
 * Changing one annotation: "rename “Sale” to “Winter sale”", "move the launch to Friday", "make
 * it red", "the launch was really on the 14th", "put it in Incidents".
 */
import { annotationSpan } from "../../../../shared/annotation-span.js";
import { compareDates, toIsoDate, type CalendarDate } from "../../../../shared/calendar-date.js";
import type {
  Annotation,
  UpdateAnnotationRequest,
} from "../../../../shared/contracts/annotations.js";
import { describeReference } from "../annotation-reference.js";
import { inCategory } from "../assistant-rules.js";
import { changeCard, describeAnnotation, describeWritten } from "../assistant-reply.js";
import { focusOn, previewPrompt } from "../conversation-state.js";
import { piecesToRemember } from "../offline-engine/continue-conversation.js";
import {
  about,
  holdsSecondInstruction,
  titleDoubts,
  updateDoubts,
  type FieldDoubt,
} from "../offline-engine/doubts.js";
import { changeWords, draftSources } from "../offline-engine/draft-sources.js";
import { readLength, readShift, setChangedDays } from "./changed-days.js";
import type { CapabilityWords } from "../offline-engine/intents.js";
import { correctionPatterns } from "../offline-engine/stated-corrections.js";
import { parseTarget } from "../offline-engine/extract-target.js";
import { isQuoted } from "../offline-engine/quoted-text.js";
import { parseUpdate } from "../offline-engine/parse-change.js";
import { correctedText } from "../offline-engine/gate-follow-ups.js";
import {
  colourNote,
  colourRefusal,
  describeCategory,
  unplacedDay,
} from "../offline-engine/reply-text.js";
import { findColor, otherColourAtEnd } from "../offline-engine/extract-color.js";
import { defined, POINTS_BACK, type SlotInput } from "../offline-engine/slots.js";
import type { Understanding } from "../offline-engine/understanding.js";
import type { Skill, SkillTurn } from "./skill.js";
import type { ModelToolAnswer, ModelWriteInput } from "../../../operations/doors/model.js";
import type { AnyOperation } from "../../../operations/operation.js";
import { noted, secondChange, writtenForModel, type ToolContext } from "./tool-turn.js";

const THAT_WEEK = /\b(?:that|the\s+same)\s+(?:whole\s+|entire\s+|full\s+)?week(?:end)?\b/i;

/** "remove the description from Launch", "Launch doesn't need a category any more". */
function readEmptied(input: SlotInput): Understanding {
  const { rest, quotes, understanding } = input;
  const [field = "", named = ""] = rest.split(/:\s*/, 2);
  const target = /^(?:it|this|that|this\s+one|that\s+one)?$/i.test(named.trim())
    ? undefined
    : parseTarget(named, quotes);
  Object.assign(
    understanding,
    /^categor/i.test(field)
      ? { clearCategory: true }
      : /^end/i.test(field)
        ? { clearEnd: true }
        : { newDescription: "" },
    target ? { target } : { pointsBack: true },
  );
  // "remove the note" may mean the annotation itself (a note, in many people's words): its
  // description is emptied only once the card is confirmed.
  if (/^notes?$/i.test(field))
    understanding.doubts = [
      ...(understanding.doubts ?? []),
      "“the note” may mean the annotation itself, not its description",
    ];
  return understanding;
}

function readSlots(input: SlotInput): Understanding {
  const { reading, rest, quotes, today, categoryNames, sameDay, storyDate, understanding } = input;
  if (reading.verb === "empty") return readEmptied(input);
  if (reading.verb === "shiftby")
    return { ...understanding, shiftDays: Number(rest), pointsBack: true };
  const shifted = readShift(input) ?? readLength(input);
  if (shifted) return shifted;
  Object.assign(
    understanding,
    defined(parseUpdate(reading.verb, rest, quotes, today, categoryNames)),
  );
  // "make that Monday", "it's red now": "that" and "it" are the annotation just talked about.
  if (!understanding.target && (POINTS_BACK.test(rest) || /^(?:that|this|it)\b/i.test(rest)))
    understanding.pointsBack = true;
  const doubts: FieldDoubt[] = [
    ...(understanding.doubts ?? []).map((text) => about([], text)),
    ...titleDoubts(
      understanding.newTitle,
      {
        quoted: isQuoted(quotes, understanding.newTitle),
        fromStory: false,
        dayRead: true,
      },
      today,
    ).map((text) => about(["title"], text)),
    ...(understanding.newDescription !== undefined &&
    holdsSecondInstruction(understanding.newDescription)
      ? [
          about(
            ["description"],
            `“${understanding.newDescription}” looks like more than a description`,
          ),
        ]
      : []),
    ...updateDoubts(rest, {
      ...(understanding.target?.kind === "title"
        ? { targetTitle: understanding.target.title }
        : {}),
      date: understanding.date,
      endDate: understanding.endDate,
    }),
  ];
  // "make it cover that whole week, mon to sun": the week meant is the annotation's own, which
  // the days read from today's week may not be.
  if (THAT_WEEK.test(rest) && (understanding.date || understanding.endDate))
    doubts.push(about([], "“that week” may be another week than the days I read"));
  // "move the release to the 3rd": one common word names no one annotation.
  const named = understanding.target?.kind === "title" ? understanding.target.title : "";
  if (/^\S+$/.test(named) && /^the\s/i.test(rest) && /^[a-z]/.test(named))
    doubts.push(about([], `“the ${named}” may mean more than one annotation`));
  if (doubts.length > 0) understanding.doubts = doubts.map((doubt) => doubt.text);
  understanding.sources = draftSources(changeWords(understanding, { rest, quotes, today }), doubts);
  // "change the gift guide to orange": a colour GA4 lacks is the change asked, to be chosen again.
  const colour = understanding.missing.includes("change")
    ? (findColor(rest, "update") ?? otherColourAtEnd(rest))
    : undefined;
  if (colour && !colour.color) {
    understanding.unknownColour = colour.word.toLowerCase();
    // "make Singles Day promo pink": the colour is no word of the name.
    const target = understanding.target;
    const named = target?.kind === "title" ? target.title : "";
    const cut = named.slice(0, named.length - colour.word.length).trimEnd();
    if (
      target?.kind === "title" &&
      cut &&
      named.toLowerCase().endsWith(` ${colour.word.toLowerCase()}`)
    )
      understanding.target = { ...target, title: cut };
  }
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

/** A change that names nothing to write: why (an end still to come, a colour GA4 lacks) or what. */
function nothingToChange(
  turn: SkillTurn,
  target: Annotation | undefined,
  known: ReturnType<typeof piecesToRemember>,
) {
  const { understood, propertyId, reply, ask } = turn;
  const it = target ? describeAnnotation(target) : "it";
  if (understood.endStillToCome)
    return reply(
      `It runs until ${toIsoDate(understood.endStillToCome)}, which is still to come: an annotation marks days that have passed, so I left ${it} as it is. Tell me its last day once it has ended.`,
      target ? { memory: { focus: focusOn(propertyId, target) } } : {},
    );
  return ask(
    understood.unknownColour
      ? `${colourRefusal(understood.unknownColour)}. Which should ${it} be?`
      : understood.unreadPeriod && understood.missing.includes("date")
        ? `${unplacedDay(understood.unreadPeriod)} Which day should ${it} be on?`
        : `What should I change${target ? ` about ${it}` : ""}: the title, the date, the colour, the description or the category?`,
    { intent: "update", asked: "change", known },
  );
}

/** The fields a change writes as said, days aside (`setChangedDays` works those out). */
function fieldChanges(
  understood: Understanding,
  target: Annotation | undefined,
): UpdateAnnotationRequest {
  const changes: UpdateAnnotationRequest = {
    ...(understood.newTitle ? { title: understood.newTitle } : {}),
    ...(understood.newDescription !== undefined ? { description: understood.newDescription } : {}),
    ...(understood.date && !understood.endDate ? { annotationDate: understood.date } : {}),
    ...(understood.color ? { color: understood.color } : {}),
    ...(understood.clearCategory ? { categoryId: null } : {}),
  };
  // "the description should say about 40%": the words it corrects are replaced, the rest kept.
  if (target?.description && understood.descriptionCorrects && changes.description)
    changes.description = correctedText(target.description, changes.description);
  return changes;
}

async function act(turn: SkillTurn) {
  const { understood, actions, propertyId, category, categories, reply, ask, resolution } = turn;
  const allowed = await actions.mayChange("edit");
  if (!allowed.ok) return reply(allowed.error);
  const known = piecesToRemember(understood);
  if (!understood.target)
    return ask("Which annotation should I change? Give its title in quotes, its ID or its day.", {
      intent: "update",
      asked: "target",
      known,
    });
  const target = resolution.annotations[0];
  const changes = fieldChanges(understood, target);
  if (target) {
    const problem = setChangedDays(changes, understood, target);
    if (problem) return reply(problem);
    // A length that runs on past today is a last day still to come, as one said by its date is.
    const last = changes.annotationDateRange?.endDate;
    if (understood.lengthSaid && last && compareDates(last, turn.today) > 0)
      return nothingToChange(
        { ...turn, understood: { ...understood, endStillToCome: last } },
        target,
        known,
      );
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
  if (Object.keys(changes).length === 0 && !category) return nothingToChange(turn, target, known);
  // Every part of a request, or none: a part that could not be read leaves everything as it is.
  if (understood.unreadPart)
    return reply(
      `I couldn't read “${understood.unreadPart}”, so I changed nothing: I make every change you ask for in one message, or none. Say that part another way, or send the rest without it.`,
    );
  const complete = category ? inCategory(changes, category) : changes;
  // "Updated" is said only when a field changed.
  if (target && alreadySo(target, complete))
    return reply(`${describeAnnotation(target)} is already like that, so I changed nothing.`, {
      memory: { focus: focusOn(propertyId, target) },
    });
  // A reading that may be a guess is never written at once: it waits as a preview.
  if (understood.doubts?.length) {
    const proposed = await actions.proposeUpdate(
      understood.target,
      complete,
      category ? category.name : understood.clearCategory ? null : undefined,
      understood.sources,
    );
    if (!proposed.ok) return reply(`I couldn't prepare it: ${proposed.error}`);
    return reply(previewPrompt(understood.doubts, proposed.value), {
      confirmation: proposed.value,
    });
  }
  const result = await actions.updateAnnotation(understood.target, complete);
  if (!result.ok) return reply(`I couldn't change it: ${result.error}`);
  const { before, after } = result.value;
  const memory = { focus: focusOn(propertyId, after) };
  // The person's categories are at hand: no further look-up for the card.
  const nameOf = (id: string | null) => categories.find((c) => c.id === id)?.name ?? null;
  const card = changeCard(after, category?.name ?? nameOf(after.categoryId), {
    annotation: before,
    categoryName: nameOf(before.categoryId),
  });
  const onlyCategory = Object.keys(changes).length === (understood.clearCategory ? 1 : 0);
  if (onlyCategory && category)
    return reply(`Put ${describeAnnotation(after)} in ${describeCategory(category)}.`, {
      showAnnotations: true,
      card,
      memory,
    });
  if (onlyCategory)
    return reply(`Took ${describeAnnotation(after)} out of its category.`, {
      showAnnotations: true,
      card,
      memory,
    });
  const categoryPart = category
    ? `, in ${category.name}`
    : understood.clearCategory
      ? ", without a category"
      : "";
  return reply(
    `Updated ${describeAnnotation(before)} → ${describeAnnotation(after)}, ${after.color.toLowerCase()}${categoryPart}.${colourNote(understood, category)}`,
    { showAnnotations: true, card, memory },
  );
}

/** Whether every field a change would write already holds that value. */
function alreadySo(annotation: Annotation, changes: UpdateAnnotationRequest): boolean {
  const span = annotationSpan(annotation);
  const same = (a: CalendarDate, b: CalendarDate) => compareDates(a, b) === 0;
  return Object.entries(changes).every(([field, value]) => {
    switch (field) {
      case "title":
        return annotation.title === value;
      case "description":
        return annotation.description === value;
      case "color":
        return annotation.color === value;
      case "categoryId":
        return (annotation.categoryId ?? null) === value;
      case "annotationDate":
        return !annotation.annotationDateRange && same(span.start, value as CalendarDate);
      case "annotationDateRange": {
        const range = value as { startDate: CalendarDate; endDate: CalendarDate };
        return same(span.start, range.startDate) && same(span.end, range.endDate);
      }
      default:
        return false;
    }
  });
}

/** The model's change: a preview when the person's message did not ask for it. */
export async function updatePolicy(
  { actions, turn, asked }: ToolContext,
  operation: AnyOperation,
  input: ModelWriteInput,
): Promise<ModelToolAnswer> {
  const annotationId = String(input.params["annotationId"]);
  const reference = { kind: "id" as const, annotationId };
  const given = input.body as UpdateAnnotationRequest;
  const refused = secondChange(turn, `changing the annotation ${describeReference(reference)}`);
  if (refused) return refused;
  // Asked before reading the annotations, so a free person hears why at once.
  const allowed = noted(turn, await actions.mayChange("edit"));
  if (!allowed.ok) return allowed;
  const found = noted(turn, await actions.findAnnotation(reference));
  if (!found.ok) return found;
  const before = found.value.annotation;
  // The person's categories, read once: names for the card, and a category brings its colour,
  // as the edit dialog sets it when one is chosen.
  const categories = await actions.usableCategories();
  const nameOf = (id: string | null | undefined) =>
    categories.find((candidate) => candidate.id === id)?.name ?? null;
  const category = categories.find((candidate) => candidate.id === given.categoryId);
  const changes = category ? inCategory(given, category) : given;
  const categoryName = nameOf(
    changes.categoryId === undefined ? before.categoryId : changes.categoryId,
  );
  if (!asked("update")) {
    const proposed = noted(
      turn,
      await actions.proposeUpdate(
        reference,
        changes,
        changes.categoryId === undefined ? undefined : categoryName,
      ),
    );
    if (!proposed.ok) return proposed;
    turn.confirmation = proposed.value;
    return { ok: true, value: { awaitingPersonsConfirmation: proposed.value.summary, updated: 0 } };
  }
  const result = noted(turn, await actions.runOperation(operation, { ...input, body: changes }));
  if (!result.ok) return result;
  const after = result.value as Annotation;
  turn.showAnnotations = true;
  turn.seenTitles.add(before.title).add(after.title);
  turn.writes.push({
    kind: "update",
    text: `Updated ${describeAnnotation(before)} → ${describeWritten(after, categoryName)}.`,
  });
  turn.card = changeCard(after, categoryName, {
    annotation: before,
    categoryName: nameOf(before.categoryId),
  });
  return { ok: true, value: { updated: writtenForModel(after, categoryName) } };
}

const UPDATE_VERB =
  /^(rename|retitle|relabel|call|name|change|update|edit|modify|move|extend|lengthen|prolong|reschedule|shift|push|recolou?r|colou?r|paint|flip|set|make|fix|correct|switch|redate|amend|alter|categori[sz]e|uncategori[sz]e|file|tag|assign|classify|take(?=\s.*\bout\s+of\s+(?:its|the|their|any|a)\s+categor)|(?:run|last)(?=\s+(?:it|that|this|them)\s+(?:to|until|till|through|thru)\s))\b\s*/i;
const DESCRIBE_EXISTING =
  /^(?:add|put|write|give\s+it|attach)\s+(?:a\s+|the\s+|this\s+)?(?:description|details)\s+(?:to|for|on)\s+/i;
/**
 * Emptying a field is a change, never a deletion: "remove the description from Launch", "clear
 * Launch's category", "Launch doesn't need a description any more", and of the annotation in
 * focus, "drop the description", "remove the end date".
 */
const EMPTY_FIELD =
  /^(?:delete|remove|erase|clear|drop|wipe|empty|blank|get\s+rid\s+of|take\s+(?:out|off))\s+(?:the\s+|its\s+)?(description|desc|details|category|end\s+date|notes?(?=\s+(?:from|on|off)\s+(?:it|this|that)(?:\s+one)?$))\s+(?:from|of|on|for|off)\s+(.+?)$|^(?:delete|remove|erase|clear|drop|wipe|empty|blank)\s+(.+?)'s?\s+(description|desc|details|category)$|^(.+?)\s+(?:doesn't|does\s+not|don't|no\s+longer|shouldn't|should\s+not)\s+(?:need|needs|have|has)\s+(?:a|an|any|the|its)\s+(description|desc|details|category)(?:\s+(?:any\s*more|anymore|now))?$|^(?:delete|remove|erase|clear|drop|wipe|empty|blank|lose|ditch|scrap|get\s+rid\s+of|take\s+(?:out|off))\s+(?:the|its|that)\s+(description|desc|details|notes?|category|end\s+date|end)(?:\s+(?:again|too|as\s+well|instead|then|now))?(?:\s*[,;—–-].*)?$/i;

/** The words that claim a message for this capability (see `CapabilityWords`). */
export const updateIntentWords = {
  update: { verb: UPDATE_VERB, describeExisting: DESCRIBE_EXISTING, emptyField: EMPTY_FIELD },
} satisfies Partial<CapabilityWords>;

export const updateAnnotation: Skill = {
  name: "update-annotation",
  intents: ["update"],
  patterns: [...Object.values(updateIntentWords.update), ...correctionPatterns],
  needsProperty: true,
  readSlots,
  act,
  writes: { updateAnnotation: updatePolicy },
};
