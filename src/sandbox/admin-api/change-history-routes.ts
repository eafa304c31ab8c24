import { createHash } from "node:crypto";
import {
  invalidArgument,
  invalidValue,
  permissionDenied,
  type ApiMethod,
} from "../http/google-api-error.js";
import { jsonResult, type HandlerResult } from "../http/handler-result.js";
import {
  bodyObject,
  readFields,
  readInt32,
  readString,
  wantsNumericEnums,
} from "../http/proto-json.js";
import type { RequestContext, Route } from "../http/route.js";
import { authenticateApiCall } from "../oauth/bearer-auth.js";
import { adminWriteScopes } from "../oauth/scopes.js";
import type { SandboxContext } from "../sandbox-context.js";
import { seededChangeHistory } from "../seed/seed-change-history.js";
import type {
  ChangeHistoryAction,
  ChangeHistoryChangeRecord,
  ChangeHistoryEventRecord,
  ChangeHistorySeed,
  PropertyRecord,
  UserRecord,
} from "../store/sandbox-records.js";
import type { SandboxStore } from "../store/sandbox-store.js";
import {
  actionTypeNumbers,
  eventToJson,
  resourceTypeNumbers,
  resourceTypesOf,
  versionKnows,
  type AdminVersion,
} from "./change-history-json.js";
import { decodePageToken, encodePageToken } from "./list-paging.js";

const service = "analyticsadmin.googleapis.com";
const msPerDay = 86_400_000;
const numericId = /^\d{1,19}$/;
const requestFields = [
  "property",
  "resource_type",
  "action",
  "actor_email",
  "earliest_change_time",
  "latest_change_time",
  "page_size",
  "page_token",
];
/** RFC 3339 as proto3 JSON reads a Timestamp: any offset, up to nine fractional digits. */
const timestampPattern =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/i;

interface SearchRequest {
  propertyId: string | undefined;
  resourceTypes: string[];
  actions: ChangeHistoryAction[];
  actorEmails: string[];
  /** Epoch milliseconds, fractions kept (Google's timestamps go to nanoseconds). */
  earliest: number | undefined;
  latest: number | undefined;
  pageSize: number;
  pageToken: string | undefined;
}

/**
 * Admin API `accounts.searchChangeHistoryEvents` (v1beta and v1alpha): the account's change
 * history, newest first, filtered and paged as Google documents it. Needs `analytics.edit` and an
 * editor role in the account. Each property's history is seeded (see seed-change-history.ts) and
 * annotation writes made through the sandbox are recorded on top.
 */
export function changeHistoryRoutes(context: SandboxContext): Route[] {
  const route = (version: AdminVersion): Route => {
    const apiMethod: ApiMethod = {
      id: "analyticsadmin.accounts.searchChangeHistoryEvents",
      service,
      rpc: `google.analytics.admin.${version}.AnalyticsAdminService.SearchChangeHistoryEvents`,
    };
    const handle = (request: RequestContext): HandlerResult => {
      const user = authenticateApiCall(context.tokens, request, apiMethod, adminWriteScopes);
      const accountId = accountIdOf(request.params.account ?? "");
      const search = readSearchRequest(request, version);
      const properties = propertiesInScope(context.store, user, accountId, search.propertyId);
      const now = context.clock.now();
      const events = properties
        .flatMap((property) => historyOf(context.store, property, user, now))
        .filter((event) => event.changeTime <= now)
        .sort((a, b) => b.changeTime - a.changeTime || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));

      const fingerprint = fingerprintOf(accountId, search);
      let startAfter: { time: number; id: string } | undefined;
      if (search.pageToken) {
        const token = decodePageToken(search.pageToken);
        if (token.q !== fingerprint || typeof token.t !== "number" || typeof token.i !== "string")
          throw invalidArgument(
            "page_token",
            "The page token does not match the request; every parameter except page_size must stay the same.",
          );
        startAfter = { time: token.t, id: token.i };
      }

      const numericEnums = wantsNumericEnums(request.query);
      const page: Record<string, unknown>[] = [];
      let last: ChangeHistoryEventRecord | undefined;
      let more = false;
      for (const event of events) {
        if (startAfter && !isAfter(event, startAfter)) continue;
        const selected = selectChanges(event, search, version);
        if (!selected) continue;
        if (page.length === search.pageSize) {
          more = true;
          break;
        }
        page.push(eventToJson(event, selected.changes, selected.filtered, version, numericEnums));
        last = event;
      }
      return jsonResult({
        ...(page.length ? { changeHistoryEvents: page } : {}),
        ...(more && last
          ? { nextPageToken: encodePageToken({ t: last.changeTime, i: last.id, q: fingerprint }) }
          : {}),
      });
    };
    return {
      family: "api",
      service,
      method: "POST",
      pattern: new RegExp(
        `^/${version}/accounts/(?<account>[^/:]+)(?::|%3A)searchChangeHistoryEvents$`,
        "i",
      ),
      body: "json",
      counter: apiMethod.id,
      handle,
    };
  };
  return [route("v1beta"), route("v1alpha")];
}

