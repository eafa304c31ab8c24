/**
 * Creating an annotation: "log v3 launch yesterday", "we shipped the new pricing page on Nov 12,
 * can you record it", "add 'Q4 campaign' in purple on Nov 3", "log a release “Checkout v2”".
 */
import { compareDates, toIsoDate, type CalendarDate } from "../../../../shared/calendar-date.js";
import { errorMessages } from "../../../../shared/contracts/errors.js";
import { describeOutcomes } from "../../../../shared/contracts/annotation-sets.js";
import { inCategory } from "../assistant-rules.js";
import { changeCard, describeAnnotation } from "../assistant-reply.js";
import {
  findCategory,
  findCategoryAdjective,
  findCategoryBesideQuote,
} from "../offline-engine/extract-category.js";
import { findDate } from "../offline-engine/extract-dates.js";
import {
  about,
  noDaySaid,
  onlyAcceptance,
  requestDoubts,
  requestFieldDoubts,
  titleDoubts,
  titlePlacementDoubts,
  type FieldDoubt,
} from "../offline-engine/doubts.js";
import { draftSources, type FieldWords } from "../offline-engine/draft-sources.js";
import { cut, tidy } from "../offline-engine/cut-text.js";
import { createIntentWords } from "./create-annotation-words.js";
import {
  impossibleDate,
  namesNothing,
  NAMING,
  parseCreate,
  readLabels,
  splitDescription,
} from "../offline-engine/parse-create.js";
import { isQuoted, restoreQuotes, soleQuote } from "../offline-engine/quoted-text.js";
import {
  colourName,
  colourRefusal,
  colourNote,
  completionFor,
  describeCategory,
  STILL_TO_COME,
  unplacedDay,
} from "../offline-engine/reply-text.js";
import {
  defined,
  periodWithoutDay,
  POINTER,
  titleFromStory,
  type SlotInput,
} from "../offline-engine/slots.js";
import type { Understanding } from "../offline-engine/understanding.js";
import { piecesToRemember } from "../offline-engine/continue-conversation.js";
import { focusOn, previewPrompt } from "../conversation-state.js";
import type { Skill, SkillTurn } from "./skill.js";
import { createPolicy, suggestRequestTool } from "./create-annotation-tools.js";
import { rangeIn } from "./create-range.js";

/**
 * "to all my properties", "on every property", "across all of my properties": the create is made
 * on each of the person's saved properties (decision 0058). Never part of the title.
 */
const ALL_PROPERTIES =
  /\s*\b(?:on|to|in|for|across)\s+(?:all|every|each)\s+(?:of\s+)?(?:my\s+|our\s+|the\s+)?(?:saved\s+)?(?:ga4\s+)?propert(?:y|ies)\b/i;

/** Create verbs that, with a category and nothing new, put an existing annotation in it. */
const PUT_VERB = /^(?:put|place|drop|add)$/;

/**
 * "put it in Incidents", "put “Black Friday” in Campaigns": a create verb, a category, and an
 * annotation named by a pointer or a quoted title alone — no date, colour or description — asks
 * to put an existing annotation in the category. ("add" only with "to": "add it to Incidents".)
 */
function readPutInCategory(
  verb: string,
  rest: string,
  quotes: readonly string[],
  categoryNames: readonly string[],
): Understanding | undefined {
  if (!PUT_VERB.test(verb)) return undefined;
  const found = findCategory(rest, quotes, categoryNames);
  if (!found) return undefined;
  if (verb === "add" && !/^(?:to|into)\b/i.test(rest.slice(found.index))) return undefined;
  const left = tidy(cut(rest, found.index, found.end));
  const pointer = POINTER.test(left);
  const quoted = pointer ? undefined : soleQuote(left, quotes);
  if (!pointer && !quoted) return undefined;
  return {
    intent: "update",
    category: found.reference,
    missing: [],
    // "add “X” to Campaigns": the one named, or a new one called X? Shown before it is done.
    ...(verb === "add" ? { doubts: [`“add” may mean a new annotation`] } : {}),
    ...(pointer ? { pointsBack: true } : { target: { kind: "title", title: quoted! } }),
  };
}

