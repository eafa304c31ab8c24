/**
 * Changing one annotation: "rename “Sale” to “Winter sale”", "move the launch to Friday", "make
 * it red", "the launch was really on the 14th", "put it in Incidents".
 */
import { annotationSpan } from "../../../../shared/annotation-span.js";
import {
  addDays,
  compareDates,
  isRealDate,
  toIsoDate,
  type CalendarDate,
} from "../../../../shared/calendar-date.js";
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
import { daysInUnit, parseCount } from "../offline-engine/count-words.js";
import type { CapabilityWords } from "../offline-engine/intents.js";
import { correctionPatterns } from "../offline-engine/stated-corrections.js";
import { parseTarget } from "../offline-engine/extract-target.js";
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

const SHIFT_BY =
  /^(.+?)\s+(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,3})\s+(days?|weeks?|fortnights?)\s+(earlier|later|before|after|sooner|back|forward)$/i;
/** "move it back two days", "push the launch forward by a week": the direction said first. */
const SHIFT_BY_LEAD =
  /^(.+?)\s+(back|forward|ahead|earlier|later)\s+(?:by\s+)?(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,3})\s+(days?|weeks?|fortnights?)$/i;

/** "(it was) the week before", "the day after": the annotation's own day, moved. */
const RELATIVE_DAY =
  /^(?:the\s+(?:date|day)\s+of\s+)?(?:(?:it|that|this)\s+)?(?:was\s+|is\s+|to\s+)?(?:on\s+)?the\s+(day|week|weekend)\s+(before|after|earlier|later)(?:\s+(?:actually|then|instead|really))?$/i;

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

/** "move release 4.2 one day earlier", "it was the week before": its days moved, not set. */
function readShift({ reading, rest, quotes, understanding }: SlotInput): Understanding | undefined {
  // "move release 4.2 one day earlier", "push the podcast two days later".
  const trailing = SHIFT_BY.exec(rest);
  const leading = trailing ? undefined : SHIFT_BY_LEAD.exec(rest);
  const shifted = trailing
    ? { what: trailing[1]!, count: trailing[2]!, unit: trailing[3]!, way: trailing[4]! }
    : leading
      ? { what: leading[1]!, count: leading[3]!, unit: leading[4]!, way: leading[2]! }
      : undefined;
  if (shifted && /^(?:move|push|shift|reschedule|bring|pull)$/.test(reading.verb)) {
    const count = parseCount(shifted.count) ?? 1;
    const days = count * daysInUnit(shifted.unit);
    const pointer = /^(?:it|that|this|that\s+one|this\s+one|the\s+last\s+one)$/i.test(shifted.what);
    const target = pointer ? undefined : parseTarget(shifted.what, quotes);
    const shift = [shifted.count, shifted.unit, shifted.way];
    return {
      ...understanding,
      shiftDays: /^(?:earlier|before|sooner|back)$/i.test(shifted.way) ? -days : days,
      ...(target ? { target } : { pointsBack: true }),
      missing: understanding.missing.filter((piece) => piece !== "date" && piece !== "change"),
      sources: draftSources(
        { date: (leading ? [shifted.way, ...shift.slice(0, 2)] : shift).join(" ") },
        [],
      ),
    };
  }
  // "it was the week before", "make it the day after": one day or week from its own day.
  const relative = RELATIVE_DAY.exec(rest);
  if (!relative) return undefined;
  return {
    ...understanding,
    shiftDays:
      // The weekend before a weekend is seven days earlier, as the week before is.
      (/^week(?:end)?$/i.test(relative[1]!) ? 7 : 1) *
      (/^(?:before|earlier)$/i.test(relative[2]!) ? -1 : 1),
    pointsBack: true,
    missing: understanding.missing.filter((piece) => piece !== "date" && piece !== "change"),
    sources: draftSources({ date: `the ${relative[1]} ${relative[2]}` }, []),
  };
}

