import { annotationColorNumbers } from "../store/sandbox-records.js";
import type {
  ChangeHistoryChangeRecord,
  ChangeHistoryEventRecord,
  ChangeHistoryResourceKind,
} from "../store/sandbox-records.js";

export type AdminVersion = "v1alpha" | "v1beta";

export const actorTypeNumbers = { USER: 1, SYSTEM: 2, SUPPORT: 3 } as const;
export const actionTypeNumbers = { CREATED: 1, UPDATED: 2, DELETED: 3 } as const;

/** `ChangeHistoryResourceType` of each version (google/analytics/admin/*\/resources.proto). */
const betaResourceTypes = {
  ACCOUNT: 1,
  PROPERTY: 2,
  FIREBASE_LINK: 6,
  GOOGLE_ADS_LINK: 7,
  GOOGLE_SIGNALS_SETTINGS: 8,
  CONVERSION_EVENT: 9,
  MEASUREMENT_PROTOCOL_SECRET: 10,
  CUSTOM_DIMENSION: 11,
  CUSTOM_METRIC: 12,
  DATA_RETENTION_SETTINGS: 13,
  DISPLAY_VIDEO_360_ADVERTISER_LINK: 14,
  DISPLAY_VIDEO_360_ADVERTISER_LINK_PROPOSAL: 15,
  DATA_STREAM: 18,
  ATTRIBUTION_SETTINGS: 20,
} as const;
const alphaResourceTypes = {
  ...betaResourceTypes,
  SEARCH_ADS_360_LINK: 16,
  EXPANDED_DATA_SET: 21,
  CHANNEL_GROUP: 22,
  BIGQUERY_LINK: 23,
  ENHANCED_MEASUREMENT_SETTINGS: 24,
  DATA_REDACTION_SETTINGS: 25,
  SKADNETWORK_CONVERSION_VALUE_SCHEMA: 26,
  ADSENSE_LINK: 27,
  AUDIENCE: 28,
  EVENT_CREATE_RULE: 29,
  KEY_EVENT: 30,
  CALCULATED_METRIC: 31,
  REPORTING_DATA_ANNOTATION: 32,
  SUBPROPERTY_SYNC_CONFIG: 33,
  REPORTING_IDENTITY_SETTINGS: 34,
  USER_PROVIDED_DATA_SETTINGS: 35,
} as const;

export function resourceTypeNumbers(version: AdminVersion): Readonly<Record<string, number>> {
  return version === "v1alpha" ? alphaResourceTypes : betaResourceTypes;
}

/**
 * The `resourceType` values a stored change answers to. A key event is the conversion event
 * renamed: the same resource, so either name finds it where the version knows the name.
 */
export function resourceTypesOf(kind: ChangeHistoryResourceKind): readonly string[] {
  return kind === "KEY_EVENT" ? ["KEY_EVENT", "CONVERSION_EVENT"] : [kind];
}

/** Enum-typed fields inside the resource snapshots, for `enum-encoding=int`. */
const nestedEnumNumbers: Record<string, Record<string, number>> = {
  countingMethod: { ONCE_PER_EVENT: 1, ONCE_PER_SESSION: 2 },
  scope: { EVENT: 1, USER: 2, ITEM: 3 },
  type: { WEB_DATA_STREAM: 1, ANDROID_APP_DATA_STREAM: 2, IOS_APP_DATA_STREAM: 3 },
  propertyType: {
    PROPERTY_TYPE_ORDINARY: 1,
    PROPERTY_TYPE_SUBPROPERTY: 2,
    PROPERTY_TYPE_ROLLUP: 3,
  },
  serviceLevel: { GOOGLE_ANALYTICS_STANDARD: 1, GOOGLE_ANALYTICS_360: 2 },
  industryCategory: {
    BUSINESS_AND_INDUSTRIAL_MARKETS: 2,
    FINANCE: 3,
    TECHNOLOGY: 5,
    TRAVEL: 6,
    ONLINE_COMMUNITIES: 18,
    SHOPPING: 26,
  },
  eventDataRetention: { TWO_MONTHS: 1, FOURTEEN_MONTHS: 3, TWENTY_SIX_MONTHS: 4 },
  userDataRetention: { TWO_MONTHS: 1, FOURTEEN_MONTHS: 3, TWENTY_SIX_MONTHS: 4 },
  color: annotationColorNumbers,
};

