import { createRandom, RandomPicker, seedFromText } from "../seeded-random.js";
import {
  changeFor,
  industries,
  iso,
  streamJson,
  type HistoryState,
  type StepKind,
} from "./seed-change-steps.js";
import type {
  ChangeHistoryEventRecord,
  ChangeHistorySeed,
  PropertyRecord,
} from "../store/sandbox-records.js";

const msPerDay = 86_400_000;
const msPerMinute = 60_000;
/** Seeded history starts this many days before the anchor day. */
export const changeHistoryPastDays = 90;
/**
 * ...and keeps going this long after it, revealed as the sandbox clock passes each change, so a
 * reader polling for news finds some (move the clock with the control endpoint to see more).
 */
const changeHistoryFutureDays = 365;

/** What the last 90 days always show, so every property's history has each kind in view. */
const mandatoryKinds: readonly StepKind[] = [
  "keyEvent",
  "stream",
  "dimension",
  "adsLink",
  "property",
];

const colleagueNames = ["maria.lopez", "tom.becker", "aiko.tanaka", "sam.okafor", "lena.novak"];

const cache = new WeakMap<
  PropertyRecord,
  { anchorDay: number; events: ChangeHistoryEventRecord[] }
>();

/**
 * The property's seeded change history, oldest first: 10–16 editing sessions over the 90 days
 * before the anchor day (covering key events, data streams, custom dimensions, Google Ads links
 * and property settings), then one every 3–9 days for a year. Drawn from its own PRNG seeded by
 * the property id, so the rest of the seed stays as it was, and the same property always gets
 * the same history.
 */
export function seededChangeHistory(
  property: PropertyRecord,
  seed: ChangeHistorySeed,
): ChangeHistoryEventRecord[] {
  const cached = cache.get(property);
  if (cached && cached.anchorDay === seed.anchorDay) return cached.events;
  const events = generate(property, seed);
  cache.set(property, { anchorDay: seed.anchorDay, events });
  return events;
}

function generate(property: PropertyRecord, seed: ChangeHistorySeed): ChangeHistoryEventRecord[] {
  const random = new RandomPicker(
    createRandom(seedFromText(`tidemark-sandbox-change-history:${property.id}`)),
  );
  const domain = seed.domain;
  const created = iso((seed.anchorDay - random.int(400, 900)) * msPerDay);
  const propertyName = `properties/${property.id}`;
  const firstStreamId = String(random.int(1_000_000_000, 9_999_999_999));
  const state: HistoryState = {
    random,
    property,
    seed,
    keyEvents: new Map(),
    dimensions: new Map(),
    streams: new Map([
      [
        firstStreamId,
        streamJson(
          propertyName,
          firstStreamId,
          `${domain} web`,
          `https://www.${domain}`,
          created,
          random,
        ),
      ],
    ]),
    adsLinks: new Map(),
    propertyJson: {
      name: propertyName,
      propertyType: "PROPERTY_TYPE_ORDINARY",
      createTime: created,
      updateTime: created,
      parent: `accounts/${property.accountId}`,
      displayName: seed.domain,
      industryCategory: random.pick(industries),
      timeZone: property.timeZone,
      currencyCode: property.currencyCode,
      serviceLevel: "GOOGLE_ANALYTICS_STANDARD",
      account: `accounts/${property.accountId}`,
    },
    retention: {
      name: `${propertyName}/dataRetentionSettings`,
      eventDataRetention: "TWO_MONTHS",
      userDataRetention: "FOURTEEN_MONTHS",
      resetUserDataOnNewActivity: true,
    },
    nextId: 1,
    renamed: false,
  };

  const pastStart = seed.anchorDay - changeHistoryPastDays;
  const pastSessions = random.int(10, 16);
  const plannedKinds = random.shuffle([
    ...mandatoryKinds,
    ...Array.from({ length: pastSessions - mandatoryKinds.length }, () => pickKind(random)),
  ]);
  const pastDays = distinctDays(random, pastStart, seed.anchorDay - 1, pastSessions);
  const plan = pastDays.map((day, index) => ({ day, kind: plannedKinds[index] ?? "keyEvent" }));
  for (
    let day = seed.anchorDay + random.int(1, 4);
    day <= seed.anchorDay + changeHistoryFutureDays;
    day += random.int(3, 9)
  ) {
    plan.push({ day, kind: pickKind(random) });
  }

  const events: ChangeHistoryEventRecord[] = [];
  for (const { day, kind } of plan) events.push(...session(state, day, kind));
  return events;
}

function pickKind(random: RandomPicker): StepKind {
  const roll = random.next();
  if (roll < 0.3) return "keyEvent";
  if (roll < 0.55) return "dimension";
  if (roll < 0.7) return "stream";
  if (roll < 0.82) return "adsLink";
  if (roll < 0.94) return "property";
  return "retention";
}

function distinctDays(random: RandomPicker, first: number, last: number, count: number): number[] {
  const days = new Set<number>();
  while (days.size < Math.min(count, last - first + 1)) days.add(random.int(first, last));
  return [...days].sort((a, b) => a - b);
}

/** One editing session: one actor, one to three saves a few minutes apart. */
function session(state: HistoryState, day: number, kind: StepKind): ChangeHistoryEventRecord[] {
  const { random } = state;
  // Google and its support staff touch settings and streams, not a property's own key events,
  // dimensions or Ads links: those rolls go to the owner.
  const settingsKind = kind === "property" || kind === "retention" || kind === "stream";
  const roll = random.next();
  const actor: Pick<ChangeHistoryEventRecord, "actorType" | "userActorEmail"> =
    !settingsKind && roll < 0.09
      ? { actorType: "USER", userActorEmail: state.seed.ownerEmail }
      : roll < 0.06
        ? { actorType: "SYSTEM" }
        : roll < 0.09
          ? { actorType: "SUPPORT" }
          : roll < 0.72
            ? { actorType: "USER", userActorEmail: state.seed.ownerEmail }
            : {
                actorType: "USER",
                userActorEmail: `${random.pick(colleagueNames)}@${state.seed.domain}`,
              };
  // Office hours somewhere: between 07:00 and 19:00 UTC.
  let at = day * msPerDay + random.int(7 * 60, 18 * 60) * msPerMinute + random.int(0, 59_999);
  const steps: StepKind[] = [kind];
  if (actor.actorType === "USER") {
    if (kind === "dimension") for (let i = random.int(0, 2); i > 0; i -= 1) steps.push("dimension");
    if (kind === "keyEvent" && random.next() < 0.5) {
      for (let i = random.int(1, 2); i > 0; i -= 1) steps.push("dimension");
    }
    if (kind === "stream" && random.next() < 0.3) steps.push("keyEvent");
  }
  const events: ChangeHistoryEventRecord[] = [];
  for (const step of steps) {
    const changes = changeFor(state, step, at, actor.userActorEmail);
    if (changes.length > 0) {
      events.push({ id: eventId(random), changeTime: at, ...actor, changes });
    }
    at += random.int(1, 9) * msPerMinute + random.int(0, 59_999);
  }
  return events;
}

/** Google's change event ids are long decimal numbers. */
function eventId(random: RandomPicker): string {
  return `${random.int(100_000_000, 999_999_999)}${random.int(100_000_000, 999_999_999)}`;
}
