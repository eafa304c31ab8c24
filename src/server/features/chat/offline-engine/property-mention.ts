/**
 * The one reader of GA4 property ids written in a chat message ("for property 123456789",
 * "property id: 123456789", "properties/123456789"), for the conversation's property and for the
 * offline engine, which cuts the phrase (with its preposition) out before reading the rest.
 */
// The message is read as typed, before its spaces are collapsed: "\s*(?:[:#=]\s*)?" rather than
// "\s*[:#=]?\s*", whose two runs of spaces could share a long run in every way there is.
const PROPERTY_PATTERN =
  /(?:\b(?:for|on|in|from|to|under|of|with|using|into)\s+)?(?:\b(?:the|my)\s+)?(?:\bga4\s+|\banalytics\s+)?\bproperty(?:\s+(?:id|number|no\.?))?\s*(?:[:#=]\s*)?(\d{1,20})\b|(?:\b(?:for|on|in|from|to|under|of)\s+)?\bproperties\/(\d{1,20})\b/i;

export interface PropertyMention {
  propertyId: string;
  /** Where the phrase, with its preposition, starts and ends. */
  index: number;
  end: number;
}

export function findPropertyMention(text: string): PropertyMention | undefined {
  const match = PROPERTY_PATTERN.exec(text);
  const propertyId = match?.[1] ?? match?.[2];
  if (!match || !propertyId) return undefined;
  return { propertyId, index: match.index, end: match.index + match[0].length };
}