/**
 * The union member a stored change's snapshot goes in, per version; null where the version's
 * `ChangeHistoryResource` has no member for it (v1beta has no custom dimension or key event
 * member: a key event shows as the conversion event it was named before).
 */
function snapshotField(kind: ChangeHistoryResourceKind, version: AdminVersion): string | null {
  switch (kind) {
    case "PROPERTY":
      return "property";
    case "DATA_STREAM":
      return "dataStream";
    case "GOOGLE_ADS_LINK":
      return "googleAdsLink";
    case "DATA_RETENTION_SETTINGS":
      return "dataRetentionSettings";
    case "KEY_EVENT":
      return version === "v1alpha" ? "keyEvent" : "conversionEvent";
    case "CUSTOM_DIMENSION":
      return version === "v1alpha" ? "customDimension" : null;
    case "REPORTING_DATA_ANNOTATION":
      return version === "v1alpha" ? "reportingDataAnnotation" : null;
  }
}

/** Whether the version can report this kind of change at all (its enum names the type). */
export function versionKnows(kind: ChangeHistoryResourceKind, version: AdminVersion): boolean {
  return resourceTypesOf(kind).some((type) => type in resourceTypeNumbers(version));
}

/** v1beta names key events as conversion events. */
function resourceNameIn(change: ChangeHistoryChangeRecord, version: AdminVersion): string {
  return version === "v1beta" && change.kind === "KEY_EVENT"
    ? change.resource.replace("/keyEvents/", "/conversionEvents/")
    : change.resource;
}

function snapshotJson(
  snapshot: Record<string, unknown>,
  change: ChangeHistoryChangeRecord,
  version: AdminVersion,
  numericEnums: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(snapshot)) {
    if (key === "name") out.name = resourceNameIn({ ...change, resource: String(value) }, version);
    else if (numericEnums && typeof value === "string" && nestedEnumNumbers[key]?.[value])
      out[key] = nestedEnumNumbers[key][value];
    else out[key] = value;
  }
  return out;
}

export function changeToJson(
  change: ChangeHistoryChangeRecord,
  version: AdminVersion,
  numericEnums: boolean,
): Record<string, unknown> {
  const field = snapshotField(change.kind, version);
  const wrap = (snapshot: Record<string, unknown> | undefined) =>
    snapshot && field
      ? { [field]: snapshotJson(snapshot, change, version, numericEnums) }
      : undefined;
  const before = wrap(change.before);
  const after = wrap(change.after);
  return {
    resource: resourceNameIn(change, version),
    action: numericEnums ? actionTypeNumbers[change.action] : change.action,
    ...(before ? { resourceBeforeChange: before } : {}),
    ...(after ? { resourceAfterChange: after } : {}),
  };
}

/** proto3 JSON: `changesFiltered` and an empty email are default values, so they are left out. */
export function eventToJson(
  event: ChangeHistoryEventRecord,
  changes: readonly ChangeHistoryChangeRecord[],
  filtered: boolean,
  version: AdminVersion,
  numericEnums: boolean,
): Record<string, unknown> {
  return {
    id: event.id,
    changeTime: new Date(event.changeTime).toISOString(),
    actorType: numericEnums ? actorTypeNumbers[event.actorType] : event.actorType,
    ...(event.userActorEmail ? { userActorEmail: event.userActorEmail } : {}),
    ...(filtered ? { changesFiltered: true } : {}),
    changes: changes.map((change) => changeToJson(change, version, numericEnums)),
  };
}
