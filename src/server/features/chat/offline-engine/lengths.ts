/**
 * How long an annotation runs, said as a length rather than a last day: "it ran for 3 days",
 * "make it two weeks", "it ran a day longer", "the code died two days early", "extend it by a
 * week". A length counts from the annotation's own days, which the reading may not know ("it"
 * is resolved later), so it is kept as said and its last day worked out where the days are.
 */
import { addDays, type CalendarDate } from "../../../../shared/calendar-date.js";
import { daysInUnit, parseCount } from "./count-words.js";

/** All the days it covers from its first, or days added to (or taken from) its last. */
export type LengthSaid = { totalDays: number } | { moreDays: number };

const COUNT = String.raw`(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})`;
const UNIT = String.raw`(day|week|fortnight)s?`;
const RAN = String.raw`(?:ran|run|runs|lasted|lasts|last|went\s+on|goes\s+on|was\s+(?:on|live|up)|should\s+(?:run|last|be|have\s+been))`;

/** "ran for 3 days", "two weeks in total", "a week long": every day from its first. */
const TOTAL = new RegExp(
  String.raw`(?:\b${RAN}\s+)?(?:\bfor\s+)?\b${COUNT}\s+(?:whole\s+|full\s+)?${UNIT}(?:\s+(?:in\s+total|in\s+all|total|altogether|long))?\b`,
  "i",
);
/** "ran a day longer", "a week more": days after its last. */
const LONGER = new RegExp(
  String.raw`(?:\b${RAN}\s+)?(?:\bfor\s+)?\b${COUNT}\s+${UNIT}\s+(longer|more|extra|shorter|less)\b`,
  "i",
);
/** "ended two days early", "the code died a day sooner", "finished a week late". */
const ENDED_OFF = new RegExp(
  String.raw`\b(?:ended|finished|stopped|died|closed|wrapped\s+up|came\s+down|was\s+pulled|got\s+pulled)\s+${COUNT}\s+${UNIT}\s+(early|earlier|sooner|late|later)\b`,
  "i",
);
/** "extend it by a week", "shorten it by 2 days", "add two more days". */
const BY = new RegExp(
  String.raw`\b(extend|lengthen|stretch|shorten|cut)\s+(?:it|that|this|the\s+range)\s+(?:by\s+)?${COUNT}\s+${UNIT}\b|\badd\s+(?:on\s+)?${COUNT}\s+(?:more|extra)\s+${UNIT}\b`,
  "i",
);

export interface FoundLength {
  length: LengthSaid;
  index: number;
  end: number;
}

const days = (count: string, unit: string) => (parseCount(count) ?? 1) * daysInUnit(unit);

/**
 * The length a text says, wherever it stands in it. A count and a unit alone ("two weeks") are a
 * length only when they are the whole text (`alone`): in a sentence they need "ran", "for" or
 * "long" ("two weeks ago" is a day).
 */
export function findLength(text: string, alone = false): FoundLength | undefined {
  // "3 days a week" is how often, not how long.
  if (/\b(?:days?|weeks?)\s+(?:a|an|per|each|every)\s+(?:week|month|day)\b/i.test(text))
    return undefined;
  const at = (match: RegExpExecArray, length: LengthSaid) => ({
    length,
    index: match.index,
    end: match.index + match[0].length,
  });
  const by = BY.exec(text);
  if (by) {
    const shorter = /^(?:shorten|cut)$/i.test(by[1] ?? "");
    const count = by[1] ? days(by[2]!, by[3]!) : days(by[4]!, by[5]!);
    return at(by, { moreDays: shorter ? -count : count });
  }
  const ended = ENDED_OFF.exec(text);
  if (ended) {
    const count = days(ended[1]!, ended[2]!);
    return at(ended, { moreDays: /^(?:late|later)$/i.test(ended[3]!) ? count : -count });
  }
  const longer = LONGER.exec(text);
  if (longer) {
    const count = days(longer[1]!, longer[2]!);
    return at(longer, { moreDays: /^(?:shorter|less)$/i.test(longer[3]!) ? -count : count });
  }
  const total = TOTAL.exec(text);
  const said =
    total && (alone || !new RegExp(String.raw`^${COUNT}\s+${UNIT}$`, "i").test(total[0]));
  if (total && said) return at(total, { totalDays: days(total[1]!, total[2]!) });
  return undefined;
}

/** The last day a length gives an annotation with these days. */
export function lastDayOf(
  length: LengthSaid,
  first: CalendarDate,
  last: CalendarDate = first,
): CalendarDate {
  return "totalDays" in length
    ? addDays(first, length.totalDays - 1)
    : addDays(last, length.moreDays);
}
