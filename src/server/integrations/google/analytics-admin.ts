import type { CalendarDate } from "../../../shared/calendar-date.js";
import { toSafeText } from "../../../shared/contracts/clean-text.js";
import { createGoogleJsonApi } from "./google-json-api.js";

/** A reporting data annotation as Google sends it (proto3 JSON: default fields may be absent). */
export interface GoogleAnnotation {
  name: string;
  title: string;
  description?: string;
  color?: string;
  systemGenerated?: boolean;
  annotationDate?: CalendarDate;
  annotationDateRange?: { startDate: CalendarDate; endDate: CalendarDate };
}

export interface GoogleAnnotationInput {
  title?: string;
  description?: string;
  color?: string;
  /** One of the two targets; sending one clears the other at Google (a oneof). */
  annotationDate?: CalendarDate;
  annotationDateRange?: { startDate: CalendarDate; endDate: CalendarDate };
}

/** One read of a property's annotations, page by page. */
export interface AnnotationListing {
  annotations: GoogleAnnotation[];
  /**
   * How many pages it took. One page is one snapshot of the property; across several, an
   * annotation may move from a page not read yet to one already read (another was deleted
   * meanwhile) and be missed, so only a one-page listing proves that an annotation is absent.
   */
  pages: number;
}

/** The parts of Google's `Property` resource Tidemark reads. */
export interface GooglePropertyDetails {
  propertyId: string;
  /** IANA zone name; GA4 counts a property's days (annotations, reports) in it. */
  timeZone: string;
  /** The account it belongs to (digits), where its change history is searched; "" if unknown. */
  accountId: string;
}

/** A snapshot in change history: one member of Google's resource union, e.g. `{ keyEvent: {…} }`. */
export type GoogleChangeHistoryResource = Record<string, Record<string, unknown>>;

export interface GoogleChangeHistoryChange {
  /** e.g. `properties/1/keyEvents/2`. */
  resource: string;
  /** CREATED, UPDATED or DELETED (or a value Google adds later). */
  action: string;
  resourceBeforeChange?: GoogleChangeHistoryResource;
  resourceAfterChange?: GoogleChangeHistoryResource;
}

/** One change history event as Google sends it (proto3 JSON), its text made safe. */
export interface GoogleChangeHistoryEvent {
  id: string;
  /** RFC 3339 UTC. */
  changeTime: string;
  /** USER, SYSTEM or SUPPORT. */
  actorType: string;
  /** Present for USER actors. */
  userActorEmail?: string;
  changesFiltered: boolean;
  changes: GoogleChangeHistoryChange[];
}

export interface ChangeHistoryQuery {
  accountId: string;
  propertyId: string;
  /** Google's ChangeHistoryResourceType names (v1alpha); none = every type. */
  resourceTypes?: readonly string[];
  /** RFC 3339; both ends inclusive, as Google documents. */
  earliestChangeTime?: string;
  latestChangeTime?: string;
  pageToken?: string;
}

export interface ChangeHistoryPage {
  /** Newest first. */
  events: GoogleChangeHistoryEvent[];
  nextPageToken?: string;
}

export interface GooglePropertySummary {
  propertyId: string;
  displayName: string;
  accountName: string;
  canEdit: boolean;
}

/**
 * The Analytics Admin API calls Tidemark makes, each one HTTP request (a page, for lists) with
 * the caller's access token. Retries are the caller's decision: a create must not be blindly
 * repeated.
 */
export interface AnalyticsAdmin {
  listPropertySummaries(accessToken: string): Promise<GooglePropertySummary[]>;
  getProperty(accessToken: string, propertyId: string): Promise<GooglePropertyDetails>;
  /**
   * One page (up to 200 events) of a property's change history, through v1alpha, whose resource
   * union has key events and custom dimensions. Google requires the `analytics.edit` scope.
   */
  searchChangeHistory(accessToken: string, query: ChangeHistoryQuery): Promise<ChangeHistoryPage>;
  listAnnotations(accessToken: string, propertyId: string): Promise<AnnotationListing>;
  /** One annotation; a GoogleApiError with status 404 when it does not exist. */
  getAnnotation(
    accessToken: string,
    propertyId: string,
    annotationId: string,
  ): Promise<GoogleAnnotation>;
  createAnnotation(
    accessToken: string,
    propertyId: string,
    input: GoogleAnnotationInput,
  ): Promise<GoogleAnnotation>;
  updateAnnotation(
    accessToken: string,
    propertyId: string,
    annotationId: string,
    input: GoogleAnnotationInput,
  ): Promise<GoogleAnnotation>;
  deleteAnnotation(accessToken: string, propertyId: string, annotationId: string): Promise<void>;
}

