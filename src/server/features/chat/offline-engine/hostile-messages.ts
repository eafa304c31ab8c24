import { createRandom } from "../../../../shared/seeded-random.js";

/**
 * Messages made to be hard for the offline engine to read: long runs of the material that once
 * made parts of it super-linear (separators, quotes, dates, command words, long words, other
 * scripts), alone, concatenated or woven together, up to the chat's longest message. The engine's
 * CPU bound is tested against them (fast-check picks the plans) and `npm run bench` reports the
 * slowest of a seeded sample.
 */

/** Units of hostile material by kind; a message repeats units until it is long enough. */
export const hostileMaterial = {
  separators: [
    ", ",
    ",",
    " ",
    ";",
    "; ",
    " - ",
    "-",
    " – ",
    " — ",
    "\n",
    "\r\n",
    "\t",
    ". ",
    ".",
    "!",
    "?",
    "? ",
    ":",
    ": ",
    "...",
    "/",
    "=",
    "= ",
    "|",
    "&",
    "#",
    "(",
    ")",
    "*",
    "_",
  ],
  quotes: [
    '"',
    "'",
    "“",
    "”",
    "‘",
    "’",
    "«",
    "»",
    "„",
    "`",
    '" ',
    "' ",
    "“ ",
    "„a",
    "'a",
    "a'",
    "“a” ",
    "'a' ",
    '"a" ',
    "⟪",
    "⟫",
    "⟪1⟫ ",
    "⟪0⟫",
  ],
  dates: [
    "1 ",
    "12 ",
    "31 ",
    "2025 ",
    "2025-01-01 ",
    "3/11 ",
    "1/2/3/",
    "12.12.",
    "1-1-",
    "Nov 12 ",
    "12 Nov ",
    "the 3rd ",
    "3rd of March ",
    "on Monday ",
    "Monday ",
    "mon tue wed ",
    "from 1 to ",
    "between 1 and ",
    "from Monday to Friday ",
    "last week ",
    "last 3 days ",
    "2 days ago ",
    "today tomorrow yesterday ",
    "5pm ",
    "12:00 ",
    "noon ",
    "in Q3 ",
    "since March ",
    "March ",
    "this morning ",
    "the day before yesterday ",
    "next month ",
    "Black Friday weekend ",
    "whole of ",
    "from Nov 1 to x ",
    "between Nov 1 and x ",
  ],
  words: [
    "create ",
    "delete ",
    "rename ",
    "create delete rename ",
    "add ",
    "show ",
    "list ",
    "make ",
    "move ",
    "set ",
    "and then ",
    " so ",
    " but ",
    "actually ",
    "really ",
    "oh ",
    "sorry, ",
    "called ",
    " to ",
    " as ",
    "was really on ",
    "should be ",
    "should have been on ",
    "'s ",
    "please ",
    "thanks ",
    "thank you ",
    "hi, ",
    "hello ",
    "ok ",
    "yes ",
    "no ",
    "in red ",
    "red ",
    "red or blue ",
    "category ",
    "in the Paid Social category ",
    "under ",
    "tag it ",
    "description: ",
    "with description ",
    "it ",
    "the ",
    "that one ",
    "all ",
    "the last 5 ",
    "remind me to ",
    "how many ",
    "what happened ",
    "why did traffic drop ",
    "unexplained ",
    "property 123456789 ",
    "property ",
    "annotation ",
    "about ",
    "from ",
    "for ",
    "in ",
    "with ",
    "of ",
    "Abcd ",
    "Sale ",
    " and make it red",
    "'s colour to red ",
    "the title of x to ",
    "should be called ",
  ],
  longWords: ["a", "Z", "abcdefghij", "0", "9", "x1", "aé"],
  /** Made-up words, each different: all words the engine has not met (and may take for typos). */
  prose: [madeUpWords(1, 2000), madeUpWords(2, 2000)],
  scripts: [
    "مرحبا ",
    "שלום ",
    "你好世界",
    "こんにちは",
    "한국어 ",
    "🙏",
    "😊 ",
    "👍🏽",
    "👨‍👩‍👧",
    "e\u0301",
    "a\u200b",
    "\u200b",
    "\u200d",
    "\u202e",
    "\u2066",
    "\ufeff",
    "𝐀",
    "Ⅻ",
    "ß",
    "İ",
    "\u00a0",
    "\u2028",
    "\u3000",
  ],
} as const satisfies Record<string, readonly string[]>;

