/**
 * Stage 4 of the offline engine: a message read against the question the assistant asked last.
 * An answer sent on its own ('"Partnership announced"', 'call it X', 'the 12th', 'blue', 'the
 * first one') completes the waiting request with the pieces given earlier; a message that is a
 * request of its own replaces the question.
 */
import type { AnnotationColor } from "../../../../shared/annotation-colors.js";
import {
  fromIsoDate,
  isRealDate,
  toIsoDate,
  type CalendarDate,
} from "../../../../shared/calendar-date.js";
import { colourAlone, findColor } from "./extract-color.js";
import { dateLeadIn, findDate, findSpan } from "./extract-dates.js";
import { bareTitle, parseTarget } from "./extract-target.js";
import { titleMatches } from "./title-matches.js";
import type { Normalised } from "./normalise.js";
import { noDaySaid, onlyAcceptance } from "./doubts.js";
import { readValuesAlone } from "./values-alone.js";
import { cleanTitle, NAMING } from "./parse-create.js";
import type { PendingQuestion, Understanding } from "./understanding.js";
import { cut, tidy } from "./cut-text.js";
import { soleQuote } from "./quoted-text.js";

const ORDINALS: Record<string, number> = {
  first: 1,
  "1st": 1,
  one: 1,
  second: 2,
  "2nd": 2,
  two: 2,
  third: 3,
  "3rd": 3,
  three: 3,
  fourth: 4,
  "4th": 4,
  four: 4,
  fifth: 5,
  "5th": 5,
  five: 5,
};
const CHOICE =
  /^(?:(?:the|number|no\.?|#)\s*)?(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|one|two|three|four|five|\d)(?:\s+(?:one|annotation|option|of\s+them))?$/i;
const LAST_CHOICE = /^(?:the\s+)?(?:last|final|bottom)\s*(?:one|annotation|option)?$/i;
/** "sorry, I meant …", "no, it's …": a correction's words before the name it gives. */
const CORRECTION_LEAD =
  /^(?:(?:sorry|oops|no|nope|nah|actually|wait|oh|i\s+meant|i\s+mean|meant|it's|it\s+is|it\s+was|i\s+was\s+thinking\s+of)\b[\s,:!.-]*)+/i;

function withoutCorrection(text: string): string {
  const lead = CORRECTION_LEAD.exec(text);
  return lead && lead[0].length < text.length ? text.slice(lead[0].length) : text;
}

/**
 * A day given after the name, set apart from it ("Launch recap, on the 6th", "Launch recap for
 * Friday"); a day word inside the name ("Friday drop") stays the name's.
 */
function dayAfterName(text: string, today: CalendarDate) {
  const day = findDate(text, today);
  if (!day || tidy(text.slice(day.end).replace(/[.!?]+/g, " ")) !== "") return undefined;
  const before = text.slice(0, day.index);
  return /(?:[,;:—–-]|\b(?:on|for|dated|at))\s*(?:the\s+)?$/i.test(before) ? day : undefined;
}

/** Pieces of the waiting request, back in the engine's own types. */
function knownPieces(question: PendingQuestion): Partial<Understanding> {
  const known = question.known;
  const pieces: Partial<Understanding> = {};
  if (known.title) pieces.title = known.title;
  if (known.description) pieces.description = known.description;
  if (known.date) pieces.date = fromIsoDate(known.date);
  // A range's end waits with the rest: answering "which title?" never drops it.
  if (known.endDate) pieces.endDate = fromIsoDate(known.endDate);
  if (known.color) pieces.color = known.color as AnnotationColor;
  if (known.newTitle) pieces.newTitle = known.newTitle;
  if (known.newDescription) pieces.newDescription = known.newDescription;
  if (known.categoryName) pieces.category = known.categoryName;
  if (known.rangeStart && known.rangeEnd)
    pieces.dateRange = { start: fromIsoDate(known.rangeStart), end: fromIsoDate(known.rangeEnd) };
  if (known.titleContains) pieces.titleContains = known.titleContains;
  if (known.doubts?.length) pieces.doubts = [...known.doubts];
  if (known.shiftDays !== undefined) pieces.shiftDays = known.shiftDays;
  if (known.lengthSaid) pieces.lengthSaid = known.lengthSaid;
  if (known.targetId) pieces.target = { kind: "id", annotationId: known.targetId };
  else if (known.targetTitle) pieces.target = { kind: "title", title: known.targetTitle };
  else if (known.targetDate) pieces.target = { kind: "date", date: fromIsoDate(known.targetDate) };
  return pieces;
}

/** The pieces a reading carries, to remember while a question waits. */
export function piecesToRemember(understanding: Understanding): PendingQuestion["known"] {
  const known: PendingQuestion["known"] = {};
  if (understanding.title) known.title = understanding.title;
  if (understanding.description) known.description = understanding.description;
  if (understanding.date) known.date = toIsoDate(understanding.date);
  if (understanding.endDate) known.endDate = toIsoDate(understanding.endDate);
  if (understanding.color) known.color = understanding.color;
  if (understanding.newTitle) known.newTitle = understanding.newTitle;
  if (understanding.newDescription) known.newDescription = understanding.newDescription;
  if (understanding.category) known.categoryName = understanding.category;
  if (understanding.dateRange) {
    known.rangeStart = toIsoDate(understanding.dateRange.start);
    known.rangeEnd = toIsoDate(understanding.dateRange.end);
  }
  if (understanding.titleContains) known.titleContains = understanding.titleContains;
  if (understanding.doubts?.length) known.doubts = [...understanding.doubts];
  if (understanding.yearWritten) known.year = understanding.yearWritten;
  if (understanding.shiftDays !== undefined) known.shiftDays = understanding.shiftDays;
  if (understanding.lengthSaid) known.lengthSaid = understanding.lengthSaid;
  if (understanding.target?.kind === "id") known.targetId = understanding.target.annotationId;
  if (understanding.target?.kind === "title") known.targetTitle = understanding.target.title;
  if (understanding.target?.kind === "date")
    known.targetDate = toIsoDate(understanding.target.date);
  return known;
}

/** Whether the message asks for something of its own rather than answering. */
function isNewRequest(understanding: Understanding, question: PendingQuestion): boolean {
  if (
    ["list", "list_properties", "help", "reminder", "allowance", "confirm", "cancel"].includes(
      understanding.intent,
    )
  )
    return true;
  if (understanding.intent === "unknown") return false;
  // "put it in Paid Social" answers "which category?" whatever the question was about.
  if (question.asked === "category" && understanding.category && !understanding.title) return false;
  if (understanding.intent !== question.intent) {
    // "call it X" answers a create's title question; other changes are new requests.
    return !(
      question.asked === "title" &&
      understanding.intent === "update" &&
      !understanding.target
    );
  }
  return false;
}

/** What may follow a category's name in an answer: "campaigns then", "campaigns is fine". */
const CATEGORY_TAIL =
  /(?:\s+category)?(?:[\s,]+(?:then|though|tho|instead|please|pls|thanks|thx|is\s+fine|is\s+ok(?:ay)?|is\s+right|works|will\s+do))*[\s.!]*$/i;

/** How an answer to "what should it be called?" may lead to the name. */
const ANSWER_LEAD =
  /^(?:let'?s\s+(?:go\s+with|call\s+it|use|say)|lets\s+go\s+with|how\s+about|what\s+about|go\s+with|call\s+it|name\s+it|make\s+it|use)\s+(?=\S)/i;

/** A question's answer being read: the message, the question, and what was known before. */
interface Answering {
  understanding: Understanding;
  normalised: Pick<Normalised, "text" | "quotes">;
  question: PendingQuestion;
  today: CalendarDate;
  text: string;
  quote: string | undefined;
  known: Partial<Understanding>;
  merged: Understanding;
  sameIntent: boolean;
}

const NO_CATEGORY =
  /^\W*(?:(?:ok|okay|oh|then|fine|just)\W+)*(?:(?:no|without(?:\s+a)?|skip(?:\s+the)?)\s+categor(?:y|ies)\b|none\b)/i;

/** "Paid Social", the second option, "put it in Paid Social": the category asked for. */
function answerCategory({ understanding, question, text, quote, known }: Answering): Understanding {
  // "Paid Social", "the second one", "put it in Paid Social", "in the Promos category".
  const options = question.categoryOptions ?? [];
  const choice = CHOICE.exec(text);
  const chosen = choice
    ? options[(ORDINALS[(choice[1] ?? "").toLowerCase()] ?? Number(choice[1])) - 1]
    : undefined;
  const category =
    chosen ??
    understanding.category ??
    quote ??
    tidy(
      text
        .replace(
          /^(?:(?:ok(?:ay)?|fine|right|sorry|oh|ah)[\s,]+)*(?:(?:it'?s|its|it\s+is|(?:put|file)\s+it)\s+)?(?:(?:in|into|under)\s+)?(?:the\s+)?/i,
          "",
        )
        .replace(CATEGORY_TAIL, ""),
    );
  const answer: Understanding = { ...known, intent: question.intent, missing: [] };
  // "no category then, just save it": the request as it was, in none.
  if (NO_CATEGORY.test(text)) {
    const { category: _none, ...uncategorised } = answer;
    return uncategorised;
  }
  if (!category) return { ...answer, missing: ["category"] };
  answer.category = category;
  return answer;
}

/** The name asked for, and a day said with it. */
function answerTitle({
  understanding,
  normalised,
  question,
  today,
  text,
  quote,
  known,
  merged,
  sameIntent,
}: Answering): Understanding {
  // "yes please, title it X": acceptance, then the clause that names it.
  const naming = understanding.intent === "unknown" ? NAMING.exec(text) : null;
  const acceptedNaming =
    naming && onlyAcceptance(text.slice(0, naming.index))
      ? cleanTitle(text.slice(naming.index + naming[0].length), normalised.quotes)
      : undefined;
  // An offer is taken up by a create or a named yes, never by whatever comes next.
  if (question.offer && understanding.intent !== "create" && acceptedNaming === undefined)
    return understanding;
  // "Affiliate commission change, on the 6th": the name, and the day with it.
  const day =
    understanding.intent === "unknown" && !quote && acceptedNaming === undefined
      ? dayAfterName(text, today)
      : undefined;
  const named = day ? cut(text, dateLeadIn(text, day.index), day.end) : text;
  const given =
    understanding.intent === "create"
      ? understanding.title
      : understanding.intent === "update"
        ? understanding.newTitle
        : (acceptedNaming ?? quote ?? cleanTitle(named, normalised.quotes));
  // "let's go with Q4 review", "how about Launch": the words before the name are not it.
  const title = quote ?? given?.replace(ANSWER_LEAD, "");
  if (!title) return { ...merged, missing: ["title"] };
  const answer: Understanding = {
    ...known,
    ...(sameIntent ? understanding : {}),
    intent: question.intent,
    missing: [],
  };
  if (question.intent === "create") answer.title = title;
  else answer.newTitle = title;
  if (day && question.intent === "create") answer.date = day.date;
  // A create's default day (today) never replaces the day the person gave before.
  if (known.date && !findDate(text, today)) {
    answer.date = known.date;
    answer.doubts = answer.doubts?.filter((doubt) => doubt !== noDaySaid);
    if (answer.doubts?.length === 0) delete answer.doubts;
  }
  if (!answer.date && question.intent === "create") answer.date = today;
  delete answer.target;
  if (known.target) answer.target = known.target;
  return answer;
}

/** The day, or the days, asked for. */
function answerDate({
  understanding,
  question,
  today,
  text,
  known,
  merged,
  sameIntent,
}: Answering): Understanding {
  // "Monday to Wednesday last week", "the week of the 2nd": the days it covers.
  const span = question.intent === "list" ? undefined : findSpan(text, today);
  if (span)
    return {
      ...known,
      ...(sameIntent ? understanding : {}),
      intent: question.intent,
      date: span.range.start,
      endDate: span.range.end,
      missing: [],
    };
  // The whole answer is the day: "Christmas Eve" needs no "on" to be one.
  const read = understanding.date ?? (findDate(text, today) ?? findDate(`on ${text}`, today))?.date;
  // "Feb 29, 2025" then "Feb 28 then": the year written before, unless the answer gives one.
  const inYear =
    read && question.known.year && !/\b\d{4}\b/.test(text)
      ? { ...read, year: question.known.year }
      : undefined;
  const found = inYear && isRealDate(inYear) ? inYear : read;
  if (!found) return { ...merged, missing: ["date"] };
  return {
    ...known,
    ...(sameIntent ? understanding : {}),
    intent: question.intent,
    date: found,
    missing: [],
  };
}

/** "I couldn't place “yellow”": a doubt about a colour word, GA4's or not. */
function unplacedColour(doubt: string): boolean {
  const word = /^I couldn't place “([^”]+)”$/.exec(doubt)?.[1];
  return word !== undefined && colourAlone(word) !== undefined;
}

/** What to change, asked for after the annotation was named. */
function answerChange({ understanding, today, text, known, sameIntent }: Answering): Understanding {
  // "fine, brown", "no, the day before", "thru the 8th": a value said alone is the change.
  const { unknownColour: _other, ...said } = readValuesAlone(text, today, []) ?? {};
  const color: AnnotationColor | undefined =
    understanding.color ?? said.color ?? findColor(text, "loose")?.color;
  const saysDays = said.date ?? said.endDate ?? said.shiftDays ?? said.lengthSaid ?? said.clearEnd;
  const date =
    understanding.date ??
    (color || saysDays !== undefined ? said.date : findDate(text, today)?.date);
  const answer: Understanding = {
    ...known,
    ...(sameIntent ? understanding : {}),
    intent: "update",
    missing: [],
  };
  if (known.target) answer.target = known.target;
  if (color) answer.color = color;
  // The colour GA4 lacks, which the question was about, is placed now that one was chosen.
  if (color && answer.doubts) {
    answer.doubts = answer.doubts.filter((doubt) => !unplacedColour(doubt));
    if (answer.doubts.length === 0) delete answer.doubts;
  }
  if (date) answer.date = date;
  if (said.endDate) answer.endDate = said.endDate;
  if (said.shiftDays !== undefined) answer.shiftDays = said.shiftDays;
  if (said.lengthSaid) answer.lengthSaid = said.lengthSaid;
  if (said.clearEnd) answer.clearEnd = true;
  if (said.bareDays) answer.bareDays = true;
  if (said.newDescription !== undefined) answer.newDescription = said.newDescription;
  if (sameIntent && understanding.newTitle) answer.newTitle = understanding.newTitle;
  const changes = [
    answer.color,
    answer.date,
    answer.endDate,
    answer.shiftDays,
    answer.lengthSaid,
    answer.clearEnd,
  ];
  if (
    changes.every((change) => change === undefined) &&
    !answer.newTitle &&
    answer.newDescription === undefined
  )
    return { ...answer, missing: ["change"] };
  return answer;
}

/** Which annotation: one of the options offered, by place, day or title, or one named anew. */
function answerTarget({
  understanding,
  normalised,
  question,
  today,
  text,
  quote,
  known,
  merged,
  sameIntent,
}: Answering): Understanding {
  let target = sameIntent ? understanding.target : undefined;
  const options = question.options ?? [];
  const choice = CHOICE.exec(text);
  if (!target && choice && options.length > 0) {
    const word = (choice[1] ?? "").toLowerCase();
    const index = (ORDINALS[word] ?? Number(word)) - 1;
    const option = options[index];
    if (option) target = { kind: "id", annotationId: option.annotationId };
  }
  if (!target && LAST_CHOICE.test(text) && options.length > 0)
    target = { kind: "id", annotationId: options[options.length - 1]!.annotationId };
  const named = withoutCorrection(text);
  if (!target && options.length > 0) {
    // "the one from Nov 3", the title of one of them, or words of only one's title ("the
    // android one", "sorry, I meant the payment one").
    const date = findDate(text, today)?.date;
    const iso = date ? toIsoDate(date) : undefined;
    const wanted = (quote ?? text).toLowerCase();
    const byWords = titleMatches(options, quote ?? bareTitle(named)).matches;
    const option =
      options.find((o) => iso && o.date === iso) ??
      options.find((o) => o.title.toLowerCase() === wanted || o.annotationId === wanted) ??
      (byWords.length === 1 ? byWords[0] : undefined);
    if (option) target = { kind: "id", annotationId: option.annotationId };
  }
  if (!target && understanding.intent === "unknown") target = parseTarget(named, normalised.quotes);
  if (!target) return { ...merged, missing: ["target"] };
  const answer: Understanding = {
    ...known,
    ...(sameIntent ? understanding : {}),
    intent: question.intent,
    target,
    missing: [],
  };
  delete answer.pointsBack;
  return answer;
}

export function continueConversation(
  understanding: Understanding,
  normalised: Pick<Normalised, "text" | "quotes">,
  question: PendingQuestion | undefined,
  today: CalendarDate,
): Understanding {
  if (!question) return understanding;
  const text = tidy(normalised.text);
  const quote = soleQuote(text, normalised.quotes);
  // The title of one of the options offered, alone ("“Black Friday sale”"), picks it.
  const wanted = (quote ?? text).toLowerCase();
  const picksOption =
    question.asked === "choice" &&
    (question.options ?? []).some((option) => option.title.toLowerCase() === wanted);
  if (!picksOption && isNewRequest(understanding, question)) return understanding;
  const known = knownPieces(question);
  const merged: Understanding = { ...known, ...understanding, intent: question.intent };
  const sameIntent = understanding.intent === question.intent;

  const answering: Answering = {
    understanding,
    normalised,
    question,
    today,
    text,
    quote,
    known,
    merged,
    sameIntent,
  };
  switch (question.asked) {
    case "category":
      return answerCategory(answering);
    case "title":
      return answerTitle(answering);
    case "date":
      return answerDate(answering);
    case "change":
      return answerChange(answering);
    case "target":
    case "choice":
      return answerTarget(answering);
  }
}