const maxPageSize = 200;
/** How long one call may go without an answer, unless the app says otherwise. */
export const adminRequestTimeoutMs = 15_000;

/** Google's field names for an update mask (snake_case, as the API documents). */
const maskPaths: Record<keyof GoogleAnnotationInput, string> = {
  title: "title",
  description: "description",
  color: "color",
  annotationDate: "annotation_date",
  annotationDateRange: "annotation_date_range",
};

interface AccountSummariesPage {
  accountSummaries?: {
    displayName?: string;
    /** canEdit is omitted by Google when false (proto3 JSON). */
    propertySummaries?: { property?: string; displayName?: string; canEdit?: boolean }[];
  }[];
  nextPageToken?: string;
}

interface ChangeHistoryResponse {
  changeHistoryEvents?: Partial<GoogleChangeHistoryEvent>[];
  nextPageToken?: string;
}

interface AnnotationsPage {
  reportingDataAnnotations?: GoogleAnnotation[];
  nextPageToken?: string;
}

export function createAnalyticsAdmin(options: {
  rootUrl: string;
  timeoutMs?: number;
}): AnalyticsAdmin {
  const send = createGoogleJsonApi({
    rootUrl: options.rootUrl,
    timeoutMs: options.timeoutMs ?? adminRequestTimeoutMs,
  });
  const annotationsOf = (propertyId: string) =>
    `v1alpha/properties/${encodeURIComponent(propertyId)}/reportingDataAnnotations`;
  const annotationPath = (propertyId: string, annotationId: string) =>
    `${annotationsOf(propertyId)}/${encodeURIComponent(annotationId)}`;

  return {
    async listPropertySummaries(accessToken) {
      const summaries: GooglePropertySummary[] = [];
      let pageToken: string | undefined;
      do {
        const page = await send<AccountSummariesPage>({
          method: "GET",
          path: "v1beta/accountSummaries",
          query: { pageSize: maxPageSize, pageToken },
          accessToken,
        });
        for (const account of page.accountSummaries ?? []) {
          for (const property of account.propertySummaries ?? []) {
            summaries.push({
              propertyId: (property.property ?? "").replace(/^properties\//, ""),
              displayName: safeString(property.displayName, false),
              accountName: safeString(account.displayName, false),
              canEdit: property.canEdit === true,
            });
          }
        }
        pageToken = page.nextPageToken || undefined;
      } while (pageToken);
      return summaries;
    },

    async getProperty(accessToken, propertyId) {
      const property = await send<{ timeZone?: string; parent?: string }>({
        method: "GET",
        path: `v1beta/properties/${encodeURIComponent(propertyId)}`,
        accessToken,
      });
      return {
        propertyId,
        timeZone: safeString(property.timeZone, false),
        accountId: /^accounts\/(\d+)$/.exec(safeString(property.parent, false))?.[1] ?? "",
      };
    },

    async searchChangeHistory(accessToken, query) {
      const page = await send<ChangeHistoryResponse>({
        method: "POST",
        path: `v1alpha/accounts/${encodeURIComponent(query.accountId)}:searchChangeHistoryEvents`,
        body: {
          property: `properties/${query.propertyId}`,
          ...(query.resourceTypes?.length ? { resourceType: query.resourceTypes } : {}),
          ...(query.earliestChangeTime ? { earliestChangeTime: query.earliestChangeTime } : {}),
          ...(query.latestChangeTime ? { latestChangeTime: query.latestChangeTime } : {}),
          pageSize: maxPageSize,
          ...(query.pageToken ? { pageToken: query.pageToken } : {}),
        },
        accessToken,
      });
      return {
        events: (page.changeHistoryEvents ?? []).map(safeChangeHistoryEvent),
        ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
      };
    },

    async listAnnotations(accessToken, propertyId) {
      const found: GoogleAnnotation[] = [];
      let pages = 0;
      let pageToken: string | undefined;
      do {
        pages += 1;
        const page = await send<AnnotationsPage>({
          method: "GET",
          path: annotationsOf(propertyId),
          query: { pageSize: maxPageSize, pageToken },
          accessToken,
        });
        for (const annotation of page.reportingDataAnnotations ?? []) {
          found.push(safeAnnotation(annotation));
        }
        pageToken = page.nextPageToken || undefined;
      } while (pageToken);
      return { annotations: found, pages };
    },

    async getAnnotation(accessToken, propertyId, annotationId) {
      return safeAnnotation(
        await send<GoogleAnnotation>({
          method: "GET",
          path: annotationPath(propertyId, annotationId),
          accessToken,
        }),
      );
    },

    async createAnnotation(accessToken, propertyId, input) {
      return safeAnnotation(
        await send<GoogleAnnotation>({
          method: "POST",
          path: annotationsOf(propertyId),
          body: input,
          accessToken,
        }),
      );
    },

    async updateAnnotation(accessToken, propertyId, annotationId, input) {
      const fields = (Object.keys(input) as (keyof GoogleAnnotationInput)[]).filter(
        (key) => input[key] !== undefined,
      );
      return safeAnnotation(
        await send<GoogleAnnotation>({
          method: "PATCH",
          path: annotationPath(propertyId, annotationId),
          query: { updateMask: fields.map((field) => maskPaths[field]).join(",") },
          body: input,
          accessToken,
        }),
      );
    },

    async deleteAnnotation(accessToken, propertyId, annotationId) {
      await send<unknown>({
        method: "DELETE",
        path: annotationPath(propertyId, annotationId),
        accessToken,
      });
    },
  };
}

/**
 * Text from Google may hold anything (an annotation made elsewhere, through the API, with a NUL
 * or a broken surrogate): it is made safe here, once, before anything stores or shows it.
 */
function safeString(value: unknown, multiline: boolean): string {
  return typeof value === "string" ? toSafeText(value, multiline) : "";
}

function safeAnnotation(annotation: GoogleAnnotation): GoogleAnnotation {
  return {
    ...annotation,
    name: safeString(annotation.name, false),
    title: safeString(annotation.title, false),
    ...(annotation.description !== undefined
      ? { description: safeString(annotation.description, true) }
      : {}),
  };
}

/** Snapshots are shown to people (names, titles): every string in them is made safe, to a depth. */
function safeJson(value: unknown, depth: number): unknown {
  if (typeof value === "string") return toSafeText(value, true);
  if (depth <= 0 || value === null || typeof value !== "object") {
    return typeof value === "number" || typeof value === "boolean" ? value : undefined;
  }
  if (Array.isArray(value)) return value.map((item) => safeJson(item, depth - 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      key,
      safeJson(item, depth - 1),
    ]),
  );
}

function safeResource(value: unknown): GoogleChangeHistoryResource | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  return safeJson(value, 6) as GoogleChangeHistoryResource;
}

function safeChangeHistoryEvent(
  event: Partial<GoogleChangeHistoryEvent>,
): GoogleChangeHistoryEvent {
  const changes = Array.isArray(event.changes) ? event.changes : [];
  return {
    id: safeString(event.id, false),
    changeTime: safeString(event.changeTime, false),
    actorType: safeString(event.actorType, false),
    ...(typeof event.userActorEmail === "string" && event.userActorEmail
      ? { userActorEmail: safeString(event.userActorEmail, false) }
      : {}),
    changesFiltered: event.changesFiltered === true,
    changes: changes.map((change) => {
      const before = safeResource(change.resourceBeforeChange);
      const after = safeResource(change.resourceAfterChange);
      return {
        resource: safeString(change.resource, false),
        action: safeString(change.action, false),
        ...(before ? { resourceBeforeChange: before } : {}),
        ...(after ? { resourceAfterChange: after } : {}),
      };
    }),
  };
}