function readSlots(input: SlotInput): Understanding {
  const { reading, rest, quotes, today, categoryNames, sameDay, storyDate, understanding } = input;
  if (reading.verb === "empty") return readEmptied(input);
  if (reading.verb === "shiftby")
    return { ...understanding, shiftDays: Number(rest), pointsBack: true };
  const shifted = readShift(input);
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
        quoted: understanding.newTitle !== undefined && quotes.includes(understanding.newTitle),
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

/**
 * The days the change gives the annotation: a day said by its number, a shift, a dropped end, a
 * new last day. A day that cannot be is answered as the question to ask instead. The corpus
 * checker carries a reading's days out with it too.
 */
function setChangedDays(
  changes: UpdateAnnotationRequest,
  understood: Understanding,
  target: Annotation,
): string | null {
  if (understood.bareDays) anchorToTarget(changes, understood, target);
  if (understood.shiftDays !== undefined) {
    // "it was two weeks earlier": every day it covers moves by the same number of days.
    const span = annotationSpan(target);
    const start = addDays(span.start, understood.shiftDays);
    if (compareDates(span.end, span.start) === 0) changes.annotationDate = start;
    else
      changes.annotationDateRange = {
        startDate: start,
        endDate: addDays(span.end, understood.shiftDays),
      };
  }
  if (understood.clearEnd) changes.annotationDate = understood.date ?? annotationSpan(target).start;
  if (understood.endDate) {
    // A new last day keeps the first: the annotation becomes (or stays) a range.
    const own = annotationSpan(target).start;
    // "ran the 3rd to the 5th" of an annotation in October: both days in its month.
    const saidStart =
      understood.date && understood.bareDays
        ? { ...own, day: understood.date.day }
        : understood.date;
    const start = changes.annotationDate ?? saidStart ?? own;
    if (!isRealDate(start))
      return `${describeAnnotation(target)} has no day ${start.day} in its month. Which day should it start on?`;
    const end = understood.bareDays
      ? dayOnOrAfter(understood.endDate.day, start)
      : understood.endDate;
    if (compareDates(end, start) < 0)
      return `${describeAnnotation(target)} starts on ${toIsoDate(start)}, so it can't end on ${toIsoDate(end)}. Which day should it end on?`;
    // "make it run until friday" of a range that starts on the Friday just past: the coming one
    // is meant, which has not come yet; folding the range into one day is never the answer.
    const span = annotationSpan(target);
    if (compareDates(end, start) === 0 && compareDates(span.end, span.start) > 0 && !saidStart)
      return `${describeAnnotation(target)} starts on ${toIsoDate(start)}, so ending on ${toIsoDate(end)} would make it one day. Which day should it end on?`;
    if (compareDates(end, start) === 0) changes.annotationDate = start;
    else changes.annotationDateRange = { startDate: start, endDate: end };
  }
  return null;
}

/**
 * The days a change gives an annotation known by its title and days (the corpus checker's), as
 * `setChangedDays` works them out for the product.
 */
export function daysCarriedOut(
  understanding: Understanding,
  known: { title: string; start: CalendarDate; end?: CalendarDate },
): { date?: string; end?: string; asks?: true } {
  const { start, end } = known;
  const annotation = {
    title: known.title,
    annotationDate: start,
    ...(end ? { annotationDateRange: { startDate: start, endDate: end } } : {}),
  } as Annotation;
  const changes: UpdateAnnotationRequest =
    understanding.date && !understanding.endDate ? { annotationDate: understanding.date } : {};
  if (setChangedDays(changes, understanding, annotation) !== null) return { asks: true };
  const range = changes.annotationDateRange;
  if (range) return { date: toIsoDate(range.startDate), end: toIsoDate(range.endDate) };
  return changes.annotationDate ? { date: toIsoDate(changes.annotationDate) } : {};
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
  const changes: UpdateAnnotationRequest = {
    ...(understood.newTitle ? { title: understood.newTitle } : {}),
    ...(understood.newDescription !== undefined ? { description: understood.newDescription } : {}),
    ...(understood.date && !understood.endDate ? { annotationDate: understood.date } : {}),
    ...(understood.color ? { color: understood.color } : {}),
    ...(understood.clearCategory ? { categoryId: null } : {}),
  };
  const target = resolution.annotations[0];
  if (target?.description && understood.descriptionCorrects && changes.description)
    changes.description = correctedText(target.description, changes.description);
  if (target) {
    const problem = setChangedDays(changes, understood, target);
    if (problem) return reply(problem);
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

/**
 * "actually the 5th", "through the 12th": a day said by its number alone is in the annotation's
 * own month (the conversation's), never today's — a story's day is never replaced by today's.
 */
function anchorToTarget(
  changes: UpdateAnnotationRequest,
  understood: Understanding,
  target: Annotation,
): void {
  const start = annotationSpan(target).start;
  if (understood.date && changes.annotationDate) {
    const day = { ...start, day: understood.date.day };
    if (isRealDate(day)) changes.annotationDate = day;
  }
}

/** The first date with that day of the month on or after `from` (the month after, if need be). */
function dayOnOrAfter(dayOfMonth: number, from: CalendarDate): CalendarDate {
  const same = { ...from, day: dayOfMonth };
  if (isRealDate(same) && compareDates(same, from) >= 0) return same;
  const next = addMonths(from, 1);
  return isRealDate({ ...next, day: dayOfMonth }) ? { ...next, day: dayOfMonth } : same;
}

function addMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1, day: 1 };
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
