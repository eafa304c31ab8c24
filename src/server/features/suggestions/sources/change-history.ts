import { compareDates } from "../../../../shared/calendar-date.js";
import { AppError } from "../../../app-error.js";
import type { GoogleChangeHistoryEvent } from "../../../integrations/google/analytics-admin.js";
import type { SourceDeps } from "./source.js";
import type { SourceBatch, SourceRun, SuggestionDraft, SuggestionSource } from "./source.js";
import {
  groupSessions,
  sessionDraft,
  sessionGapMs,
  type EditingSession,
} from "./change-history-sessions.js";

const msPerDay = 86_400_000;
/** A read covers at most this much history, so a first read of 90 days is three quick reads. */
const windowMs = 30 * msPerDay;
/** Pages (200 events each) one read may take before it narrows its window instead. */
const maxPagesPerRead = 10;
/**
 * The resource types that can move a chart. Annotations are left out: they are annotations
 * already (Tidemark's own writes among them), and suggesting them back would loop.
 */
export const changeHistoryResourceTypes = [
  "PROPERTY",
  "KEY_EVENT",
  "CONVERSION_EVENT",
  "DATA_STREAM",
  "CUSTOM_DIMENSION",
  "CUSTOM_METRIC",
  "CALCULATED_METRIC",
  "GOOGLE_ADS_LINK",
  "FIREBASE_LINK",
  "BIGQUERY_LINK",
  "SEARCH_ADS_360_LINK",
  "DISPLAY_VIDEO_360_ADVERTISER_LINK",
  "ADSENSE_LINK",
  "DATA_RETENTION_SETTINGS",
  "GOOGLE_SIGNALS_SETTINGS",
  "ATTRIBUTION_SETTINGS",
  "ENHANCED_MEASUREMENT_SETTINGS",
  "DATA_REDACTION_SETTINGS",
  "EVENT_CREATE_RULE",
  "CHANNEL_GROUP",
  "AUDIENCE",
  "EXPANDED_DATA_SET",
  "MEASUREMENT_PROTOCOL_SECRET",
] as const;

/**
 * Where the last read stopped: every change before `after` is dealt with, and so are the ones at
 * or after it whose ids are in `seen` (already suggested while an earlier session was pending).
 */
interface Cursor {
  after: number;
  seen: string[];
}

function readCursor(raw: string | null): Cursor | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { after?: unknown; seen?: unknown };
    if (
      typeof value.after === "number" &&
      Number.isFinite(value.after) &&
      Array.isArray(value.seen)
    )
      return {
        after: value.after,
        seen: value.seen.filter((id): id is string => typeof id === "string"),
      };
  } catch {
    // A cursor from nowhere reads from the start again; item keys keep that from duplicating.
  }
  return null;
}

const writeCursor = (cursor: Cursor) => JSON.stringify(cursor);

/**
 * GA4's change history as suggestions: each editing session (one actor, saves less than 30
 * minutes apart) becomes one suggestion on the day it happened in the property's time zone.
 * The first read starts at `run.earliest` (the last 90 days), later ones at the cursor; each
 * read covers up to 30 days and says `more` while history is left. A session still going on
 * (its last save under 30 minutes before the read's end) waits for the next read, so it is
 * suggested once, whole.
 */
