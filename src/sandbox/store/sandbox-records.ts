import type { CivilDate } from "../calendar/civil-date.js";

/** The annotation colours of the Admin API, with their proto numbers. */
export const annotationColorNumbers = {
  COLOR_UNSPECIFIED: 0,
  PURPLE: 1,
  BROWN: 2,
  BLUE: 3,
  GREEN: 4,
  RED: 5,
  CYAN: 6,
  ORANGE: 7,
} as const;
export type AnnotationColorName = keyof typeof annotationColorNumbers;

export type AnnotationTarget =
  { kind: "date"; date: CivilDate } | { kind: "range"; startDate: CivilDate; endDate: CivilDate };

export interface AnnotationRecord {
  id: number;
  title: string;
  description: string;
  color: AnnotationColorName;
  systemGenerated: boolean;
  target: AnnotationTarget;
}

/** A multiplicative bump or dip in synthetic traffic between two day numbers (inclusive). */
export interface TrafficEffect {
  startDay: number;
  endDay: number;
  factor: number;
  /**
   * How the factor plays out over the days: "step" (the whole factor every day, the default),
   * "spike" (the whole factor on the first day, half the lift the next, and so on), "ramp"
   * (growing evenly to the whole factor on the last day).
   */
  shape?: "step" | "spike" | "ramp";
}

export interface TrafficProfile {
  seed: number;
  baseSessions: number;
  /** Weekend sessions relative to weekdays (B2B sites < 1, shops > 1). */
  weekendFactor: number;
  /** Yearly growth as a fraction, e.g. 0.2 = +20 % a year. */
  growthPerYear: number;
  /** First day with data (day number); earlier days are empty. */
  dataStartDay: number;
  effects: TrafficEffect[];
}

export interface PropertyRecord {
  id: string;
  accountId: string;
  displayName: string;
  timeZone: string;
  currencyCode: string;
  nextAnnotationId: number;
  /** Keyed by id; ids only grow, so insertion order is id order. */
  annotations: Map<number, AnnotationRecord>;
  traffic: TrafficProfile;
  /**
   * What the seeded change history is drawn from; absent on properties stored before change history
   * existed (the first search then seeds from that day and the caller).
   */
  changeHistorySeed?: ChangeHistorySeed;
  /** Changes made through the sandbox itself (annotation writes), oldest first. */
  recordedChanges?: ChangeHistoryEventRecord[];
}

export interface ChangeHistorySeed {
  /** The day (day number) the history is relative to: 90 days before it, a year after it. */
  anchorDay: number;
  /** Who made most of the changes. */
  ownerEmail: string;
  /** Where colleagues' addresses come from. */
  domain: string;
}

export type ChangeHistoryActorType = "USER" | "SYSTEM" | "SUPPORT";
export type ChangeHistoryAction = "CREATED" | "UPDATED" | "DELETED";
/** The resource kinds the sandbox's history holds (a subset of Google's ChangeHistoryResourceType). */
export type ChangeHistoryResourceKind =
  | "PROPERTY"
  | "DATA_STREAM"
  | "KEY_EVENT"
  | "CUSTOM_DIMENSION"
  | "GOOGLE_ADS_LINK"
  | "DATA_RETENTION_SETTINGS"
  | "REPORTING_DATA_ANNOTATION";

export interface ChangeHistoryChangeRecord {
  /** Resource name as v1alpha names it, e.g. `properties/1/keyEvents/2`. */
  resource: string;
  kind: ChangeHistoryResourceKind;
  action: ChangeHistoryAction;
  /** The resource message in proto3 JSON (enums as names), absent for a create. */
  before?: Record<string, unknown>;
  /** Absent for a delete. */
  after?: Record<string, unknown>;
}

export interface ChangeHistoryEventRecord {
  id: string;
  /** Epoch milliseconds. */
  changeTime: number;
  actorType: ChangeHistoryActorType;
  /** Set for USER actors only. */
  userActorEmail?: string;
  changes: ChangeHistoryChangeRecord[];
}

export interface AccountRecord {
  id: string;
  displayName: string;
  propertyIds: string[];
}

export type PropertyRole = "editor" | "viewer";

export interface UserRecord {
  sub: string;
  email: string;
  name: string;
  givenName: string;
  familyName: string;
  createdAt: number;
  accountIds: string[];
  propertyRoles: Record<string, PropertyRole>;
}

export interface AccessTokenRecord {
  sub: string;
  clientId: string;
  scopes: string[];
  expiresAt: number;
  /** Issued with access_type=offline (tokeninfo reports it). */
  offline: boolean;
}

export interface RefreshTokenRecord {
  sub: string;
  clientId: string;
  scopes: string[];
  createdAt: number;
}

export interface SigningKeyRecord {
  kid: string;
  /** Private RSA key as a JWK. The sandbox's own throwaway key: never a real secret. */
  privateJwk: Record<string, unknown>;
  createdAt: number;
}
