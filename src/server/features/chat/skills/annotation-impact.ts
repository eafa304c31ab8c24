/**
 * "Did the winter sale work?", "what did the checkout outage cost us?": the measured impact of the
 * annotation the question names (or the one in focus, "did it work?"), from the impact service —
 * the same figures as the table's Impact column, the REST API and MCP — with its 90 % interval
 * and the annotations that may share the credit.
 */
import type { TrafficMetric } from "../../../../shared/contracts/traffic.js";
import { trafficMetricLabels } from "../../../../shared/contracts/traffic.js";
import { impactUnavailable } from "../../../../shared/contracts/impact.js";
import { focusOn } from "../conversation-state.js";
import { describeAnnotation } from "../describe-annotation.js";
import { parseTarget } from "../offline-engine/extract-target.js";
import type { CapabilityWords } from "../offline-engine/intents.js";
import { POINTS_BACK, type SlotInput } from "../offline-engine/slots.js";
import type { Understanding } from "../offline-engine/understanding.js";
import type { Skill, SkillTurn } from "./skill.js";

/** The measure the question names ("… on key events", "did it bring users?"); else sessions. */
export function impactMetricIn(text: string): TrafficMetric {
  if (/\b(?:key\s+events?|conversions?|sales|orders|sign-?ups)\b/i.test(text)) return "keyEvents";
  if (/\b(?:active\s+)?users\b|\bvisitors\b/i.test(text)) return "activeUsers";
  return "sessions";
}

function readSlots(input: SlotInput): Understanding {
  const { understanding, reading, rest, quotes } = input;
  // The question's own words name the measure, never the title ("did the sign-ups page work?").
  understanding.metric = impactMetricIn(reading.verb);
  const target = parseTarget(rest, quotes);
  if (target) return { ...understanding, target };
  // "did it work?", "what did that cost us?": the annotation the conversation is about.
  if (POINTS_BACK.test(rest) || /^\s*(?:it|that|this)\s*$/i.test(rest))
    return { ...understanding, pointsBack: true };
  understanding.missing.push("target");
  return understanding;
}

const bigNumber = new Intl.NumberFormat("en-US");

async function act(turn: SkillTurn) {
  const { understood, resolution, actions, reply, propertyId } = turn;
  const [annotation] = resolution.annotations;
  if (!annotation)
    return reply(
      "Which annotation do you mean? Ask with its title, for example “did the Winter sale work?”.",
    );
  const metric = (understood.metric as TrafficMetric | undefined) ?? "sessions";
  const measured = await actions.measureImpact(annotation.annotationId, metric);
  if (!measured.ok) return reply(measured.error);
  const impact = measured.value;
  const named = describeAnnotation(annotation);
  const focus = { memory: { focus: focusOn(propertyId, annotation) } };
  if (!impact.estimate) {
    const why = impact.unavailable ? impactUnavailable[impact.unavailable] : impact.sentence;
    return reply(`I can't measure ${named} yet: ${why}`, focus);
  }
  const { actual, expected } = impact.estimate;
  const label = trafficMetricLabels[impact.metric].toLowerCase();
  const lines = [
    `${named}: ${impact.sentence}.`,
    `${bigNumber.format(Math.round(actual))} ${label} from ${impact.startDate} to ${impact.endDate}, against ${bigNumber.format(Math.round(expected))} expected from the property's own history.`,
  ];
  if (impact.sharedWith.length > 0)
    lines.push(
      `${impact.sharedWith.map((other) => `“${other.title}”`).join(", ")} ran on the same days and may share the credit.`,
    );
  return reply(lines.join("\n"), { showAnnotations: true, ...focus });
}

/**
 * A question about what an annotated event did to the traffic, as the whole request: "did the
 * winter sale work?", "what did the checkout outage cost us?", "how did the Black Friday promo
 * perform?", "what was the impact of the newsletter on key events?", "was the relaunch worth it?".
 * The named groups hold the words that name the annotation.
 */
const IMPACT_END = String.raw`(?:\s+(?:on|for|in)\s+(?:our\s+|the\s+|my\s+)?(?:traffic|sessions|users|active\s+users|visits|visitors|key\s+events|conversions))?(?:\s+(?:at\s+all|then))?[\s?.!]*$`;
const IMPACT = new RegExp(
  String.raw`^(?:(?:did|has|have)\s+(?<did>[^\n]{1,200}?)\s+(?:(?:actually|really|even)\s+)?(?:work(?:ed)?|pa(?:y|id)\s+off|help(?:ed)?|ma(?:k|d)e\s+(?:a|any)\s+difference|move(?:d)?\s+the\s+needle|do(?:ne)?\s+anything|ha(?:ve|d)\s+(?:an?\s+|any\s+)?(?:effect|impact))|how\s+(?:well\s+|much\s+)?(?:did|has)\s+(?<how>[^\n]{1,200}?)\s+(?:do(?:ne)?|perform(?:ed)?|go(?:ne)?|work(?:ed)?(?:\s+out)?|help(?:ed)?)|what\s+did\s+(?<what>[^\n]{1,200}?)\s+(?:cost|bring(?:\s+in)?|do\s+(?:for|to))(?:\s+(?:us|me))?|what\s+(?:was|is|were)\s+the\s+(?:impact|effect|result|lift|uplift)s?\s+of\s+(?<of>[^\n]{1,200}?)|was\s+(?<worth>[^\n]{1,200}?)\s+worth\s+it)${IMPACT_END}`,
  "i",
);

/** The words that claim a whole message for this capability (see `CapabilityWords`). */
export const impactIntentWords = { impact: IMPACT } satisfies Partial<CapabilityWords>;

export const annotationImpact: Skill = {
  name: "annotation-impact",
  intents: ["impact"],
  patterns: [IMPACT],
  needsProperty: true,
  readSlots,
  act,
};
