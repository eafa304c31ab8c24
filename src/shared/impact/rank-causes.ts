import { daysBetween } from "../contracts/traffic.js";

export const causeKinds = ["annotation", "change-history", "release", "holiday"] as const;
export type CauseKind = (typeof causeKinds)[number];

/** Something on record that may explain a change: its days, its kind, and what it says. */
export interface CauseCandidate {
  kind: CauseKind;
  id: string;
  title: string;
  /** For a GA4 setting change: exactly what changed. */
  detail?: string;
  startDate: string;
  endDate: string;
  /** An annotation's colour: red is how people mark incidents. */
  color?: string;
}

export interface RankedCause extends CauseCandidate {
  /** 0–1: how well its timing, kind and direction fit the change. */
  score: number;
  /** Why it ranks where it does, in a sentence. */
  why: string;
}

/** How much each kind of record tends to move traffic by itself, before timing is weighed. */
const kindWeight: Record<CauseKind, number> = {
  annotation: 1,
  release: 0.9,
  "change-history": 0.85,
  holiday: 0.7,
};

const kindWords: Record<CauseKind, string> = {
  annotation: "An annotation",
  release: "A release",
  "change-history": "A GA4 setting changed",
  holiday: "A public holiday",
};

const dayWord = (n: number) => `${n} day${n === 1 ? "" : "s"}`;

/**
 * Ranks what is on record against a change that began on `change.startDate`: things that began
 * that day first, then those that began shortly before, then those already running or ended just
 * before; a thing that began well after the change cannot have caused it. Kind weighs in (an
 * annotation or a release moves traffic more often than a holiday), and so does direction (a red
 * annotation — an incident — fits a drop, not a rise). Scores are for ordering, not probabilities.
 */
export function rankCauses(
  change: { startDate: string; endDate: string; direction: "up" | "down" | "none" },
  candidates: readonly CauseCandidate[],
): RankedCause[] {
  const ranked: RankedCause[] = [];
  for (const candidate of candidates) {
    const began = daysBetween(candidate.startDate, change.startDate); // > 0: began before
    // A release or a setting change happens on a day and stays: it has no end before the change.
    const lasting = candidate.kind === "release" || candidate.kind === "change-history";
    const endedBefore = lasting ? -1 : daysBetween(candidate.endDate, change.startDate);
    let timing: number;
    let when: string;
    if (began === 0) {
      timing = 1;
      when = lasting ? "happened the day the change began" : "began the day the change did";
    } else if (began > 0 && endedBefore <= 0) {
      timing = Math.max(0.25, 0.85 ** began);
      when = lasting
        ? `happened ${dayWord(began)} before the change began`
        : `began ${dayWord(began)} before the change and was still on`;
    } else if (began > 0) {
      if (endedBefore > 3) continue;
      timing = 0.2 * 0.7 ** endedBefore;
      when = `ended ${dayWord(endedBefore)} before the change`;
    } else {
      const after = -began;
      if (candidate.startDate > change.endDate || after > 2) continue;
      timing = 0.5 * 0.7 ** after;
      when = `${lasting ? "happened" : "began"} ${dayWord(after)} after the change began`;
    }
    let direction = 1;
    const incident = candidate.kind === "annotation" && candidate.color === "RED";
    if (incident && change.direction === "down") direction = 1.15;
    if (incident && change.direction === "up") direction = 0.6;
    const score = Math.min(1, timing * kindWeight[candidate.kind] * direction);
    const what = candidate.detail
      ? `${kindWords[candidate.kind]}: ${candidate.detail}`
      : kindWords[candidate.kind];
    const fit =
      direction > 1
        ? " An incident fits a drop."
        : direction < 1
          ? " An incident rarely lifts traffic."
          : "";
    ranked.push({ ...candidate, score, why: `${what}; it ${when}.${fit}` });
  }
  return ranked.sort((a, b) => b.score - a.score || a.title.localeCompare(b.title));
}
