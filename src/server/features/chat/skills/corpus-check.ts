/**
 * Scores the offline engine's reading of a phrasing corpus (stages 1–4: normalise → intents →
 * slots → continue). The corpus is plain text, one case a line:
 *
 *   intent | message | field=value; field=value
 *
 * Fields name only what the case is about: title, date (YYYY-MM-DD), end (a created range's last
 * day), range (a list's start..end), color, colors (several, as red/blue), latest (how many of
 * the newest),
 * target (title:…, id:…, date:YYYY-MM-DD, last, back for "it"/"that one"), newTitle, contains, missing (a,b),
 * category (the words naming a category, as written; "-" for none: a title word that is not one),
 * clear (yes: out of its category),
 * every (a deletion of whatever matches), and q (the question the assistant had asked:
 * create:title, create:date, update:change, update:target, delete:choice, create:category,
 * update:category), for follow-ups.
 * description (a description to set), clear (a field emptied: description or category), and
 * outcome: what the turn does — write (a create or change made at once, the default for those),
 * preview (nothing written: a preview card or a question), confirm (a deletion's confirmation,
 * the default for deletions), answer (anything else).
 * Used by the corpus test and `npm run bench`, which report accuracy on every set and the wrong
 * writes: a turn the engine would write at once where the expected fields differ, or where a
 * preview or a question was expected. The person reading the corpus has the categories in
 * `corpusCategoryNames` (the blind sets add Experiments).
 *
 * Conversations (blind-conversations.txt, format in its header) are read turn by turn: each turn
 * with the question the previous turn left open, and "it" as the annotation the previous turn
 * was about. Only the reading is checked (stages 1–4); a turn's outcome is the one its reading
 * leads to.
 */
import {
  type CalendarDate,
  addDays,
  compareDates,
  fromIsoDate,
  toIsoDate,
} from "../../../../shared/calendar-date.js";
import { daysCarriedOut } from "./changed-days.js";
import { lastDayOf } from "../offline-engine/lengths.js";
import type { KnownAnnotation } from "../offline-engine/known-annotations.js";
import { ConversationEffects, type DeclaredAnnotation } from "./corpus-effects.js";
import { askedBefore } from "../offline-engine/follow-up.js";
import { correctedText } from "../offline-engine/gate-follow-ups.js";
import type {
  AskedBefore,
  PendingQuestion,
  Understanding,
} from "../offline-engine/understanding.js";
import { readMessage } from "./reading.js";
import {
  blindCategoryNames,
  corpusCategoryNames,
  namedCategory,
  measuredDays,
  missingOf,
  questionTerms,
  sameIntent,
  sameMeaning,
} from "./corpus-notation.js";

export { blindCategoryNames, corpusCategoryNames };
import { draftLeftBy, overDraft, questionLeftBy, type WaitingDraft } from "./corpus-drafts.js";
import { readTypedDecision } from "../conversation-state.js";
import {
  duringDays,
  focusFills,
  foundByTitle,
  listedOne,
  namedAsFound,
  pickedByTitle,
  renamedNotYet,
  resolveAgainst,
} from "./corpus-targets.js";

export interface CorpusCase {
  line: number;
  intent: string;
  message: string;
  expected: Record<string, string>;
}

/** The options a choice question offered, the same for every follow-up case. */
export const corpusOptions = [
  { annotationId: "101", title: "Black Friday sale", date: "2026-11-20" },
  { annotationId: "102", title: "Black Friday email", date: "2026-11-21" },
  { annotationId: "103", title: "Black Friday ads", date: "2026-11-12" },
];

export function parseCorpus(text: string): CorpusCase[] {
  const cases: CorpusCase[] = [];
  text.split("\n").forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith("#")) return;
    const [intent = "", message = "", fields = ""] = line.split("|");
    const expected: Record<string, string> = {};
    for (const field of fields.split(";")) {
      const at = field.indexOf("=");
      if (at > 0) expected[field.slice(0, at).trim()] = field.slice(at + 1).trim();
    }
    cases.push({ line: index + 1, intent: intent.trim(), message: message.trim(), expected });
  });
  return cases;
}

