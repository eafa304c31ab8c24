import { annotationCalls } from "./analytics-admin-annotations.js";
import { maxPageSize, safeChangeHistoryEvent, safeString } from "./analytics-admin-reading.js";
import { createGoogleJsonApi, type GoogleJsonApi } from "./google-json-api.js";

export type {
  GoogleAnnotation,
  GoogleAnnotationInput,
  AnnotationListing,
  GooglePropertyDetails,
  GoogleChangeHistoryResource,
  GoogleChangeHistoryChange,
  GoogleChangeHistoryEvent,
  ChangeHistoryQuery,
  ChangeHistoryPage,
  GooglePropertySummary,
  AnalyticsAdmin,
} from "./analytics-admin-types.js";
import type {
  GoogleChangeHistoryEvent,
  GooglePropertySummary,
  AnalyticsAdmin,
} from "./analytics-admin-types.js";

/** How long one call may go without an answer, unless the app says otherwise. */
export const adminRequestTimeoutMs = 15_000;

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

export function createAnalyticsAdmin(options: {
  rootUrl: string;
  timeoutMs?: number;
}): AnalyticsAdmin {
  const send = createGoogleJsonApi({
    rootUrl: options.rootUrl,
    timeoutMs: options.timeoutMs ?? adminRequestTimeoutMs,
  });
  return { ...propertyCalls(send), ...annotationCalls(send) };
}

type PropertyCalls = Pick<
  AnalyticsAdmin,
  "listPropertySummaries" | "getProperty" | "searchChangeHistory"
>;

/** The calls about properties themselves: which the caller sees, one's details, its history. */
function propertyCalls(send: GoogleJsonApi): PropertyCalls {
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
  };
}
