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
  ],
  longWords: ["a", "Z", "abcdefghij", "0", "9", "x1", "aé"],
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

/** Every unit, each once. */
export const hostileUnits: readonly string[] = [
  ...new Set(Object.values(hostileMaterial).flat() as string[]),
];

/**
 * How a hostile message is made: its units either each fill an equal run of the message one
 * after another ("runs"), or take turns all along it ("woven").
 */
export interface HostilePlan {
  units: readonly string[];
  woven: boolean;
  length: number;
}

function repeatTo(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / Math.max(unit.length, 1))).slice(0, length);
}

export function hostileMessage(plan: HostilePlan): string {
  const units = plan.units.filter((unit) => unit.length > 0);
  if (units.length === 0) return "";
  if (plan.woven) return repeatTo(units.join(""), plan.length);
  const run = Math.ceil(plan.length / units.length);
  return units
    .map((unit) => repeatTo(unit, run))
    .join("")
    .slice(0, plan.length);
}

/** Invisible and control characters written as escapes, so a plan can be printed on one line. */
function visible(unit: string): string {
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
  return `${plan.length} characters of ${plan.woven ? `woven ${units}` : `runs of ${units}`}`;
}

/** A small, seedable generator (mulberry32), so a sample repeats exactly from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A seeded sample of plans: every unit alone at the longest length first, then mixes of up to
 * four units from any kinds, mostly at the longest length.
 */
export function hostilePlans(seed: number, count: number, maxLength: number): HostilePlan[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const plans: HostilePlan[] = hostileUnits.map((unit) => ({
    units: [unit],
    woven: false,
    length: maxLength,
  }));
  while (plans.length < count) {
    const units = Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(hostileUnits));
    const length = random() < 0.8 ? maxLength : 1 + Math.floor(random() * maxLength);
    plans.push({ units, woven: random() < 0.5, length });
  }
  return plans.slice(0, count);
}