function questionOf(spec: string): PendingQuestion {
  const [intent, asked] = spec.split(":") as [PendingQuestion["intent"], PendingQuestion["asked"]];
  const known: PendingQuestion["known"] =
    asked === "title" ? { date: "2026-11-12" } : asked === "date" ? { title: "Launch" } : {};
  if (asked === "change") known.targetId = "103";
  if (asked === "category") {
    // "Which category?" after 'log "Launch" on Nov 12 in social' or 'put “Black Friday ads” in social'.
    if (intent === "create") Object.assign(known, { title: "Launch", date: "2026-11-12" });
    else known.targetId = "103";
    return { intent, asked, known, categoryOptions: ["Paid Social", "Organic Social"] };
  }
  return { intent, asked, known, ...(asked === "choice" ? { options: corpusOptions } : {}) };
}

export function readCase(
  message: string,
  today: { year: number; month: number; day: number },
  q?: string | PendingQuestion,
  categoryNames: readonly string[] = corpusCategoryNames,
  annotations?: readonly KnownAnnotation[],
  asked?: AskedBefore,
): Understanding {
  return readMessage({
    message,
    today,
    categoryNames,
    ...(q ? { question: typeof q === "string" ? questionOf(q) : q } : {}),
    ...(annotations ? { annotations } : {}),
    ...(asked ? { asked } : {}),
  });
}

const WRITES = new Set(["create", "update"]);

/** What a reading leads to: a write at once, a preview or question, a deletion's confirmation. */
export function outcomeOf(understanding: Understanding): string {
  const { intent } = understanding;
  if (intent === "delete") return understanding.missing.length > 0 ? "preview" : "confirm";
  if (!WRITES.has(intent)) return "answer";
  if (
    understanding.missing.length > 0 ||
    (understanding.doubts?.length ?? 0) > 0 ||
    understanding.unreadPart !== undefined
  )
    return "preview";
  return "write";
}

function expectedOutcome(corpusCase: CorpusCase): string {
  const written = corpusCase.expected.outcome;
  if (written) return written === "ask" ? "preview" : written;
  if (corpusCase.expected.missing) return WRITES.has(corpusCase.intent) ? "preview" : "answer";
  if (corpusCase.intent === "delete") return "confirm";
  return WRITES.has(corpusCase.intent) ? "write" : "answer";
}

function describeTarget(understanding: Understanding): string | undefined {
  const target = understanding.target;
  if (!target) return understanding.pointsBack ? "back" : undefined;
  if (target.kind === "id") return `id:${target.annotationId}`;
  if (target.kind === "title") return `title:${target.title}`;
  if (target.kind === "date") return `date:${toIsoDate(target.date)}`;
  if (target.kind === "color") return `color:${target.color.toLowerCase()}`;
  return "last";
}

/** What the engine read, in the corpus's own terms, for the fields the case names. */
export function actualFields(understanding: Understanding): Record<string, string | undefined> {
  return {
    title: understanding.title,
    date: understanding.date ? toIsoDate(understanding.date) : undefined,
    end: understanding.endDate ? toIsoDate(understanding.endDate) : undefined,
    range: understanding.dateRange
      ? `${toIsoDate(understanding.dateRange.start)}..${toIsoDate(understanding.dateRange.end)}`
      : undefined,
    near: understanding.near ? toIsoDate(understanding.near) : undefined,
    color: understanding.color?.toLowerCase(),
    colors: understanding.colors?.map((color) => color.toLowerCase()).join("/"),
    latest: understanding.latest?.toString(),
    target: describeTarget(understanding),
    newTitle: understanding.newTitle,
    contains: understanding.titleContains,
    missing: missingOf(understanding),
    every: understanding.everyMatch ? "yes" : undefined,
    category: understanding.category ?? "-",
    clear: understanding.clearCategory ? "yes" : undefined,
    metric: understanding.metric,
    by: understanding.by,
    reverts: understanding.reverts,
    description: understanding.description ?? understanding.newDescription,
    outcome: outcomeOf(understanding),
  };
}

