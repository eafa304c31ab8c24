import { createRandom, RandomPicker, seedFromText } from "../seeded-random.js";
import type {
  ChangeHistoryChangeRecord,
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

type StepKind = "keyEvent" | "dimension" | "stream" | "adsLink" | "property" | "retention";
/** What the last 90 days always show, so every property's history has each kind in view. */
const mandatoryKinds: readonly StepKind[] = [
  "keyEvent",
  "stream",
  "dimension",
  "adsLink",
  "property",
];

const keyEventNames = [
  "purchase",
  "generate_lead",
  "sign_up",
  "begin_checkout",
  "add_to_cart",
  "subscribe",
  "file_download",
  "book_demo",
  "add_payment_info",
  "contact_form_submit",
];

const dimensionCatalogue: ReadonlyArray<[string, string, "EVENT" | "USER" | "ITEM", string]> = [
  ["plan_tier", "Plan tier", "USER", "Free, Pro or Business, from the account page."],
  ["logged_in", "Logged in", "EVENT", "Whether the visitor was signed in."],
  ["article_category", "Article category", "EVENT", "Blog category of the page."],
  ["author", "Author", "EVENT", "Author of the article."],
  ["experiment_variant", "Experiment variant", "EVENT", "A/B test arm the visitor saw."],
  ["page_type", "Page type", "EVENT", "Template that rendered the page."],
  ["customer_type", "Customer type", "USER", "New or returning customer."],
  ["payment_method", "Payment method", "EVENT", "Card, PayPal or invoice."],
  ["coupon_code", "Coupon code", "EVENT", "Coupon used at checkout."],
  ["item_colour", "Item colour", "ITEM", "Colour variant of the item."],
];

const streamCatalogue: ReadonlyArray<[string, string]> = [
  ["Staging", "https://staging.{domain}"],
  ["Help centre", "https://help.{domain}"],
  ["Shop", "https://shop.{domain}"],
  ["Docs", "https://docs.{domain}"],
];

const industries = [
  "SHOPPING",
  "TECHNOLOGY",
  "BUSINESS_AND_INDUSTRIAL_MARKETS",
  "TRAVEL",
  "FINANCE",
  "ONLINE_COMMUNITIES",
];

const colleagueNames = ["maria.lopez", "tom.becker", "aiko.tanaka", "sam.okafor", "lena.novak"];

interface HistoryState {
  random: RandomPicker;
  property: PropertyRecord;
  seed: ChangeHistorySeed;
  keyEvents: Map<string, Record<string, unknown>>;
  dimensions: Map<string, Record<string, unknown>>;
  streams: Map<string, Record<string, unknown>>;
  adsLinks: Map<string, Record<string, unknown>>;
  propertyJson: Record<string, unknown>;
  retention: Record<string, unknown>;
  nextId: number;
  renamed: boolean;
}

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

function changeFor(
  state: HistoryState,
  kind: StepKind,
  at: number,
  actorEmail: string | undefined,
): ChangeHistoryChangeRecord[] {
  const { random } = state;
  const propertyName = `properties/${state.property.id}`;
  const when = iso(at);
  switch (kind) {
    case "keyEvent": {
      const unused = keyEventNames.filter((name) => !state.keyEvents.has(name));
      if (unused.length === 0 || (state.keyEvents.size > 2 && random.next() < 0.2)) {
        const [eventName, before] = random.pick([...state.keyEvents]);
        state.keyEvents.delete(eventName);
        return [{ resource: String(before.name), kind: "KEY_EVENT", action: "DELETED", before }];
      }
      const eventName =
        unused[0] === "purchase" || random.next() < 0.5 ? unused[0]! : random.pick(unused);
      const after = {
        name: `${propertyName}/keyEvents/${nextResourceId(state)}`,
        eventName,
        createTime: when,
        deletable: true,
        custom: true,
        countingMethod: random.next() < 0.8 ? "ONCE_PER_EVENT" : "ONCE_PER_SESSION",
      };
      state.keyEvents.set(eventName, after);
      return [{ resource: after.name, kind: "KEY_EVENT", action: "CREATED", after }];
    }
    case "dimension": {
      const unused = dimensionCatalogue.filter(([parameter]) => !state.dimensions.has(parameter));
      if (unused.length === 0) {
        const [parameter, before] = random.pick([...state.dimensions]);
        const after = {
          ...before,
          description: `${String(before.description)} (renamed in reports)`,
        };
        state.dimensions.set(parameter, after);
        return [
          {
            resource: String(before.name),
            kind: "CUSTOM_DIMENSION",
            action: "UPDATED",
            before,
            after,
          },
        ];
      }
      const [parameterName, displayName, scope, description] = random.pick(unused);
      const after = {
        name: `${propertyName}/customDimensions/${nextResourceId(state)}`,
        parameterName,
        displayName,
        description,
        scope,
      };
      state.dimensions.set(parameterName, after);
      return [{ resource: after.name, kind: "CUSTOM_DIMENSION", action: "CREATED", after }];
    }
    case "stream": {
      const taken = new Set([...state.streams.values()].map((stream) => stream.displayName));
      const unused = streamCatalogue.filter(([name]) => !taken.has(name));
      if (unused.length === 0 || random.next() < 0.3) {
        const [id, before] = random.pick([...state.streams]);
        const webStreamData = before.webStreamData as Record<string, unknown>;
        const uri = String(webStreamData.defaultUri);
        const after = {
          ...before,
          updateTime: when,
          webStreamData: {
            ...webStreamData,
            defaultUri: uri.includes("://www.")
              ? uri.replace("://www.", "://")
              : uri.replace("://", "://www."),
          },
        };
        state.streams.set(id, after);
        return [
          { resource: String(before.name), kind: "DATA_STREAM", action: "UPDATED", before, after },
        ];
      }
      const [displayName, uri] = random.pick(unused);
      const id = String(random.int(1_000_000_000, 9_999_999_999));
      const after = streamJson(
        propertyName,
        id,
        displayName,
        uri.replace("{domain}", state.seed.domain),
        when,
        random,
      );
      state.streams.set(id, after);
      return [{ resource: String(after.name), kind: "DATA_STREAM", action: "CREATED", after }];
    }
    case "adsLink": {
      if (state.adsLinks.size > 0 && random.next() < 0.4) {
        const [id, before] = random.pick([...state.adsLinks]);
        const after = {
          ...before,
          adsPersonalizationEnabled: before.adsPersonalizationEnabled !== true,
          updateTime: when,
        };
        state.adsLinks.set(id, after);
        return [
          {
            resource: String(before.name),
            kind: "GOOGLE_ADS_LINK",
            action: "UPDATED",
            before,
            after,
          },
        ];
      }
      const id = String(nextResourceId(state));
      const after = {
        name: `${propertyName}/googleAdsLinks/${id}`,
        customerId: String(random.int(1_000_000_000, 9_999_999_999)),
        canManageClients: false,
        adsPersonalizationEnabled: true,
        createTime: when,
        updateTime: when,
        ...(actorEmail ? { creatorEmailAddress: actorEmail } : {}),
      };
      state.adsLinks.set(id, after);
      return [{ resource: after.name, kind: "GOOGLE_ADS_LINK", action: "CREATED", after }];
    }
    case "property": {
      const before = state.propertyJson;
      // The name Google shows today is the record's, so the one rename leads up to it.
      const after: Record<string, unknown> = state.renamed
        ? {
            ...before,
            updateTime: when,
            industryCategory: random.pick(industries.filter((i) => i !== before.industryCategory)),
          }
        : { ...before, updateTime: when, displayName: state.property.displayName };
      state.renamed = true;
      state.propertyJson = after;
      return [
        { resource: String(before.name), kind: "PROPERTY", action: "UPDATED", before, after },
      ];
    }
    case "retention": {
      const before = state.retention;
      const after =
        before.eventDataRetention === "TWO_MONTHS"
          ? { ...before, eventDataRetention: "FOURTEEN_MONTHS" }
          : { ...before, resetUserDataOnNewActivity: before.resetUserDataOnNewActivity !== true };
      state.retention = after;
      return [
        {
          resource: String(before.name),
          kind: "DATA_RETENTION_SETTINGS",
          action: "UPDATED",
          before,
          after,
        },
      ];
    }
  }
}

function streamJson(
  propertyName: string,
  id: string,
  displayName: string,
  defaultUri: string,
  when: string,
  random: RandomPicker,
): Record<string, unknown> {
  const measurementId = `G-${Array.from({ length: 10 }, () => random.pick([..."ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"])).join("")}`;
  return {
    name: `${propertyName}/dataStreams/${id}`,
    type: "WEB_DATA_STREAM",
    displayName,
    createTime: when,
    updateTime: when,
    webStreamData: { measurementId, defaultUri },
  };
}

function nextResourceId(state: HistoryState): number {
  state.nextId += state.random.int(1, 40);
  return 9_000_000 + state.nextId;
}

/** Google's change event ids are long decimal numbers. */
function eventId(random: RandomPicker): string {
  return `${random.int(100_000_000, 999_999_999)}${random.int(100_000_000, 999_999_999)}`;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
