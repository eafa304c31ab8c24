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
 * Used by the corpus test and `npm run bench`, which report accuracy on both sets. The person
 * reading the corpus has the categories in `corpusCategoryNames`.
 */
import { fromIsoDate, toIsoDate } from "../../../../shared/calendar-date.js";
import { continueConversation } from "../offline-engine/continue-conversation.js";
import { readIntent } from "../offline-engine/intents.js";
import { normalise } from "../offline-engine/normalise.js";
import type { PendingQuestion, Understanding } from "../offline-engine/understanding.js";
import { readSlots } from "./reading.js";

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

/** The categories of the person the corpus is read for. */
export const corpusCategoryNames = ["Campaigns", "Incidents", "Paid Social", "Site/App Releases"];

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
  q?: string,
): Understanding {
  const normalised = normalise(message);
  const alone = readSlots(readIntent(normalised.text), normalised, today, corpusCategoryNames);
  return q ? continueConversation(alone, normalised, questionOf(q), today) : alone;
}

function describeTarget(understanding: Understanding): string | undefined {
  const target = understanding.target;
  if (!target) return understanding.pointsBack ? "back" : undefined;
  if (target.kind === "id") return `id:${target.annotationId}`;
  if (target.kind === "title") return `title:${target.title}`;
  if (target.kind === "date") return `date:${toIsoDate(target.date)}`;
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
    color: understanding.color?.toLowerCase(),
    colors: understanding.colors?.map((color) => color.toLowerCase()).join("/"),
    latest: understanding.latest?.toString(),
    target: describeTarget(understanding),
    newTitle: understanding.newTitle,
    contains: understanding.titleContains,
    missing: understanding.missing.length > 0 ? understanding.missing.join(",") : undefined,
    every: understanding.everyMatch ? "yes" : undefined,
    category: understanding.category ?? "-",
    clear: understanding.clearCategory ? "yes" : undefined,
    metric: understanding.metric,
  };
}

export interface CaseResult {
  case: CorpusCase;
  passed: boolean;
  differences: string[];
}

export function checkCase(corpusCase: CorpusCase, today = fromIsoDate("2026-11-23")): CaseResult {
  const { q, ...fields } = corpusCase.expected;
  const understanding = readCase(corpusCase.message, today, q);
  const actual = actualFields(understanding);
  const differences: string[] = [];
  if (understanding.intent !== corpusCase.intent)
    differences.push(`intent: ${understanding.intent} ≠ ${corpusCase.intent}`);
  for (const [field, wanted] of Object.entries(fields)) {
    const got = actual[field] ?? "";
    if (got !== wanted) differences.push(`${field}: ${got || "∅"} ≠ ${wanted}`);
  }
  return { case: corpusCase, passed: differences.length === 0, differences };
}
