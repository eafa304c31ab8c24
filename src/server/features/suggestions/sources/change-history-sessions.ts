import {
  calendarDateOf,
  compareDates,
  type CalendarDate,
} from "../../../../shared/calendar-date.js";
import type { CategoryPreset } from "../../../../shared/categories.js";
import type {
  GoogleChangeHistoryChange,
  GoogleChangeHistoryEvent,
  GoogleChangeHistoryResource,
} from "../../../integrations/google/analytics-admin.js";
import type { SuggestionDraft } from "./source.js";

/** Saves by one actor with less than this between them are one editing session, one suggestion. */
export const sessionGapMs = 30 * 60_000;
/** The "What" of a title leaves room for the category's template around it (titles end at 100). */
const whatMaxLength = 80;
const descriptionMaxLength = 1000;
/** A title names this many kinds of change; the rest are counted. */
const titleParts = 3;

/** One person's (or Google's) run of saves, oldest first. */
export interface EditingSession {
  actorKey: string;
  events: GoogleChangeHistoryEvent[];
  /** Epoch ms of its first and last save. */
  start: number;
  end: number;
}

/**
 * Groups events (any order) into editing sessions: the same actor, each save within
 * `sessionGapMs` of the one before. Events with no time Google could give are left out.
 */
export function groupSessions(events: readonly GoogleChangeHistoryEvent[]): EditingSession[] {
  const timed = events
    .map((event) => ({ event, at: Date.parse(event.changeTime) }))
    .filter(({ at }) => Number.isFinite(at))
    .sort((a, b) => a.at - b.at || (a.event.id < b.event.id ? -1 : 1));
  const open = new Map<string, EditingSession>();
  const sessions: EditingSession[] = [];
  for (const { event, at } of timed) {
    const actorKey = actorKeyOf(event);
    const current = open.get(actorKey);
    if (current && at - current.end < sessionGapMs) {
      current.events.push(event);
      current.end = at;
      continue;
    }
    const session: EditingSession = { actorKey, events: [event], start: at, end: at };
    open.set(actorKey, session);
    sessions.push(session);
  }
  return sessions;
}

function actorKeyOf(event: GoogleChangeHistoryEvent): string {
  return event.actorType === "USER" && event.userActorEmail
    ? `user:${event.userActorEmail.toLowerCase()}`
    : event.actorType || "UNKNOWN";
}

/** The kinds of change a title speaks of, in the order it speaks of them. */
type Subject =
  | "keyEvent"
  | "customDimension"
  | "customMetric"
  | "dataStream"
  | "googleAdsLink"
  | "property"
  | "dataRetentionSettings"
  | "other";

interface Described {
  subject: Subject;
  action: string;
  /** The name a single change is called by ("purchase", "Plan tier"), if it has one. */
  name: string | undefined;
  /** A whole phrase for changes that are more than "X created" (a new time zone). */
  phrase: string;
  /** For the description: the phrase with its detail. */
  line: string;
}

const subjectOrder: readonly Subject[] = [
  "keyEvent",
  "dataStream",
  "customDimension",
  "customMetric",
  "googleAdsLink",
  "property",
  "dataRetentionSettings",
  "other",
];

/** Singular and plural nouns, and the verbs each action takes for it. */
const nouns: Record<
  Exclude<Subject, "property" | "dataRetentionSettings" | "other">,
  [string, string]
> = {
  keyEvent: ["Key event", "key events"],
  customDimension: ["Custom dimension", "custom dimensions"],
  customMetric: ["Custom metric", "custom metrics"],
  dataStream: ["Data stream", "data streams"],
  googleAdsLink: ["Google Ads link", "Google Ads links"],
};

function verbFor(subject: Subject, action: string): string {
  const added = subject === "customDimension" || subject === "customMetric";
  if (action === "CREATED")
    return subject === "googleAdsLink" ? "linked" : added ? "added" : "created";
  if (action === "DELETED") return subject === "googleAdsLink" ? "unlinked" : "removed";
  return "changed";
}

const quoted = (text: string) => `“${text}”`;

function snapshotOf(
  change: GoogleChangeHistoryChange,
): [string, Record<string, unknown>] | undefined {
  const resource: GoogleChangeHistoryResource | undefined =
    change.resourceAfterChange ?? change.resourceBeforeChange;
  const entry = resource ? Object.entries(resource)[0] : undefined;
  return entry && entry[1] && typeof entry[1] === "object" ? entry : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}

