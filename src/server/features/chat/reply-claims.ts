/**
 * What a language model's words claim happened. Its text is not proof: the server reports what
 * Google accepted, and reads the model's sentences only to find the ones stating an outcome — a
 * write ("Created …", "Everything is gone"), a plan change ("I upgraded you to Premium") or bare
 * success ("Done.") — so that none of them reaches the person unless the facts bear it out.
 */

export type Claim = "create" | "update" | "delete" | "success" | "plan";

/** The past forms that state a write of each kind. */
const writeVerbs: Record<"create" | "update" | "delete", RegExp> = {
  create: /\b(?:created|added|logged|annotated|recorded|inserted|noted\s+down)\b/gi,
  update:
    /\b(?:updated|renamed|changed|moved|recolou?red|edited|rescheduled|retitled|modified|extended|shortened|shifted|relabell?ed|(?:re|un)?categori[sz]ed|tagged|corrected|amended|replaced|overwritten|overwrote)\b/gi,
  delete:
    /\b(?:deleted|removed|erased|wiped|cleared|purged|trashed|destroyed|discarded|emptied|got\s+rid\s+of|gone)\b/gi,
};

/** Where a clause starts: the words before a verb that bear on it are in its own clause. */
const clauseBreak = /[,;:()\u2013\u2014]|\s-\s|\b(?:and|but|so|then|because|while)\b/gi;
const negated = /\b(?:not|never|no|nothing|none|neither|nor|without)\b|n['’]t\b/i;
const negatedAfter = /^\s+(?:nothing|none|no\b)/i;
/** The person as the one who did it: "the ones you added". */
const byThePerson = /\byou(?:['’](?:ve|d|re))?\b/i;
const byTheAssistant = /\b(?:i|we)(?:['’](?:ve|ll|m|d))?\b/i;
/** "was deleted", "have been purged", "is gone", "successfully added", "it's removed". */
const auxiliaryBefore =
  /(?:\b(?:has|have|had|was|were|is|are|been|be|got|now|successfully|just|already|all)|['’](?:s|re|ve))\s+$/i;
const clauseEnd = /^\s*(?:[.!,;:]|$)/;

const success =
  /^(?:done|all\s+done|all\s+set|finished|completed|success|taken\s+care\s+of|sorted)\b|\bsuccessfully\b|\b(?:it['’]s|it\s+is|that['’]s|that\s+is|everything\s+is|everything['’]s|all\s+is)\s+(?:done|set|taken\s+care\s+of|sorted|complete)\b/i;

/** A plan change: no tool can make one, so any such claim is false. */
const planNoun =
  /\b(?:premium|plan|subscription|tier|quota|limit|allowance|billing|trial|unlimited)\b/i;
const planVerb =
  /\b(?:upgraded|downgraded|unlocked|raised|increased|lifted|removed|reset|waived|extended|activated|enabled|granted|switched|refunded|credited|doubled)\b/gi;
const planState =
  /\byou(?:['’]re|\s+are|['’]ve\s+been|\s+have\s+been)\s+(?:now\s+)?(?:on\s+)?(?:a\s+|the\s+)?(?:premium|pro|unlimited|upgraded)\b|\b(?:premium|unlimited)\b[^.!?]*\bis\s+now\s+(?:active|on|yours|enabled)\b/i;

/** The model's text as lines of sentences, so what is kept keeps its lines (lists stay lists). */
export function linesOfSentences(text: string): string[][] {
  return text
    .split(/\n/)
    .map((line) =>
      line
        .split(/(?<=[.!?…])\s+/)
        .map((sentence) => sentence.trim())
        .filter((sentence) => sentence.length > 0),
    )
    .filter((line) => line.length > 0);
}

/** The text of the clause that ends where `index` begins. */
function clauseBefore(sentence: string, index: number): string {
  const before = sentence.slice(0, index);
  let start = 0;
  for (const match of before.matchAll(clauseBreak)) start = match.index + match[0].length;
  return before.slice(start);
}

/** Whether the verb at `index` states that it happened, said by the assistant as an outcome. */
function statesOutcome(sentence: string, index: number, length: number): boolean {
  const before = clauseBefore(sentence, index);
  const after = sentence.slice(index + length);
  if (negated.test(before) || negatedAfter.test(after)) return false;
  if (byThePerson.test(before) && !byTheAssistant.test(before)) return false;
  return (
    byTheAssistant.test(before) ||
    before.trim() === "" ||
    auxiliaryBefore.test(before) ||
    clauseEnd.test(after)
  );
}

/**
 * The outcomes one sentence claims. A question claims nothing ("Shall I add it?"), nor does a
 * denial ("Nothing was deleted") or what the person did ("the ones you added").
 */
export function claimsIn(sentence: string): Set<Claim> {
  const claims = new Set<Claim>();
  const text = sentence.trim();
  if (!text || /\?\s*$/.test(text)) return claims;
  for (const kind of ["create", "update", "delete"] as const) {
    for (const match of text.matchAll(writeVerbs[kind])) {
      if (statesOutcome(text, match.index, match[0].length)) {
        claims.add(kind);
        break;
      }
    }
  }
  if (success.test(text)) claims.add("success");
  if (planState.test(text)) claims.add("plan");
  else if (planNoun.test(text)) {
    for (const match of text.matchAll(planVerb)) {
      const before = clauseBefore(text, match.index);
      if (!negated.test(before) && !negatedAfter.test(text.slice(match.index + match[0].length))) {
        claims.add("plan");
        break;
      }
    }
  }
  return claims;
}

/**
 * A title a tool showed this turn, quoted, is data: it is set aside before the claims are read,
 * so "“Deleted old pages” is on Nov 3" claims nothing, and put back in what is shown. Only a
 * quoted title: unquoted, the same words would read as the assistant's own statement.
 */
export function setAsideQuotedTitles(
  text: string,
  titles: Iterable<string>,
): { text: string; putBack: (part: string) => string } {
  const quotes = [
    ["“", "”"],
    ['"', '"'],
    ["‘", "’"],
    ["'", "'"],
    ["«", "»"],
  ] as const;
  const setAside: string[] = [];
  let result = text;
  // Longest first, so a title that contains another is set aside whole.
  for (const title of [...titles].filter(Boolean).sort((a, b) => b.length - a.length)) {
    for (const [open, close] of quotes) {
      const quoted = `${open}${title}${close}`;
      if (!result.includes(quoted)) continue;
      // Private-use marks cannot come from a model's reply: toSafeText would have kept them, but
      // only these indices are ever put back.
      result = result.split(quoted).join(`\uE000${setAside.length}\uE001`);
      setAside.push(quoted);
    }
  }
  return {
    text: result,
    putBack: (part) =>
      part.replace(/\uE000(\d+)\uE001/g, (mark, index: string) => setAside[Number(index)] ?? mark),
  };
}