/** The blind sets' `clear=`: the field emptied. */
function clearedField(understanding: Understanding): string | undefined {
  if (understanding.newDescription === "") return "description";
  if (understanding.clearCategory) return "category";
  if (understanding.clearEnd) return "end";
  return undefined;
}

export interface CaseResult {
  case: CorpusCase;
  passed: boolean;
  differences: string[];
  /** What the engine would do: write, preview, confirm or answer. */
  outcome: string;
  /** It would write at once, and not what was expected (other fields, or no write at all). */
  wrongWrite: boolean;
  /** A preview where a write at once was expected: one more click, nothing wrong written. */
  needsClick: boolean;
  /** The "which one?" the product asks when the target names none or several (conversations). */
  asks?: PendingQuestion;
}

export interface CheckOptions {
  categoryNames?: readonly string[];
  /** The question the previous turn left open (conversations). */
  question?: PendingQuestion;
  /** The title of the annotation "it" means (conversations). */
  focusTitle?: string;
  /**
   * The property's annotations, as `@annotation` lines declare them. The reading is given them as
   * the product gives it the property's, and a target is found among them as the product finds
   * it: one that names none (or several) is asked about, never written.
   */
  annotations?: readonly KnownAnnotation[];
}

/**
 * The days a change gives its annotation, as the change works them out: a day said by its number
 * alone in the annotation's own month, a day that cannot be asked about instead, and one day said
 * of a range ("no, it was just the 4th"), which makes it that day: its end goes.
 */
function carryDays(
  actual: Record<string, string | undefined>,
  understanding: Understanding,
  named: KnownAnnotation,
  clearIsYes: boolean,
): void {
  const { asks, ...days } = daysCarriedOut(understanding, {
    title: named.title,
    start: fromIsoDate(named.date),
    ...(named.endDate ? { end: fromIsoDate(named.endDate) } : {}),
  });
  if (asks) {
    actual.outcome = "answer";
    return;
  }
  if (understanding.bareDays) Object.assign(actual, days);
  const oneDay =
    understanding.date && !understanding.endDate && understanding.shiftDays === undefined;
  if (oneDay && named.endDate && !clearIsYes) actual.clear ??= "end";
}

/**
 * A change counted from the annotation's own days, as the product's change counts it: a shift
 * moves every day a range covers; a length ends it so many days on.
 */
function carryCounted(
  actual: Record<string, string | undefined>,
  understanding: Understanding,
  focusDate: CalendarDate,
  namedEnd: string | undefined,
): void {
  if (understanding.shiftDays !== undefined) {
    actual.date = toIsoDate(addDays(focusDate, understanding.shiftDays));
    // A shift moves every day a range covers, as the product's change does.
    if (namedEnd) actual.end = toIsoDate(addDays(fromIsoDate(namedEnd), understanding.shiftDays));
  }
  if (understanding.lengthSaid && actual.outcome === "write") {
    const first = actual.date ? fromIsoDate(actual.date) : focusDate;
    const last = lastDayOf(
      understanding.lengthSaid,
      first,
      namedEnd ? fromIsoDate(namedEnd) : first,
    );
    // As the product's change: a last day still to come changes nothing; one day has no end.
    if (toIsoDate(last) > CORPUS_TODAY) {
      actual.outcome = "answer";
      delete actual.end;
    } else if (compareDates(last, first) === 0) {
      delete actual.end;
      if (namedEnd) actual.clear = "end";
    } else if (compareDates(last, first) > 0) actual.end = toIsoDate(last);
    else actual.outcome = "answer";
  }
}

/** The corpus's reference day (its headers'): Monday 2026-11-23. */
const CORPUS_TODAY = "2026-11-23";

