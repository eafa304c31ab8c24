/**
 * The words of an undo: the verbs people use for it, and an undo asked among other words. The
 * intents stage reads a whole-message undo with its own pattern; this is the rest.
 */

/** "undo", "revert", "roll back", "ctrl+z": the verbs of taking a change back. */
export const UNDO_VERB = String.raw`(?:undo|revert|reverse|roll\s*back|take\s+back|take\s+(?:it|that|this)\s+back|(?:ctrl|cmd|command|control)\s*[+-]?\s*z)`;

/**
 * "wait that was wrong, undo", "oh no, undo the delete!! we still need that", "ok actually undo
 * the annotation i just added", "ctrl+z 😅": an undo asked in the middle of other words. Never in
 * a question about one ("why did you undo it?"), never negated ("don't revert"), never inside a
 * quoted title.
 */
const UNDO_OBJECT_IN_PASSING = String.raw`(?:it|that|this|everything|(?:the|that|my|your)\s+(?:last\s+)?(?:delete|deletion|rename|renaming|change|edit|note|annotation|one|thing|step|action|date\s+change|colou?r\s+change|\w+\s+one)(?:\s+(?:i|you|we)\s+(?:just\s+)?\w+)?)`;
const UNDO_IN_PASSING = new RegExp(
  String.raw`(?:^|[\s,.;:!—–-])(?:${UNDO_VERB}(?:\s+${UNDO_OBJECT_IN_PASSING})?|take\s+back\s+${UNDO_OBJECT_IN_PASSING}|restore\s+(?:it|that|them)|go\s+back\s+(?:a|one)\s+step|put\s+(?:it|that|things)\s+back(?:\s+(?:how|the\s+way|as)\s+(?:it|they)\s+(?:was|were))?)(?=\s*(?:$|[,.;:!?—–-]|please\b|pls\b|now\b|again\b|lol\b|\p{Extended_Pictographic}))`,
  "iu",
);
/** "undo the colour change and make it green": an undo with another instruction is not one. */
const SECOND_REQUEST = /\b(?:and|then)\s+(?:make|set|move|change|rename|put|add|call)\b/i;
const NOT_AN_UNDO =
  /^\W*(?:why|what|how|did|does|do|who|when|can\s+i|is\s+there|if\s+(?:i|we|you|someone))\b|\b(?:don'?t|do\s+not|never|can'?t|cannot|won'?t|no\s+need\s+to)\s+(?:\w+\s+)?(?:undo|revert|roll|take|put)\b|⟪|["“”]/i;

/** A request of another kind, whose words may hold an undo's ("… description: rollback fixed it"). */
const OTHER_REQUEST =
  /^\W*(?:(?:please|pls|can\s+you|could\s+you|now)\s+)?(?:add|log|create|rename|move|set|change|describe|make|mark|note|record|delete|remove|list|show)\b/i;

export function undoSaidInPassing(text: string): boolean {
  return (
    UNDO_IN_PASSING.test(text) &&
    !NOT_AN_UNDO.test(text) &&
    !OTHER_REQUEST.test(text) &&
    !SECOND_REQUEST.test(text)
  );
}