export type HostileKind = keyof typeof hostileMaterial;

/** What a hostile message may start with, so that the fill is read as each kind of request. */
export const hostileLeads = [
  "",
  "create ",
  "log a note called ",
  "show ",
  "find ",
  "rename x to ",
  "change x ",
  "move x to ",
  "extend x until ",
  "recolor x ",
  "delete ",
  "delete all ",
  "tag it ",
  "what happened ",
  "anything unexplained ",
  "we shipped it ",
  "actually, x was ",
  "make it ",
  "it ran for ",
  "how did traffic look during ",
  "what else did we annotate that week ",
  "yes but ",
  'add "',
] as const;

/** Every unit, each once. */
export const hostileUnits: readonly string[] = [
  ...new Set(Object.values(hostileMaterial).flat() as string[]),
];

/**
 * How a hostile message is made: after its lead, its units either each fill an equal run of the
 * message one after another ("runs", of whole units, so the message ends on one), or take turns
 * all along it ("woven", cut wherever the length falls).
 */
export interface HostilePlan {
  lead?: string;
  units: readonly string[];
  woven: boolean;
  length: number;
}

/** The unit repeated to at most `length` characters: whole units, or a part of one if none fits. */
function repeatTo(unit: string, length: number): string {
  const whole = Math.floor(length / unit.length);
  return whole > 0 ? unit.repeat(whole) : unit.slice(0, length);
}

export function hostileMessage(plan: HostilePlan): string {
  const lead = plan.lead ?? "";
  const units = plan.units.filter((unit) => unit.length > 0);
  const length = plan.length - lead.length;
  if (units.length === 0 || length <= 0) return lead.slice(0, plan.length);
  if (plan.woven) {
    const turn = units.join("");
    return lead + turn.repeat(Math.ceil(length / turn.length)).slice(0, length);
  }
  const run = Math.floor(length / units.length);
  return lead + units.map((unit) => repeatTo(unit, run)).join("");
}

/**
 * Invisible and control characters written as escapes, so a plan can be printed on one line;
 * a long unit by its start.
 */
function visible(unit: string): string {
  if (unit.length > 24) return `${visible(unit.slice(0, 20))}…`;
  return [...unit]
    .map((char) =>
      /[\p{Cc}\p{Cf}\p{Mn}\p{Zl}\p{Zp}\p{Cs}]|[^\S ]/u.test(char)
        ? `\\u{${char.codePointAt(0)!.toString(16)}}`
        : char,
    )
    .join("");
}

export function describeHostilePlan(plan: HostilePlan): string {
  const units = plan.units.map((unit) => `“${visible(unit)}”`).join(plan.woven ? " " : " + ");
  const lead = plan.lead ? `“${visible(plan.lead)}” then ` : "";
  return `${plan.length} characters: ${lead}${plan.woven ? `woven ${units}` : `runs of ${units}`}`;
}

function madeUpWords(seed: number, length: number): string {
  const random = createRandom(seed);
  const letters = "abcdefghijklmnopqrstuvwxyz";
  let text = "";
  while (text.length < length) {
    const size = 3 + Math.floor(random() * 7);
    for (let letter = 0; letter < size; letter += 1)
      text += letters[Math.floor(random() * letters.length)];
    text += random() < 0.1 ? ", " : random() < 0.05 ? ". " : " ";
  }
  return text.slice(0, length);
}

/**
 * A seeded sample of plans: every unit alone at the longest length first, then mixes of up to
 * four units from any kinds after any lead, mostly at the longest length.
 */
export function hostilePlans(seed: number, count: number, maxLength: number): HostilePlan[] {
  const random = createRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const plans: HostilePlan[] = hostileUnits.map((unit) => ({
    units: [unit],
    woven: false,
    length: maxLength,
  }));
  while (plans.length < count) {
    const units = Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(hostileUnits));
    const length = random() < 0.8 ? maxLength : 1 + Math.floor(random() * maxLength);
    plans.push({ lead: pick(hostileLeads), units, woven: random() < 0.5, length });
  }
  return plans.slice(0, count);
}