function accountIdOf(raw: string): string {
  if (!numericId.test(raw))
    throw invalidArgument(
      "account",
      `account must name an account as accounts/{account_id} with a numeric id; got "accounts/${raw}".`,
    );
  return raw;
}

/**
 * The properties whose history the caller may read: GA shows change history to editors and
 * administrators only, so a user with no editor role in the account gets 403, as for a stranger.
 */
function propertiesInScope(
  store: SandboxStore,
  user: UserRecord,
  accountId: string,
  propertyId: string | undefined,
): PropertyRecord[] {
  const account = store.accounts.get(accountId);
  const editable = (id: string) => user.propertyRoles[id] === "editor";
  if (!account || !user.accountIds.includes(accountId) || !account.propertyIds.some(editable))
    throw permissionDenied();
  if (propertyId !== undefined) {
    if (!account.propertyIds.includes(propertyId))
      throw invalidArgument(
        "property",
        `property properties/${propertyId} is not a child of accounts/${accountId}.`,
      );
    if (!editable(propertyId)) throw permissionDenied();
  }
  return account.propertyIds
    .filter((id) => propertyId === undefined || id === propertyId)
    .filter(editable)
    .flatMap((id) => store.properties.get(id) ?? []);
}

/**
 * Seeded history plus what was recorded. A property stored before change history existed is
 * seeded on its first search, relative to that day and with the caller as its owner.
 */
function historyOf(
  store: SandboxStore,
  property: PropertyRecord,
  user: UserRecord,
  now: number,
): ChangeHistoryEventRecord[] {
  if (!property.changeHistorySeed) {
    property.changeHistorySeed = fallbackSeed(property, user, now);
    store.changed();
  }
  return [
    ...seededChangeHistory(property, property.changeHistorySeed),
    ...(property.recordedChanges ?? []),
  ];
}

function fallbackSeed(property: PropertyRecord, user: UserRecord, now: number): ChangeHistorySeed {
  const fromName = property.displayName
    .split(/\s+/)
    .find((word) => /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(word));
  return {
    anchorDay: Math.floor(now / msPerDay),
    ownerEmail: user.email,
    domain: fromName ?? user.email.split("@")[1] ?? "example.com",
  };
}

function isAfter(event: ChangeHistoryEventRecord, cursor: { time: number; id: string }): boolean {
  return (
    event.changeTime < cursor.time || (event.changeTime === cursor.time && event.id < cursor.id)
  );
}

/** The event's changes that pass the filters, or null when the event is not returned at all. */
function selectChanges(
  event: ChangeHistoryEventRecord,
  search: SearchRequest,
  version: AdminVersion,
): { changes: ChangeHistoryChangeRecord[]; filtered: boolean } | null {
  if (search.earliest !== undefined && event.changeTime < search.earliest) return null;
  if (search.latest !== undefined && event.changeTime > search.latest) return null;
  if (
    search.actorEmails.length > 0 &&
    !(event.userActorEmail && search.actorEmails.includes(event.userActorEmail.toLowerCase()))
  )
    return null;
  const changes = event.changes.filter(
    (change) =>
      versionKnows(change.kind, version) &&
      (search.resourceTypes.length === 0 ||
        resourceTypesOf(change.kind).some((type) => search.resourceTypes.includes(type))) &&
      (search.actions.length === 0 || search.actions.includes(change.action)),
  );
  if (changes.length === 0) return null;
  return { changes, filtered: changes.length < event.changes.length };
}