/** The `@annotation <title> | date=…[; end=…][; color=…]…` lines of a conversations file. */
export function parseDeclaredAnnotations(text: string): DeclaredAnnotation[] {
  const declared: DeclaredAnnotation[] = [];
  for (const line of text.split("\n")) {
    const match = /^@annotation\s+(.+?)\s*\|(.*)$/.exec(line.trim());
    if (!match) continue;
    const fields = parseCorpus(`x|x|${match[2]}`)[0]?.expected ?? {};
    if (!fields.date) continue;
    declared.push({
      title: match[1]!,
      date: fields.date,
      ...(fields.end ? { endDate: fields.end } : {}),
      ...(fields.color ? { color: fields.color } : {}),
      ...(fields.category ? { category: fields.category } : {}),
      ...(fields.description ? { description: fields.description } : {}),
    });
  }
  return declared;
}

export function checkCase(
  corpusCase: CorpusCase,
  today = fromIsoDate("2026-11-23"),
  options: CheckOptions = {},
): CaseResult {
  const understanding = readCase(
    corpusCase.message,
    today,
    options.question ?? corpusCase.expected.q,
    options.categoryNames,
    options.annotations,
  );
  return compare(
    corpusCase,
    understanding,
    options.focusTitle,
    undefined,
    options.annotations,
    undefined,
    options.categoryNames ?? corpusCategoryNames,
  );
}

function compare(
  corpusCase: CorpusCase,
  understanding: Understanding,
  focusTitle?: string,
  /** The day of the annotation "it" means, for a change by so many days. */
  focusDate?: CalendarDate,
  annotations?: readonly KnownAnnotation[],
  effects?: ConversationEffects,
  categoryNames?: readonly string[],
): CaseResult {
  const { q: _q, ...written } = corpusCase.expected;
  understanding = duringDays(understanding, annotations);
  const { intent: wantedIntent, fields } = questionTerms(corpusCase.intent, written, understanding);
  const actual = actualFields(understanding);
  // dev.txt writes clear=yes (out of its category); the blind sets name the field emptied.
  if (fields.clear !== "yes") actual.clear = clearedField(understanding);
  const asks = annotations
    ? resolveAgainst(actual, understanding, focusTitle, annotations)
    : undefined;
  // A category the person does not have: a create or change asks which of theirs it goes in, or
  // none (`resolve.ts`), nothing written until then; anything else says so plainly.
  if (
    categoryNames &&
    understanding.category &&
    !namedCategory(understanding.category, categoryNames)
  ) {
    const writes = WRITES.has(understanding.intent) && categoryNames.length > 0;
    actual.outcome = writes ? "preview" : "answer";
    if (writes) actual.missing = [actual.missing, "category"].filter(Boolean).join(",");
  }
  // The day a shift counts from is the annotation's before this turn changes it.
  const target = understanding.target;
  // "it" and "the last one" are the annotation in focus, as the product resolves them.
  const meant =
    target?.kind === "title"
      ? target.title
      : understanding.pointsBack || target?.kind === "last"
        ? focusTitle
        : undefined;
  const named = annotations && meant ? foundByTitle(annotations, meant)?.found : undefined;
  if (named) focusDate = fromIsoDate(named.date);
  // Its last day before this turn changes it (carrying out the turn changes the same record).
  const namedEnd = named?.endDate;
  if (understanding.intent === "update" && named && actual.outcome === "write")
    carryDays(actual, understanding, named, fields.clear === "yes");
  // A description said as a correction corrects the words of the one there, as the change does.
  const described = (named as DeclaredAnnotation | undefined)?.description;
  if (understanding.descriptionCorrects && described && actual.description)
    actual.description = correctedText(described, actual.description);
  // A confirmation's or an undo's effect is what it is scored on: the reading alone has none.
  Object.assign(actual, effects?.carryOut(understanding, actual.outcome!, focusTitle));
  if (focusDate) carryCounted(actual, understanding, focusDate, namedEnd);
  // "it" and "the last one" name the annotation in focus, as the product resolves them.
  if ((actual.target === "back" || actual.target === "last") && focusTitle)
    actual.target = `title:${focusTitle}`;
  const measuresDays = measuredDays(understanding, named, wantedIntent, actual);
  const differences: string[] = [];
  if (!measuresDays && !sameIntent(understanding, wantedIntent))
    differences.push(`intent: ${understanding.intent} ≠ ${wantedIntent}`);
  // An undo or a confirmation does what the change it settles does (the fields say what): its
  // outcome is wrong only where those fields are.
  const settles =
    (corpusCase.intent === "undo" || corpusCase.intent === "confirm") && !fields.outcome;
  const wantedOutcome = settles ? actual.outcome! : expectedOutcome(corpusCase);
  // The outcome is compared where the line states it; a preview where a write was expected is
  // counted apart (`needsClick`), as the one click it costs.
  for (const [field, wanted] of Object.entries(fields)) {
    // A change's new title written as title= ("rename X to Y | title=Y") is its new title.
    const renamed =
      field === "title" &&
      (corpusCase.intent === "update" ||
        (corpusCase.intent === "undo" && (fields.reverts ?? actual.reverts) === "update")) &&
      fields.newTitle === undefined;
    // A day's target, where the line names the annotation on it, is that annotation.
    const onDay =
      field === "target" && !wanted.startsWith("date:") ? actual.targetOnDay : undefined;
    const got = (renamed ? (actual.newTitle ?? actual.title) : (onDay ?? actual[field])) ?? "";
    if (field === "target" && renamedNotYet(got, wanted, annotations)) continue;
    if (got !== wanted && !sameMeaning(field, got, wanted))
      differences.push(`${field}: ${got || "∅"} ≠ ${wanted}`);
  }
  const outcome = actual.outcome!;
  return {
    case: corpusCase,
    passed: differences.length === 0,
    differences,
    outcome,
    wrongWrite: outcome === "write" && (differences.length > 0 || wantedOutcome !== "write"),
    needsClick: outcome === "preview" && wantedOutcome === "write",
    ...(asks ? { asks } : {}),
  };
}

