/** How the blind sets' writers noted what a careful assistant does, in the corpus checker's terms. */
import { toIsoDate } from "../../../../shared/calendar-date.js";
import type { Category } from "../../../../shared/contracts/categories.js";
import { matchCategory } from "../../categories/categories-service.js";
import type { KnownAnnotation } from "../offline-engine/known-annotations.js";
import type { Understanding } from "../offline-engine/understanding.js";

/** The categories of the person the corpus is read for. */
export const corpusCategoryNames = ["Campaigns", "Incidents", "Paid Social", "Site/App Releases"];

/** The blind sets' person has one category more. */
export const blindCategoryNames = [...corpusCategoryNames, "Experiments"];

/**
 * Blind set 9's notation for questions, in the checker's terms (notation only, the meaning compared
 * is the same): intent `traffic` is a traffic question, about one day when one day is named and
 * about a period otherwise; a list's or a traffic period's days are `date=`…`end=` where the other
 * sets write `range=`.
 */
export function questionTerms(
  intent: string,
  fields: Record<string, string>,
  understanding: Understanding,
): { intent: string; fields: Record<string, string> } {
  const period = intent === "list" || intent === "traffic";
  if (!period) return { intent, fields };
  const oneDay = fields.date !== undefined && fields.end === undefined && fields.by === undefined;
  const named = fields.date !== undefined || fields.by !== undefined;
  const wanted =
    intent === "list"
      ? "list"
      : oneDay
        ? "traffic_day"
        : named || !understanding.intent.startsWith("traffic_")
          ? "traffic_period"
          : understanding.intent;
  if (wanted === "traffic_day" || fields.date === undefined || fields.range !== undefined)
    return { intent: wanted, fields };
  const { date, end, ...rest } = fields;
  // A traffic period running past the reference day's eve ("this month") is answered over the
  // days that have figures, as GA4's charts are: the sets write the calendar period. One asked
  // "since" a day is read up to today, as said, its figures stopping at yesterday all the same.
  const upToNow = understanding.dateRange && toIsoDate(understanding.dateRange.end) > CORPUS_EVE;
  const clipped =
    wanted === "traffic_period" && !upToNow && end && end > CORPUS_EVE && date <= CORPUS_EVE;
  const last = clipped ? CORPUS_EVE : end;
  return { intent: wanted, fields: { ...rest, range: `${date}..${last ?? date}` } };
}

/** The last day with figures on the corpus's reference day, Monday 2026-11-23. */
const CORPUS_EVE = "2026-11-22";

/**
 * Where the blind sets name things as the product resolves them: a target's title in any case
 * (annotations are found ignoring case), and a category by its name where the engine keeps the
 * words that name it ("incident" names Incidents, through the categories service's matching).
 */
export function sameMeaning(field: string, got: string, wanted: string): boolean {
  if (field === "target") {
    // A target written as a bare title ("target=Summer sale") means that title.
    const meant = /^(?:title|id|date):|^(?:last|back)$/.test(wanted) ? wanted : `title:${wanted}`;
    return got.toLowerCase() === meant.toLowerCase();
  }
  // A title typed in lower case is still that title ("klaviyo welcome flow" for "Klaviyo …").
  if (field === "title" || field === "newTitle")
    return (
      got.length > 0 &&
      got.slice(1) === wanted.slice(1) &&
      got[0]!.toLowerCase() === wanted[0]!.toLowerCase()
    );
  // The blind writers name a measure as people say it: "users" is GA4's active users, and
  // "conversions" its key events (GA4's name for them since 2024).
  if (field === "metric") return metricSaid[wanted.toLowerCase()] === got;
  if (field !== "category" || got === "-" || wanted === "-") return false;
  return namedCategory(got, blindCategoryNames) === wanted;
}

const metricSaid: Record<string, string> = {
  users: "activeUsers",
  "active users": "activeUsers",
  conversions: "keyEvents",
  "key events": "keyEvents",
};

/** The one category of these names a phrase means, as the categories service matches it. */
export function namedCategory(phrase: string, names: readonly string[]): string | undefined {
  const match = matchCategory(
    names.map((name, index) => ({
      id: String(index),
      name,
      color: "BLUE",
      namingTemplate: null,
    })) as unknown as Category[],
    phrase,
  );
  return match.kind === "found" ? match.category.name : undefined;
}

/**
 * The older sets write a request Tidemark does not serve ("write me a haiku", "what's the
 * weather?") and small talk ("thank you, that's all") as `unknown`, the newer ones as `help`: both
 * mean nothing is done and a word on what the assistant does is said, which the product's small
 * talk now says in a line of its own ("That's outside what I do", "You're welcome").
 */
export function sameIntent(understanding: Understanding, wanted: string): boolean {
  if (understanding.intent === wanted) return true;
  // A create draft confirmed with an edit ("call it X and save it"): older sets write the create
  // it completes, newer ones the confirm; the fields say what is written either way.
  // The other way round, a title asked for and given with "and save": the create it completes.
  const creates = (intent: string) => intent === "create" || intent === "confirm";
  if (creates(wanted) && creates(understanding.intent) && understanding.title) return true;
  // "how many annotations can I add a day?" is a question about the product, which the newer sets
  // write as help: the allowance answer is that answer, nothing done.
  if (wanted === "help" && understanding.intent === "allowance") return true;
  const declined = ["outside", "rules", "complaint", "thanks", "greeting"] as const;
  return (
    wanted === "unknown" &&
    understanding.intent === "help" &&
    declined.some((topic) => topic === understanding.helpTopic)
  );
}

/**
 * What the reading asks for, in the corpus's terms: a colour GA4 lacks is the colour asked for
 * (the card's note under it, or the change's question), as the blind sets write `missing=color`.
 */
export function missingOf(understanding: Understanding): string | undefined {
  const missing: string[] = [...understanding.missing];
  if (understanding.unknownColour) {
    const change = missing.indexOf("change");
    if (change >= 0) missing.splice(change, 1);
    missing.push("color");
  }
  // An end still to come is left open on the card, which says so: the end asked about.
  if (understanding.endStillToCome) missing.push("end");
  return missing.length > 0 ? missing.join(",") : undefined;
}

/**
 * "how did the radio spots do?" is answered with the annotation's measured impact, which gives the
 * traffic over exactly its days: the traffic question the sets write, about those days.
 */
export function measuredDays(
  understanding: Understanding,
  named: KnownAnnotation | undefined,
  wantedIntent: string,
  actual: Record<string, string | undefined>,
): boolean {
  if (understanding.intent !== "impact" || !named || !/^traffic/.test(wantedIntent)) return false;
  if (wantedIntent === "traffic_day") actual.date = named.date;
  else actual.range = `${named.date}..${named.endDate ?? named.date}`;
  return true;
}
