import type { RandomPicker } from "../seeded-random.js";
import type {
  ChangeHistoryChangeRecord,
  ChangeHistorySeed,
  PropertyRecord,
} from "../store/sandbox-records.js";

export type StepKind = "keyEvent" | "dimension" | "stream" | "adsLink" | "property" | "retention";

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

export const industries = [
  "SHOPPING",
  "TECHNOLOGY",
  "BUSINESS_AND_INDUSTRIAL_MARKETS",
  "TRAVEL",
  "FINANCE",
  "ONLINE_COMMUNITIES",
];

/** What a property's settings look like as its seeded history is drawn, save by save. */
export interface HistoryState {
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

/** The change one save of this kind makes, drawn from and applied to the history's state. */
export function changeFor(
  state: HistoryState,
  kind: StepKind,
  at: number,
  actorEmail: string | undefined,
): ChangeHistoryChangeRecord[] {
  const when = iso(at);
  switch (kind) {
    case "keyEvent":
      return keyEventChange(state, when);
    case "dimension":
      return dimensionChange(state);
    case "stream":
      return streamChange(state, when);
    case "adsLink":
      return adsLinkChange(state, when, actorEmail);
    case "property":
      return propertyChange(state, when);
    case "retention":
      return retentionChange(state);
  }
}

function keyEventChange(state: HistoryState, when: string): ChangeHistoryChangeRecord[] {
  const { random } = state;
  const propertyName = `properties/${state.property.id}`;
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

function dimensionChange(state: HistoryState): ChangeHistoryChangeRecord[] {
  const { random } = state;
  const propertyName = `properties/${state.property.id}`;
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

function streamChange(state: HistoryState, when: string): ChangeHistoryChangeRecord[] {
  const { random } = state;
  const propertyName = `properties/${state.property.id}`;
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

function adsLinkChange(
  state: HistoryState,
  when: string,
  actorEmail: string | undefined,
): ChangeHistoryChangeRecord[] {
  const { random } = state;
  const propertyName = `properties/${state.property.id}`;
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

function propertyChange(state: HistoryState, when: string): ChangeHistoryChangeRecord[] {
  const { random } = state;
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
  return [{ resource: String(before.name), kind: "PROPERTY", action: "UPDATED", before, after }];
}

function retentionChange(state: HistoryState): ChangeHistoryChangeRecord[] {
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

export function streamJson(
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

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