/** One conversation of blind-conversations.txt: its name and its turns, in order. */
export interface CorpusConversation {
  name: string;
  line: number;
  turns: CorpusCase[];
  /** The property's annotations (`@annotation` lines): a list finds them, a title names them. */
  annotations?: readonly DeclaredAnnotation[];
}

/** The conversations of a file in the format its header describes; `@annotation` lines are state. */
export function parseConversations(text: string): CorpusConversation[] {
  const conversations: CorpusConversation[] = [];
  const annotations = parseDeclaredAnnotations(text);
  let message: string | undefined;
  text.split("\n").forEach((raw, index) => {
    const line = raw.trim();
    if (line.startsWith("## ")) {
      conversations.push({ name: line.slice(3).trim(), line: index + 1, turns: [], annotations });
      return;
    }
    const current = conversations.at(-1);
    if (!current) return;
    if (line.startsWith("> ")) message = line.slice(2).trim();
    else if (line.startsWith("= ") && message !== undefined) {
      const [turn] = parseCorpus(
        `${line.slice(2).split("|")[0]}|${message}|${line.split("|").slice(1).join("|")}`,
      );
      if (turn) current.turns.push({ ...turn, line: index + 1 });
      message = undefined;
    }
  });
  return conversations.filter((conversation) => conversation.turns.length > 0);
}