/** A time of day beside a day ("around lunchtime", "since Tuesday evening"): never part of a title. */
const TIME_OF_DAY =
  /\s*\b(?:(?:around|at|about|in\s+the|during\s+the|during|by|before|after|since|from|this|that|on\s+the|late\s+in\s+the|early\s+in\s+the)\s+)(?:early\s+|late\s+|mid-?)?(?:morning|afternoon|evening|night|lunch(?:time)?|noon|midday|midnight|dinner(?:time)?)\b/gi;

/** What made a reading doubtful, in one sentence. */
function previewDoubts(doubts: readonly string[]): string {
  return `I'm not sure I read that right: ${doubts.join("; ")}.`;
}

function readSlots(input: SlotInput): Understanding {
  const named = readLabels(input.rest) ? null : NAMING.exec(input.rest);
  if (!named) return withoutCommand(input, readCreate(input));
  const titled = input.rest.slice(named.index + named[0].length);
  // "mark it down as Release 4.3, it went out on the 18th": the name ends where a clause about
  // it starts, and that clause is read with what came before the name.
  const clause = CLAUSE_AFTER_NAME.exec(titled);
  const before = input.rest.slice(0, named.index);
  if (!clause) return readNamed(input, before, titled);
  return readNamed(input, `${before} ${titled.slice(clause.index)}`, titled.slice(0, clause.index));
}