/** The resource kind from the snapshot's union member, or else from the resource name. */
function subjectOf(change: GoogleChangeHistoryChange, member: string | undefined): Subject {
  const key = member ?? "";
  if (
    key === "keyEvent" ||
    key === "conversionEvent" ||
    /\/(keyEvents|conversionEvents)\//.test(change.resource)
  )
    return "keyEvent";
  if (key === "customDimension" || change.resource.includes("/customDimensions/"))
    return "customDimension";
  if (key === "customMetric" || change.resource.includes("/customMetrics/")) return "customMetric";
  if (key === "dataStream" || change.resource.includes("/dataStreams/")) return "dataStream";
  if (key === "googleAdsLink" || change.resource.includes("/googleAdsLinks/"))
    return "googleAdsLink";
  if (key === "dataRetentionSettings" || change.resource.endsWith("/dataRetentionSettings"))
    return "dataRetentionSettings";
  if (key === "property" || /^properties\/\d+$/.test(change.resource)) return "property";
  return "other";
}

const retentionWords: Record<string, string> = {
  TWO_MONTHS: "2 months",
  FOURTEEN_MONTHS: "14 months",
  TWENTY_SIX_MONTHS: "26 months",
  THIRTY_EIGHT_MONTHS: "38 months",
  FIFTY_MONTHS: "50 months",
};

/** "customerId" 1234567890 is shown as Google Ads shows it: 123-456-7890. */
function adsCustomer(id: string | undefined): string | undefined {
  return id && /^\d{10}$/.test(id) ? `${id.slice(0, 3)}-${id.slice(3, 6)}-${id.slice(6)}` : id;
}