function fingerprintOf(accountId: string, search: SearchRequest): string {
  const { pageSize: _size, pageToken: _token, ...filters } = search;
  return createHash("sha256")
    .update(JSON.stringify({ accountId, ...filters }))
    .digest("base64url")
    .slice(0, 16);
}

function readSearchRequest(request: RequestContext, version: AdminVersion): SearchRequest {
  const fields = readFields(
    bodyObject(request.body, "SearchChangeHistoryEventsRequest"),
    "SearchChangeHistoryEventsRequest",
    requestFields,
  );
  const enumType = (name: string) =>
    `type.googleapis.com/google.analytics.admin.${version}.${name}`;
  let propertyId: string | undefined;
  const property = fields.get("property");
  if (property !== undefined && property !== "") {
    const match = /^properties\/(\d{1,19})$/.exec(readString(property, "property"));
    if (!match)
      throw invalidArgument(
        "property",
        `property must be properties/{property_id} with a numeric id; got "${String(property)}".`,
      );
    propertyId = match[1];
  }
  const resourceTypes = readEnumList(
    fields.get("resource_type"),
    "resource_type",
    enumType("ChangeHistoryResourceType"),
    resourceTypeNumbers(version),
  );
  const actions = readEnumList(
    fields.get("action"),
    "action",
    enumType("ActionType"),
    actionTypeNumbers,
  ) as ChangeHistoryAction[];
  const actorEmails = readList(fields.get("actor_email"), "actor_email").map((value, index) =>
    readString(value, `actor_email[${index}]`).trim().toLowerCase(),
  );
  const earliest = readTimestamp(fields.get("earliest_change_time"), "earliest_change_time");
  const latest = readTimestamp(fields.get("latest_change_time"), "latest_change_time");
  if (earliest !== undefined && latest !== undefined && earliest > latest)
    throw invalidArgument(
      "earliest_change_time",
      "earliest_change_time must not be after latest_change_time.",
    );
  const rawSize = fields.get("page_size");
  const size = rawSize === undefined ? 0 : readInt32(rawSize, "page_size");
  if (size < 0) throw invalidArgument("page_size", "page_size must not be negative.");
  const rawToken = fields.get("page_token");
  const pageToken = rawToken === undefined ? "" : readString(rawToken, "page_token");
  return {
    propertyId,
    resourceTypes,
    actions,
    actorEmails,
    earliest,
    latest,
    pageSize: size === 0 ? 50 : Math.min(size, 200),
    pageToken: pageToken || undefined,
  };
}

function readList(value: unknown, field: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalidValue(field, "TYPE_STRING", value);
  return value;
}

/** A repeated enum: names or numbers, as proto3 JSON allows; the unspecified value is refused. */
function readEnumList(
  value: unknown,
  field: string,
  protoType: string,
  numbers: Readonly<Record<string, number>>,
): string[] {
  return readList(value, field).map((item, index) => {
    const name =
      typeof item === "number"
        ? Object.keys(numbers).find((key) => numbers[key] === item)
        : typeof item === "string" && item in numbers
          ? item
          : undefined;
    if (!name) throw invalidValue(`${field}[${index}]`, protoType, item);
    return name;
  });
}

function readTimestamp(value: unknown, field: string): number | undefined {
  if (value === undefined || value === "") return undefined;
  const text = typeof value === "string" ? value : undefined;
  const match = text === undefined ? null : timestampPattern.exec(text);
  const whole = match ? Date.parse(`${match[1]}${match[3]!.toUpperCase()}`) : Number.NaN;
  if (!match || Number.isNaN(whole))
    throw invalidValue(field, "type.googleapis.com/google.protobuf.Timestamp", value);
  return whole + Number(`0.${match[2] ?? "0"}`) * 1000;
}