const CLAUSE_AFTER_NAME =
  /[,;]\s*(?:it|we|they|that|this|which|he|she|there)(?:'s|\s+(?:was|went|is|were|had|has|did|got|started|ran|launched|shipped|happened|came)\b)/i;

/**
 * Without a command word a message is a create only for its quoted title ('the 3rd: “Spring
 * promo”') or its labelled fields; 'Spring promo: description “…”' may be about one that exists.
 * An event only named with its days ("Flash sale over the weekend") is a draft, quoted or not.
 */
function withoutCommand(input: SlotInput, read: Understanding): Understanding {
  const { reading, story, quotes, rest } = input;
  const title = read.title;
  const sure = !reading.stated && (isQuoted(quotes, title) || readLabels(rest));
  if (reading.verb !== "" || story || !title || sure) return read;
  return { ...read, doubts: [...(read.doubts ?? []), `you didn't say to add “${title}”`] };
}

/** "the annotation on the 4th — the title should be …": a title for one that may exist. */
const EXISTING_ONE =
  /\b(?:the|this|that|our|my)\s+(?:[\w'-]+\s+){0,4}?(?:annotation|entry|marker|note|one)s?\b/i;

/** A create whose title follows a naming clause: the title from it, the day from either part. */
function readNamed(input: SlotInput, before: string, titled: string): Understanding {
  const title = readCreate({ ...input, rest: titled, story: undefined });
  // "we sent the Monday deals email on the 9th, … title “Monday deals email”": the name's own
  // words, told before it, are no day.
  const rest = readCreate({
    ...input,
    rest: withoutName(before, restoreQuotes(title.title ?? "", input.quotes)),
    story: undefined,
  });
  const { doubts: titleDoubtsFound, ...fromTitle } = title;
  void titleDoubtsFound;
  // A range read before the naming clause ("over the weekend …") starts where it says.
  const dayBefore =
    rest.date !== undefined &&
    !rest.missing.includes("date") &&
    before.trim() !== "" &&
    (hasDay(before, input) || rest.endDate !== undefined);
  const merged: Understanding = {
    ...rest,
    ...fromTitle,
    ...(dayBefore ? { date: rest.date } : {}),
    missing: fromTitle.title ? fromTitle.missing.filter((item) => item !== "title") : ["title"],
  };
  if (rest.color && !merged.color) merged.color = rest.color;
  if (rest.category && !merged.category) merged.category = rest.category;
  // Each field's words from the part it was read from.
  merged.sources = defined({
    title: fromTitle.sources?.title,
    date: (dayBefore ? rest : fromTitle).sources?.date,
    color: (fromTitle.color ? fromTitle : rest).sources?.color,
    category: (fromTitle.category ? fromTitle : rest).sources?.category,
    description: (fromTitle.description ? fromTitle : rest).sources?.description,
  });
  // The days told before the naming clause, when neither part named days of its own.
  const toldRange =
    input.story && !merged.endDate && !merged.missing.includes("date")
      ? rangeIn(input.story, input.today, input.quotes)
      : undefined;
  if (toldRange) {
    Object.assign(merged, { date: toldRange.start, endDate: toldRange.end });
    merged.sources = { ...merged.sources, date: { words: toldRange.words, sure: true } };
  }
  // "checkout was down on the 3rd, that's an incident — call it …": the story names its category.
  const told =
    input.story && !merged.category
      ? (findCategory(input.story, input.quotes, input.categoryNames) ??
        findCategoryBesideQuote(input.story, input.categoryNames))
      : undefined;
  if (told) merged.category = told.reference;
  const doubts = [
    ...(title.doubts?.filter((doubt) => !doubt.startsWith("I made the title")) ?? []),
    ...requestDoubts(`${withoutOwnCommand(input, before)} ${input.story ?? ""}`, merged),
  ];
  // "add it, call it …", "just say …": the event was told before; without a day of its own,
  // today would be a guess at the day it happened.
  // "add it to all my properties, call it …" refers back as "add it, call it …" does.
  const pointed = before.replace(ALL_PROPERTIES, " ");
  const referredBack =
    pointed.trim() === "" || POINTER.test(tidy(pointed)) || onlyAcceptance(pointed);
  const dayNamed =
    hasDay(before, input) ||
    hasDay(titled, input) ||
    input.storyDate !== undefined ||
    merged.endDate !== undefined ||
    merged.missing.includes("date");
  // "the launch happened, call it “Launch”": a story told before its name, with no day in it.
  const story = tidy(withoutOwnCommand(input, pointed).replace(NOT_A_STORY, " "));
  if ((referredBack || /\p{L}{3}/u.test(story)) && !dayNamed) doubts.push(noDaySaid);
  // Shown with the word kept: the person sees the whole name they wrote and may confirm it.
  const tail = CUT_TAIL.exec(titled);
  const whole = tail && merged.title ? `${merged.title} ${tail[1]}` : undefined;
  if (whole && !CUT_TAIL.test(merged.title!)) {
    if (tidy(titled).toLowerCase().endsWith(whole.toLowerCase())) merged.title = whole;
    doubts.push(`“${tail![1]}” may be the end of the title`);
  }
  if (input.reading.verb === "" && EXISTING_ONE.test(before))
    doubts.push(`“${tidy(before)}” may be an annotation you already have`);
  if (doubts?.length) merged.doubts = doubts;
  else delete merged.doubts;
  return merged;
}

/** Words before a name that tell no story: "an annotation", "a blue one", "a new note". */
const NOT_A_STORY =
  /\b(?:a|an|the|new|one|another|annotation|note|marker|entry|event|please|pls|quick|for|me|us|and|colou?r|red|green|blue|purple|brown|cyan|in|on|with|it|this|that|called|named|titled|as)\b|[,;:.!?—–-]/gi;

function withoutName(text: string, name: string): string {
  const at = name ? text.toLowerCase().indexOf(name.toLowerCase()) : -1;
  return at < 0 ? text : cut(text, at, at + name.length);
}

/** "…, add it please with the title “X”": the message's one command, read where it stands. */
const OWN_COMMAND =
  /(?:^|[,;.!]\s*|\band\s+)(?:(?:pls|please|can\s+you|could\s+you)\s+)?(?:add|log|note|save|record|annotate)\s+(?:it|this|that)(?:\s+down)?\b/i;

function withoutOwnCommand(input: SlotInput, before: string): string {
  return input.reading.verb === "" ? before.replace(OWN_COMMAND, " ") : before;
}

/** "Title it Server-side tagging on": a last word the title lost may have been part of it. */
const CUT_TAIL = /\s(on|for|at|in|to|with|and|as|off|up)[\s.!]*$/i;

function hasDay(text: string, input: SlotInput): boolean {
  return findDate(text, input.today) !== undefined;
}

/** A title that points at a name given elsewhere: "with exactly that name", "this title". */
const POINTS_AT_NAME =
  /^(?:with\s+)?(?:exactly\s+|just\s+)?(?:that|this|the\s+same|which)\s+(?:name|title)$/i;
/** "Web release 2026.11 (site/app releases)": a category written after the name. */
const CATEGORY_IN_PARENTHESES = /\s*\(([^()]{2,40})\)\s*$/;
/** "add a note that …", "a note saying …": what happened, told rather than named. */
const STATEMENT_TITLE =
  /^(?:(?:an?|the)\s+)?(?:(?:new\s+)?(?:note|annotation|marker|entry)\s+)?(?:that|saying|to\s+say)\s+/i;

/** Whether words are one of the person's category names (or its singular or plural). */
function isCategoryName(words: string, names: readonly string[]): boolean {
  const wanted = words.trim().toLowerCase();
  return names.some((name) => {
    const lower = name.toLowerCase();
    return wanted === lower || `${wanted}s` === lower || wanted === `${lower}s`;
  });
}

/**
 * "… “Welcome series v2” was turned on, add an annotation with exactly that name": the name it
 * points at is the one quoted; "Web release 2026.11 (site/app releases)": its category.
 */
function nameAndCategory(
  understanding: Understanding,
  quotes: readonly string[],
  categoryNames: readonly string[],
): void {
  if (understanding.title && POINTS_AT_NAME.test(understanding.title) && quotes.length === 1)
    understanding.title = quotes[0];
  const inParentheses = understanding.title
    ? CATEGORY_IN_PARENTHESES.exec(understanding.title)
    : null;
  if (
    inParentheses &&
    !understanding.category &&
    isCategoryName(inParentheses[1]!, categoryNames)
  ) {
    understanding.category = inParentheses[1]!;
    understanding.title = tidy(understanding.title!.slice(0, inParentheses.index));
  }
}

/** A day pointed back at rather than named: "for it", "on that day", "for then". */
const FOR_THAT_TIME = /\b(?:for|on|at)\s+(?:it|that|this|then|that\s+day|that\s+time)\s*$/i;

/** What was read of a create that the person should see before it is written. */
function createDoubts(
  input: SlotInput,
  understanding: Understanding,
  read: {
    fromStory: boolean;
    wroteDate: boolean;
    rangeStart: CalendarDate | undefined;
    leftover: string | undefined;
    unknownColour?: string | undefined;
    timeOfDay: string | undefined;
    /** The story told before the request, less a vague period read out of it. */
    story: string | undefined;
  },
): FieldDoubt[] {
  const { reading, quotes, today, storyDate } = input;
  const { fromStory, wroteDate, rangeStart, leftover, timeOfDay, story } = read;
  const titled = titleDoubts(
    understanding.title,
    {
      quoted: isQuoted(quotes, understanding.title),
      fromStory,
      dayRead:
        wroteDate || rangeStart !== undefined || storyDate !== undefined
          ? (understanding.date ?? true)
          : false,
    },
    today,
  );
  const doubts = titled.map((text) => about(["title"], text));
  // "add a note that orders shipped late": a statement, which may be a description of another.
  if (understanding.title && !fromStory && STATEMENT_TITLE.test(input.rest))
    doubts.push(about(["title"], `“${understanding.title}” is what happened, not a name for it`));
  // "add “Maintenance mode” for it", "yt preroll started wed, call it …": the day of something
  // told that the engine did not read; today would be a guess.
  const toldBefore = !!story && /\p{L}{3}/u.test(story);
  if (!wroteDate && !rangeStart && !storyDate && (toldBefore || FOR_THAT_TIME.test(input.rest)))
    doubts.push(about(["date"], noDaySaid));
  if (understanding.title && !fromStory && !isQuoted(quotes, understanding.title))
    doubts.push(
      // A day that may be part of the title: both fields are in doubt.
      ...titlePlacementDoubts(restoreQuotes(input.rest, quotes), understanding.title, today).map(
        (text) => about(["title", "date"], text),
      ),
    );
  // Every word accounted for: what the request says beyond its title must have been read.
  const titleText = understanding.title ?? "";
  // One pass over the text: a message of nothing but quote marks holds thousands of quotes.
  const unquoted = input.rest.replace(/⟪(\d+)⟫/g, (mark, index: string) =>
    quotes[Number(index)] === titleText ? " " : mark,
  );
  // The description is the person's own words: "instead" or "and then" in it is no instruction.
  const described = understanding.description;
  const told = `${described ? unquoted.split(described).join(" ") : unquoted} ${input.story ?? ""}`;
  doubts.push(
    ...requestFieldDoubts(titleText ? told.split(titleText).join(" ") : told, understanding, told),
  );
  // "put Meta ads paused in Campaigns": may be an annotation that exists, to put in it.
  if (/^(?:put|place|file)$/.test(reading.verb) && understanding.category && !wroteDate)
    doubts.push(about(["title"], `“${titleText}” may be an annotation you already have`));
  if (reading.guessedVerb) doubts.push(about([], `I took “${reading.verb}” to mean add`));
  if (leftover) doubts.push(about([], `I couldn't place “${leftover}”`));
  // Never dropped in silence: the card asks for one of the six.
  if (read.unknownColour)
    doubts.push(
      about(
        ["color"],
        // Orange is GA4's own, for the annotations it makes itself.
        colourRefusal(read.unknownColour),
      ),
    );
  // A day still to come cannot be annotated: asked, never written on another day.
  if (understanding.date && compareDates(understanding.date, today) > 0)
    understanding.missing.push("date");
  // "around lunchtime" with no day: most likely today, but not said.
  if (timeOfDay && !wroteDate && rangeStart === undefined && storyDate === undefined)
    doubts.push(about(["date"], `I took “${timeOfDay}” as today`));
  return doubts;
}

/** The words each field of a create was read from, for its draft card (see draft-sources). */
function fieldWords(
  input: SlotInput,
  understanding: Understanding,
  read: {
    rangeWords: string | undefined;
    wroteDate: boolean;
    dateWords: string | undefined;
    colorWords: string | undefined;
    unknownColour: string | undefined;
    fromStory: boolean;
    story: string | undefined;
  },
): FieldWords {
  const { storyDate, quotes } = input;
  // The story the day was found in, also when a naming clause's part is read without it.
  const told = input.reading.story;
  const storyDay =
    !read.wroteDate && storyDate && told !== undefined
      ? tidy(told.slice(storyDate.index, storyDate.end))
      : undefined;
  const dated = understanding.date !== undefined;
  return {
    title: read.fromStory ? tidy(restoreQuotes(read.story ?? "", quotes)) : understanding.title,
    // A day not written is today, the product's default: no words of the person's.
    date: dated
      ? (read.rangeWords ?? storyDay ?? (read.wroteDate ? read.dateWords : null) ?? null)
      : undefined,
    color: understanding.color ? read.colorWords : read.unknownColour,
    category: understanding.category,
    description: understanding.description,
  };
}

function readCreate(input: SlotInput): Understanding {
  const { reading, quotes, today, categoryNames, storyDate } = input;
  const understanding: Understanding = { ...input.understanding, missing: [] };
  const { verb } = reading;
  let { story, rest } = input;
  let rangeStart: CalendarDate | undefined;
  const everywhere = ALL_PROPERTIES.exec(rest);
  if (everywhere) {
    rest = cut(rest, everywhere.index, everywhere.index + everywhere[0].length);
    understanding.allProperties = true;
  }
  const put = readPutInCategory(verb, rest, quotes, categoryNames);
  if (put)
    return {
      ...put,
      ...(understanding.propertyId ? { propertyId: understanding.propertyId } : {}),
    };
  // "log a release “Checkout v2”", "a Campaigns annotation called …".
  const adjective = findCategoryAdjective(rest, categoryNames);
  if (adjective) {
    understanding.category = adjective.reference;
    rest = rest.slice(adjective.end).replace(/^\s*:?\s*/, "");
  }
  // "from Nov 3 to Nov 10", "the week of the 9th": a range of days; else one the story told
  // ("our Snapchat test ran 2–6 nov, annotate it as …").
  const said = rangeIn(rest, today, quotes, splitDescription(rest, quotes).description);
  const told = !said && story ? rangeIn(story, today, quotes) : undefined;
  const range = said ?? told;
  if (said) rest = said.rest;
  if (told) story = told.rest;
  const rangeWords = range?.words;
  if (range) {
    understanding.endDate = range.end;
    rangeStart = range.start;
  }
  // "log the sale next week", "we launched it last month": a period that names no one day
  // is asked about, never replaced by today, and is not part of the title.
  const vague = rangeStart ? undefined : periodWithoutDay(rest, today);
  if (vague) rest = cut(rest, vague.index, vague.end);
  const storyVague =
    !vague && !rangeStart && story && !storyDate ? periodWithoutDay(story, today) : undefined;
  if (story && storyVague) story = cut(story, storyVague.index, storyVague.end);
  const pointer = POINTER.test(tidy(rest).replace(/^(?:down|up)\s+/i, ""));
  const { invalidDate, date, leftover, unknownColour, dateWords, colorWords, ...slots } =
    parseCreate(pointer ? "" : rest, quotes, today, categoryNames);
  Object.assign(understanding, defined(slots));
  if (unknownColour) understanding.unknownColour = unknownColour;
  // "add something", "note the thing with the server": no name given, so none is made up, not
  // even from a story told before ("traffic tanked …, add something").
  const unnamed =
    understanding.title !== undefined &&
    !isQuoted(quotes, understanding.title) &&
    namesNothing(understanding.title);
  if (unnamed) delete understanding.title;
  let fromStory = false;
  if (!understanding.title && story && !unnamed) {
    const title = titleFromStory(story, quotes, today);
    if (title) understanding.title = title;
    fromStory = title !== undefined;
  }
  let timeOfDay: string | undefined;
  if (understanding.title) {
    timeOfDay = understanding.title.match(TIME_OF_DAY)?.[0]?.trim();
    const title = tidy(understanding.title.replace(TIME_OF_DAY, " "));
    if (title) understanding.title = title;
  }
  if (!understanding.title) understanding.missing.push("title");
  const wroteDate = findDate(rest, today) !== undefined;
  const unreadWhen = vague?.words ?? storyVague?.words;
  if (unreadWhen) understanding.unreadPeriod = unreadWhen;
  // A day that does not exist in the story told ("on the 30th of February, log it") is asked.
  const storyInvalid = !!story && !storyDate && !wroteDate && impossibleDate(story);
  // A written date that does not exist is asked about, not replaced by today.
  if (invalidDate || unreadWhen || storyInvalid) understanding.missing.push("date");
  else understanding.date = rangeStart ?? (!wroteDate && storyDate ? storyDate.date : date);
  // "Feb 29, 2025": the year written stays for the answer ("Feb 28 then").
  const yearWritten = invalidDate ? /\b(?:19|20)\d{2}\b/.exec(rest)?.[0] : undefined;
  if (yearWritten) understanding.yearWritten = Number(yearWritten);
  nameAndCategory(understanding, quotes, categoryNames);

  const doubts = createDoubts(input, understanding, {
    unknownColour,
    fromStory,
    wroteDate,
    rangeStart,
    leftover,
    timeOfDay,
    story,
  });
  if (doubts.length > 0) understanding.doubts = doubts.map((doubt) => doubt.text);
  const words = { rangeWords, wroteDate, dateWords, colorWords, unknownColour, fromStory, story };
  understanding.sources = draftSources(fieldWords(input, understanding, words), doubts);
  return understanding;
}

async function act(turn: SkillTurn) {
  const { understood, actions, today, propertyId, category, reply, ask } = turn;
  const suggestedInput = completionFor(understood, today);
  if (understood.missing.includes("date")) {
    const title = understood.title ? `“${understood.title}”` : "the annotation";
    const period = understood.unreadPeriod;
    const problem = !period
      ? understood.date && compareDates(understood.date, today) > 0
        ? `${errorMessages.futureDate} ${toIsoDate(understood.date)} is still to come.`
        : "That date does not exist."
      : STILL_TO_COME.test(period)
        ? `${errorMessages.futureDate} “${period}” is still to come.`
        : unplacedDay(period);
    return ask(
      `${problem} Which day should ${title} be on? For example: ${toIsoDate(today)}.`,
      { intent: "create", asked: "date", known: piecesToRemember(understood) },
      { suggestedInput },
    );
  }
  const date = understood.date ?? today;
  if (!understood.title) {
    return ask(
      `What should the annotation be called? For example: Create an annotation called “Winter sale launched” on ${toIsoDate(date)}.`,
      { intent: "create", asked: "title", known: piecesToRemember({ ...understood, date }) },
      { suggestedInput },
    );
  }
  const request = {
    title: understood.title,
    ...(understood.endDate
      ? { annotationDateRange: { startDate: date, endDate: understood.endDate } }
      : { annotationDate: date }),
    ...(understood.description ? { description: understood.description } : {}),
    ...(understood.color ? { color: understood.color } : {}),
  };
  const complete = category ? inCategory(request, category) : request;
  if (understood.allProperties) {
    // Several writes at once are made only from a request read without a doubt; a preview holds
    // one property's create, so a doubtful one is asked again, not previewed on one property.
    if (understood.doubts?.length)
      return reply(
        `${previewDoubts(understood.doubts)} Nothing was added. To add it to all your properties, say for example: Add “${complete.title}” on ${toIsoDate(date)} to all my properties.`,
      );
    const made = await actions.createOnAllProperties(complete);
    if (!made.ok) return reply(`I couldn't create it: ${made.error}`);
    const landed = made.value.some((outcome) => outcome.status === "done");
    const when = toIsoDate(date);
    return landed
      ? reply(`${describeOutcomes(made.value, `Created “${complete.title}” on ${when} in`)}.`, {
          showAnnotations: true,
        })
      : reply(
          `I couldn't create “${complete.title}” anywhere: ${describeOutcomes(made.value, "")}.`,
        );
  }
  // A reading that may be a guess is never written at once: it waits as a preview.
  if (understood.doubts?.length) {
    const proposed = await actions.proposeCreate(
      complete,
      category?.name ?? null,
      understood.sources,
    );
    if (!proposed.ok) return reply(`I couldn't prepare it: ${proposed.error}`);
    return reply(previewPrompt(understood.doubts, proposed.value), {
      confirmation: proposed.value,
    });
  }
  const result = await actions.createAnnotation(complete);
  if (!result.ok) return reply(`I couldn't create it: ${result.error}`);
  const where = category
    ? `in ${describeCategory(category)}.${colourNote(understood, category)}`
    : `in ${colourName(result.value.color)}.`;
  return reply(`Created ${describeAnnotation(result.value)} ${where}`, {
    showAnnotations: true,
    card: changeCard(result.value, category?.name ?? null),
    memory: { focus: focusOn(propertyId, result.value) },
  });
}

export const createAnnotation: Skill = {
  name: "create-annotation",
  intents: ["create"],
  patterns: Object.values(createIntentWords.create),
  needsProperty: true,
  readSlots,
  act,
  tools: (context) => ({ suggestRequest: suggestRequestTool(context) }),
  writes: { createAnnotation: createPolicy },
};
