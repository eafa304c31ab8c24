import type { analyticsadmin_v1alpha, analyticsadmin_v1beta } from "@googleapis/analyticsadmin";
import type { CalendarDate } from "../../../shared/calendar-date.js";
import { toGoogleApiError } from "./google-api-error.js";

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
  annotationDate?: CalendarDate;
}

export interface GooglePropertySummary {
  propertyId: string;
  displayName: string;
  accountName: string;
  canEdit: boolean;
}

/**
 * The Analytics Admin API calls Tidemark makes, each one HTTP request with the caller's access
 * token. Retries are the caller's decision (a create must not be blindly repeated), so the
 * client library's own retrying is off.
 */
export interface AnalyticsAdmin {
  listPropertySummaries(accessToken: string): Promise<GooglePropertySummary[]>;
  listAnnotations(accessToken: string, propertyId: string): Promise<GoogleAnnotation[]>;
  createAnnotation(accessToken: string, propertyId: string, input: GoogleAnnotationInput): Promise<GoogleAnnotation>;
  updateAnnotation(
    accessToken: string,
    propertyId: string,
    annotationId: string,
    input: GoogleAnnotationInput,
  ): Promise<GoogleAnnotation>;
  deleteAnnotation(accessToken: string, propertyId: string, annotationId: string): Promise<void>;
}

const maxPageSize = 200;
const requestTimeoutMs = 15_000;

/** Google's field names for an update mask (snake_case, as the API documents). */
const maskPaths: Record<keyof GoogleAnnotationInput, string> = {
  title: "title",
  description: "description",
  color: "color",
  annotationDate: "annotation_date",
};

export function createAnalyticsAdmin(options: { rootUrl: string }): AnalyticsAdmin {
  // The generated client is large; build it on the first Google call rather than at start-up.
  let clients: Promise<{ alpha: analyticsadmin_v1alpha.Analyticsadmin; beta: analyticsadmin_v1beta.Analyticsadmin }> | null = null;
  const loadClients = () =>
    (clients ??= import("@googleapis/analyticsadmin").then(({ analyticsadmin }) => ({
      alpha: analyticsadmin({ version: "v1alpha", rootUrl: options.rootUrl }),
      beta: analyticsadmin({ version: "v1beta", rootUrl: options.rootUrl }),
    })));
  const requestOptions = (accessToken: string) => ({
    headers: { Authorization: `Bearer ${accessToken}` },
    retry: false,
    timeout: requestTimeoutMs,
  });
  const annotationsApi = async () => (await loadClients()).alpha.properties.reportingDataAnnotations;

  async function call<T>(request: () => Promise<{ data: T }>): Promise<T> {
    try {
      return (await request()).data;
    } catch (caught) {
      throw toGoogleApiError(caught);
    }
  }

  return {
    async listPropertySummaries(accessToken) {
      const summaries: GooglePropertySummary[] = [];
      let pageToken: string | undefined;
      do {
        const { beta } = await loadClients();
        const page = await call(() => beta.accountSummaries.list({ pageSize: maxPageSize, pageToken }, requestOptions(accessToken)));
        for (const account of page.accountSummaries ?? []) {
          // canEdit is newer than the library's typings and omitted by Google when false.
          for (const property of account.propertySummaries ?? []) {
            summaries.push({
              propertyId: (property.property ?? "").replace(/^properties\//, ""),
              displayName: property.displayName ?? "",
              accountName: account.displayName ?? "",
              canEdit: (property as { canEdit?: boolean }).canEdit === true,
            });
          }
        }
        pageToken = page.nextPageToken ?? undefined;
      } while (pageToken);
      return summaries;
    },

    async listAnnotations(accessToken, propertyId) {
      const annotations = await annotationsApi();
      const found: GoogleAnnotation[] = [];
      let pageToken: string | undefined;
      do {
        const page = await call(() =>
          annotations.list({ parent: `properties/${propertyId}`, pageSize: maxPageSize, pageToken }, requestOptions(accessToken)),
        );
        found.push(...((page.reportingDataAnnotations ?? []) as GoogleAnnotation[]));
        pageToken = page.nextPageToken ?? undefined;
      } while (pageToken);
      return found;
    },

    async createAnnotation(accessToken, propertyId, input) {
      const annotations = await annotationsApi();
      const body = input as analyticsadmin_v1alpha.Schema$GoogleAnalyticsAdminV1alphaReportingDataAnnotation;
      const created = await call(() =>
        annotations.create({ parent: `properties/${propertyId}`, requestBody: body }, requestOptions(accessToken)),
      );
      return created as GoogleAnnotation;
    },

    async updateAnnotation(accessToken, propertyId, annotationId, input) {
      const annotations = await annotationsApi();
      const fields = (Object.keys(input) as (keyof GoogleAnnotationInput)[]).filter((key) => input[key] !== undefined);
      const updated = await call(() =>
        annotations.patch(
          {
            name: `properties/${propertyId}/reportingDataAnnotations/${annotationId}`,
            updateMask: fields.map((field) => maskPaths[field]).join(","),
            requestBody: input as analyticsadmin_v1alpha.Schema$GoogleAnalyticsAdminV1alphaReportingDataAnnotation,
          },
          requestOptions(accessToken),
        ),
      );
      return updated as GoogleAnnotation;
    },

    async deleteAnnotation(accessToken, propertyId, annotationId) {
      const annotations = await annotationsApi();
      await call(() =>
        annotations.delete(
          { name: `properties/${propertyId}/reportingDataAnnotations/${annotationId}` },
          requestOptions(accessToken),
        ),
      );
    },
  };
}