/** A conversation read turn by turn, each with what the turn before it left. */
export function checkConversation(
  conversation: CorpusConversation,
  today = fromIsoDate("2026-11-23"),
  categoryNames: readonly string[] = blindCategoryNames,
): CaseResult[] {
  let question: PendingQuestion | undefined;
  let focusTitle: string | undefined;
  let focusDate: CalendarDate | undefined;
  // What the property holds as the conversation goes, and what its turns did to it.
  const effects = conversation.annotations
    ? new ConversationEffects(conversation.annotations)
    : undefined;
  // The list or traffic question answered last, as the product keeps it for one turn.
  let asked: AskedBefore | undefined;
  // A create shown as a preview, waiting for its Create.
  let draft: WaitingDraft | undefined;
  // The turn before was held as a draft or preview, so nothing of it was written.
  let held = false;
  // A deletion waits for its yes, which the product reads as a reply to it ("yes, bin it").
  let deletionWaits = false;
  return conversation.turns.map((turn) => {
    const annotations = effects?.known;
    const decision = deletionWaits ? readTypedDecision(turn.message, "delete") : "other";
    const read = pickedByTitle(
      decision === "confirm" || decision === "cancel"
        ? readCase(decision === "confirm" ? "yes" : "no", today)
        : readCase(turn.message, today, question, categoryNames, annotations, asked),
      annotations,
    );
    // A line that wants the change as an update of the annotation the draft would make scores
    // the reading as that update: the same end, in the notation of a write made at once.
    const overWaiting =
      draft && (turn.intent !== "update" || !draft.pending)
        ? overDraft(draft, turn.message, read, today)
        : undefined;
    const understanding = focusFills(
      namedAsFound(overWaiting ?? read, annotations),
      focusTitle,
      annotations,
    );
    // A deletion confirmed is kept as the product keeps it: "and the printer one too" next.
    asked =
      deletionWaits && understanding.intent === "confirm"
        ? { intent: "delete" }
        : askedBefore(duringDays(understanding, annotations));
    const compared = compare(
      turn,
      understanding,
      focusTitle,
      focusDate,
      annotations,
      effects,
      categoryNames,
    );
    // "undo" while the change it means waits as a draft drops the draft: nothing of it was
    // written, so the property is as the undo would leave it.
    const result =
      turn.intent === "undo" && understanding.intent === "cancel" && held
        ? { ...compared, passed: true, differences: [] }
        : compared;
    held = result.outcome === "preview" && (turn.intent === "create" || turn.intent === "update");
    deletionWaits = result.outcome === "confirm";
    focusDate =
      understanding.date ??
      (understanding.shiftDays !== undefined && focusDate
        ? addDays(focusDate, understanding.shiftDays)
        : focusDate);
    // "it" is the annotation in focus by the time the product asks, as its resolve reads it.
    const resolved =
      understanding.pointsBack && !understanding.target && focusTitle
        ? { ...understanding, target: { kind: "title" as const, title: focusTitle } }
        : understanding;
    question = result.asks ?? questionLeftBy(resolved, categoryNames);
    draft = draftLeftBy(understanding, result.outcome);
    // A target that named no annotation (or several) is asked about: the focus stays where it was.
    focusTitle = result.asks
      ? focusTitle
      : (understanding.newTitle ??
        understanding.title ??
        (understanding.target?.kind === "title" ? understanding.target.title : undefined) ??
        listedOne(understanding, annotations) ??
        focusTitle);
    return result;
  });
}

/** One set of the corpus, scored: tuned against, or held out (only its share is ever read). */
export interface ScoredSet {
  name: string;
  heldOut: boolean;
  results: CaseResult[];
}

/**
 * The blind sets, each written engine-blind and scored once held out (its header records it);
 * blind set 5 stays held out, never tuned against. A new set is held out until its first scoring.
 */
const blindSets = Array.from({ length: 17 }, (_, at) => ({
  number: at + 1,
  heldOut: at + 1 === 5,
}));

/**
 * The corpus's sets, scored, from the files' texts by name (test/assistant-corpus/<name>.txt).
 * Each blind set is read with the annotations its conversations file declares.
 */
export function scoreCorpus(text: (name: string) => string): ScoredSet[] {
  const phrasings = (name: string, conversationsName?: string) => {
    const options = conversationsName
      ? {
          categoryNames: blindCategoryNames,
          annotations: parseDeclaredAnnotations(text(conversationsName)),
        }
      : {};
    return parseCorpus(text(name)).map((corpusCase) => checkCase(corpusCase, undefined, options));
  };
  const talks = (name: string) =>
    parseConversations(text(name)).flatMap((conversation) => checkConversation(conversation));
  return [
    { name: "development", heldOut: false, results: phrasings("dev") },
    { name: "held-out", heldOut: true, results: phrasings("held-out") },
    ...blindSets.flatMap(({ number, heldOut }) => {
      const file = number === 1 ? "blind" : `blind-${number}`;
      return [
        { name: `blind ${number}`, heldOut, results: phrasings(file, `${file}-conversations`) },
        { name: `blind ${number} talks`, heldOut, results: talks(`${file}-conversations`) },
      ];
    }),
  ];
}
