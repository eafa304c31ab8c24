/**
 * The Analytics Admin API as Tidemark sees it: the calls it makes and the shapes Google answers
 * with, apart from the calls themselves so that the files making them read these types without
 * importing the client that assembles them.
 */
import type { CalendarDate } from "../../../shared/calendar-date.js";

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