/** "bigqueryLink" → "BigQuery link", "enhancedMeasurementSettings" → "Enhanced measurement settings". */
function wordsOf(member: string): string {
  const words = member
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .replace(/\bbigquery\b/, "BigQuery")
    .replace(/\bads\b/, "Ads");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function describe(change: GoogleChangeHistoryChange): Described {
  const snapshot = snapshotOf(change);
  const [member, after]: [string | undefined, Record<string, unknown>] = snapshot ?? [
    undefined,
    {},
  ];
  const before =
    change.resourceBeforeChange && member ? change.resourceBeforeChange[member] : undefined;
  const subject = subjectOf(change, member);
  const action = change.action;
  const verb = verbFor(subject, action);
  switch (subject) {
    case "property": {
      const was = before ?? {};
      const is = change.resourceAfterChange?.[member ?? "property"] ?? {};
      const changed = (field: string) => was[field] !== is[field] && is[field] !== undefined;
      const phrase = changed("timeZone")
        ? `Time zone changed to ${String(is.timeZone)}`
        : changed("currencyCode")
          ? `Currency changed to ${String(is.currencyCode)}`
          : changed("displayName")
            ? `Property renamed to ${quoted(String(is.displayName))}`
            : changed("industryCategory")
              ? "Industry category changed"
              : "Property settings changed";
      return { subject, action, name: undefined, phrase, line: phrase };
    }
    case "dataRetentionSettings": {
      const is = change.resourceAfterChange?.[member ?? "dataRetentionSettings"] ?? {};
      const was = before ?? {};
      const retention = text(is.eventDataRetention);
      const phrase =
        retention && retention !== was.eventDataRetention
          ? `Data retention set to ${retentionWords[retention] ?? retention.toLowerCase()}`
          : "Data retention settings changed";
      return { subject, action, name: undefined, phrase, line: phrase };
    }
    case "other": {
      const what = member ? wordsOf(member) : "Setting";
      const phrase = `${what} ${verbFor(subject, action)}`;
      return { subject, action, name: undefined, phrase, line: `${phrase} (${change.resource})` };
    }
    default: {
      const name =
        subject === "keyEvent"
          ? text(after.eventName)
          : subject === "googleAdsLink"
            ? adsCustomer(text(after.customerId))
            : (text(after.displayName) ?? text(after.parameterName));
      const [noun] = nouns[subject];
      const phrase =
        subject === "googleAdsLink"
          ? name
            ? `Google Ads account ${name} ${verb}`
            : `Google Ads link ${verb}`
          : `${noun} ${name ? `${quoted(name)} ` : ""}${verb}`;
      const detail =
        subject === "dataStream"
          ? text((after.webStreamData as Record<string, unknown> | undefined)?.defaultUri)
          : subject === "customDimension"
            ? text(after.parameterName)
            : undefined;
      return { subject, action, name, phrase, line: detail ? `${phrase} (${detail})` : phrase };
    }
  }
}

/** "Key event “purchase” created; 2 custom dimensions added". */
export function sessionTitle(described: readonly Described[]): string {
  const groups = new Map<string, Described[]>();
  const ordered = [...described].sort(
    (a, b) => subjectOrder.indexOf(a.subject) - subjectOrder.indexOf(b.subject),
  );
  for (const item of ordered) {
    const key =
      item.subject === "property" ||
      item.subject === "dataRetentionSettings" ||
      item.subject === "other"
        ? `${item.subject}:${item.phrase}`
        : `${item.subject}:${item.action}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const parts = [...groups.values()].map((items) => {
    const first = items[0]!;
    if (
      items.length === 1 ||
      first.subject === "property" ||
      first.subject === "dataRetentionSettings" ||
      first.subject === "other"
    )
      return first.phrase;
    const [, plural] = nouns[first.subject as keyof typeof nouns];
    return `${items.length} ${plural} ${verbFor(first.subject, first.action)}`;
  });
  const shown = parts.slice(0, titleParts);
  const rest = parts.length - shown.length;
  const title = `${shown.join("; ")}${rest > 0 ? `; ${rest} more change${rest === 1 ? "" : "s"}` : ""}`;
  return title.length <= whatMaxLength ? title : `${title.slice(0, whatMaxLength - 1).trimEnd()}…`;
}

function actorWords(event: GoogleChangeHistoryEvent): string {
  if (event.actorType === "USER" && event.userActorEmail) return event.userActorEmail;
  if (event.actorType === "SYSTEM") return "Google Analytics itself";
  if (event.actorType === "SUPPORT") return "Google Analytics support";
  return "someone";
}

function timeOfDay(at: number, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hour: "2-digit",
      minute: "2-digit",
    }).format(at);
  } catch {
    return new Date(at).toISOString().slice(11, 16);
  }
}

function dayIn(at: number, timeZone: string): CalendarDate {
  try {
    return calendarDateOf(new Date(at), timeZone);
  } catch {
    return calendarDateOf(new Date(at), "UTC");
  }
}

/**
 * A session as a suggestion. Its key is its first save's id, which no later read changes (a
 * session is only turned into a suggestion once it is over). Sessions that only touch Google Ads
 * links are filed under campaigns (a new Ads link is usually a campaign starting); every other
 * change to the set-up under the source's own preset (releases).
 */
export function sessionDraft(session: EditingSession, timeZone: string): SuggestionDraft | null {
  const lines: string[] = [];
  const described: Described[] = [];
  for (const event of session.events) {
    const at = Date.parse(event.changeTime);
    for (const change of event.changes) {
      const item = describe(change);
      described.push(item);
      lines.push(`• ${timeOfDay(at, timeZone)} ${item.line}`);
    }
  }
  if (described.length === 0) return null;
  const first = session.events[0]!;
  const startDay = dayIn(session.start, timeZone);
  const endDay = dayIn(session.end, timeZone);
  const header = `Changed in Google Analytics by ${actorWords(first)}:`;
  const footer = "From the property's change history.";
  let body = lines.join("\n");
  const room = descriptionMaxLength - header.length - footer.length - 2;
  if (body.length > room) {
    const kept: string[] = [];
    let used = 0;
    for (const line of lines) {
      if (used + line.length + 1 > room - 30) break;
      kept.push(line);
      used += line.length + 1;
    }
    body = `${kept.join("\n")}\n… and ${lines.length - kept.length} more`;
  }
  const adsOnly = described.every((item) => item.subject === "googleAdsLink");
  const preset: CategoryPreset["key"] | undefined = adsOnly ? "campaigns" : undefined;
  return {
    itemKey: `change-history:${first.id}`,
    ...(compareDates(startDay, endDay) === 0
      ? { annotationDate: startDay }
      : { annotationDateRange: { startDate: startDay, endDate: endDay } }),
    title: sessionTitle(described),
    description: `${header}\n${body}\n${footer}`,
    ...(preset ? { categoryPreset: preset } : {}),
    origin: null,
  };
}