export function createChangeHistorySource(deps: Pick<SourceDeps, "gateway">): SuggestionSource {
  return {
    kind: "change-history",
    async fetchSince(run: SourceRun, rawCursor: string | null): Promise<SourceBatch> {
      const reader = run.reader;
      if (!reader) return { suggestions: [], cursor: rawCursor, more: false };
      const now = run.now.getTime();
      // A day starts up to 14 hours before midnight UTC somewhere; days before `earliest` are dropped below.
      const cursor = readCursor(rawCursor) ?? {
        after:
          Date.UTC(run.earliest.year, run.earliest.month - 1, run.earliest.day) - 14 * 3_600_000,
        seen: [],
      };

      // A clock behind the cursor (another instance's, a test's) has nothing new to ask about.
      if (now <= cursor.after) return { suggestions: [], cursor: rawCursor, more: false };
      const property = await deps.gateway.call(
        reader,
        "changeHistory",
        (admin, token) => admin.getProperty(token, run.propertyId),
        // Google shows change history to edit-scoped connections only: no call is wasted without one.
        { retry: true, requiresWrite: true },
      );
      if (!property.accountId)
        throw new AppError(
          "property_unreachable",
          "Google Analytics did not say which account this property belongs to, so its change history cannot be read.",
        );
      const timeZone = property.timeZone || "UTC";
      let windowEnd = Math.min(now, cursor.after + windowMs);
      let events: GoogleChangeHistoryEvent[] | null = null;
      while (events === null) {
        events = await readWindow(
          reader,
          property.accountId,
          run.propertyId,
          cursor.after,
          windowEnd,
        );
        // Too busy a month for one read: read the older part first.
        if (events === null)
          windowEnd = cursor.after + Math.max(60_000, (windowEnd - cursor.after) / 4);
      }
      const fresh = events.filter((event) => !cursor.seen.includes(event.id));

      const reachedNow = windowEnd >= now;
      const { settled, pending, suggestions } = splitSessions(fresh, {
        windowEnd,
        reachedNow,
        after: cursor.after,
        timeZone,
        earliest: run.earliest,
      });

      const next = nextCursor(cursor, events, settled, pending, windowEnd, reachedNow);
      return { suggestions, cursor: writeCursor(next), more: !reachedNow };
    },
  };

  /** Every event in [from, to], page by page; null when there are more than one read should take. */
  async function readWindow(
    reader: NonNullable<SourceRun["reader"]>,
    accountId: string,
    propertyId: string,
    from: number,
    to: number,
  ): Promise<GoogleChangeHistoryEvent[] | null> {
    const events: GoogleChangeHistoryEvent[] = [];
    let pageToken: string | undefined;
    for (let pages = 0; pages < maxPagesPerRead; pages += 1) {
      const page = await deps.gateway.call(
        reader,
        "changeHistory",
        (admin, token) =>
          admin.searchChangeHistory(token, {
            accountId,
            propertyId,
            resourceTypes: changeHistoryResourceTypes,
            earliestChangeTime: new Date(from).toISOString(),
            latestChangeTime: new Date(to).toISOString(),
            ...(pageToken ? { pageToken } : {}),
          }),
        { retry: true, requiresWrite: true },
      );
      events.push(...page.events);
      pageToken = page.nextPageToken;
      if (!pageToken) return events;
    }
    return to - from > 60_000 ? null : events;
  }
}

/**
 * The window's sessions: those over by its end (less the gap a session may still grow by) are
 * settled and suggested, from `earliest` on; the rest wait for the next read.
 */
function splitSessions(
  events: GoogleChangeHistoryEvent[],
  window: {
    windowEnd: number;
    reachedNow: boolean;
    after: number;
    timeZone: string;
    earliest: SourceRun["earliest"];
  },
): { settled: EditingSession[]; pending: EditingSession[]; suggestions: SuggestionDraft[] } {
  const { windowEnd, reachedNow, after, timeZone, earliest } = window;
  const sessions = groupSessions(events);
  const settledBefore = windowEnd - sessionGapMs;
  const settled = sessions.filter((session) => session.end < settledBefore);
  const pending = sessions.filter((session) => session.end >= settledBefore);
  // A read never ends where it started: a window that is one long session is taken whole.
  if (
    !reachedNow &&
    settled.length === 0 &&
    pending.length > 0 &&
    pending.every((s) => s.start <= after)
  ) {
    settled.push(...pending.splice(0));
  }

  const suggestions: SuggestionDraft[] = [];
  for (const session of settled) {
    const draft = sessionDraft(session, timeZone);
    if (!draft) continue;
    const day = draft.annotationDate ?? draft.annotationDateRange!.endDate;
    if (compareDates(day, earliest) < 0) continue;
    suggestions.push(draft);
  }
  return { settled, pending, suggestions };
}

/**
 * The next read starts at the first pending session (read again whole), or else at the last
 * suggested save; with nothing in the window, at its end (or, when the window reached now, up to
 * an hour behind it, so a change Google records a little late is still found). Changes already
 * suggested at or after that point are remembered by id, so reading them again suggests nothing.
 */
function nextCursor(
  cursor: Cursor,
  read: readonly GoogleChangeHistoryEvent[],
  settled: readonly EditingSession[],
  pending: readonly EditingSession[],
  windowEnd: number,
  reachedNow: boolean,
): Cursor {
  const settledEvents = settled.flatMap((session) => session.events);
  const after =
    pending.length > 0
      ? Math.min(...pending.map((session) => session.start))
      : settledEvents.length > 0
        ? Math.max(...settledEvents.map((event) => Date.parse(event.changeTime)))
        : reachedNow
          ? Math.max(cursor.after, windowEnd - 3_600_000)
          : windowEnd;
  const done = new Set([...cursor.seen, ...settledEvents.map((event) => event.id)]);
  const seen = read
    .filter((event) => done.has(event.id) && Date.parse(event.changeTime) >= after)
    .map((event) => event.id);
  return { after, seen: [...new Set(seen)] };
}
