/**
 * "how did traffic look during the pinterest one", "and during the consent banner bug?", "how did
 * the site do while the podcast sponsorship was running": a traffic question whose period is an
 * annotation's days. The reading names the annotation as the question's target; the product
 * finds it as it finds a change's (`resolve`), and asks about the days it covers.
 */
import type { CalendarDate } from "../../../../shared/calendar-date.js";
import { findDate, findDateRange } from "./extract-dates.js";
import { metricNamed } from "./traffic-question.js";
import type { Understanding } from "./understanding.js";

const MEASURE = String.raw`(?:traffic|sessions|visits|visitors|(?:active\s+)?users|key\s+events?|conversions|(?:the\s+|our\s+)?(?:site|store|shop|numbers))`;
const DURING = new RegExp(
  String.raw`^(?:(?:and|so|ok(?:ay)?|also|now|then)[\s,]+)*(?:(?:what|how)\s+about\s+|(?:and\s+)?how\s+(?:did|was|were)\s+(?:the\s+|our\s+)?${MEASURE}(?:\s+(?:look|do|go|perform|hold\s+up))?\s+|(?:and\s+)?(?:did|has|have)\s+(?:the\s+|our\s+)?${MEASURE}\s+(?:drop|dip|fall|rise|climb|change|move|suffer|spike|jump|tank|go\s+(?:up|down))\s+|(?:show\s+(?:me\s+)?)?${MEASURE}\s+)?(?:during|while|whilst)\s+(?:the\s+|our\s+)?(.+?)(?:\s+(?:was|were)\s+(?:still\s+)?[a-z]+|\s+ran|\s+lasted)?\s*[?.!]*$`,
  "i",
);
const TIME_WORDS =
  /^(?:(?:the\s+)?(?:day|days|night|nights|morning|mornings|afternoon|evening|evenings|lunch(?:time)?|week|weekdays?|weekends?|month|year|holidays?|easter|christmas|xmas|new\s+year|summer|winter|spring|autumn|fall|(?:business|working|office|opening)\s+hours|peak|off[-\s]?peak|the\s+sale\s+season)|(?:that|this|the\s+same)\s+\w+)$/i;

export function trafficDuring(
  text: string,
  today: CalendarDate,
  quotes: readonly string[] = [],
): Understanding | undefined {
  if (text.length > 160) return undefined;
  // "during “Tuesday deal drops”": a quoted title is the name, and only as the whole name.
  const quoted = /⟪(\d+)⟫/.exec(text);
  if (
    quoted &&
    (quotes.length !== 1 || !/(?:during|while|whilst)\s+(?:the\s+)?⟪0⟫\s*[?.!]*$/i.test(text))
  )
    return undefined;
  const said = DURING.exec(text.trim());
  if (!said) return undefined;
  // "during the sale?" alone asks; "while you're at it, …" is no question about traffic.
  const led =
    said &&
    !/^(?:(?:and|so|ok(?:ay)?|also|now|then)[\s,]+)*(?:during|while|whilst)\b/i.test(text.trim());
  if (said && !led && !/^\W*(?:and\s+)?during\b.*\?\s*$/i.test(text)) return undefined;
  if (
    said &&
    /[,;:]|\b(?:make|add|delete|remove|set|change|move|rename|put)\b/i.test(said[1] ?? "")
  )
    return undefined;
  const name = (quoted ? quotes[0] : said?.[1])
    ?.replace(/\s+(?:one|thing|stuff|annotation)$/i, "")
    .replace(/^(?:the|our)\s+/i, "")
    .trim();
  // "during black friday week", "while the weekend": a period, which the traffic reading reads.
  if (
    !name ||
    name.length < 3 ||
    (!quoted && (findDateRange(text, today) ?? findDate(text, today)))
  )
    return undefined;
  if (/^(?:it|that|this|then|them|those|these)$/i.test(name)) return undefined;
  // "during the day", "during lunch", "during easter": a time, never an annotation's name.
  if (TIME_WORDS.test(name)) return undefined;
  const metric = metricNamed(text);
  return {
    intent: "traffic_period",
    metric,
    target: { kind: "title", title: name },
    missing: [],
  };
}
