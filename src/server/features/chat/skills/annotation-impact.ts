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
import { intentPatterns } from "../offline-engine/intents.js";
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

export const annotationImpact: Skill = {
  name: "annotation-impact",
  intents: ["impact"],
  patterns: intentPatterns.impact,
  needsProperty: true,
  readSlots,
  act,
};
