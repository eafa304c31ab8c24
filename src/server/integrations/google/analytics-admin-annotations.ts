import type { GoogleJsonApi } from "./google-json-api.js";
import type {
  AnalyticsAdmin,
  GoogleAnnotation,
  GoogleAnnotationInput,
} from "./analytics-admin-types.js";
import { maxPageSize, safeAnnotation } from "./analytics-admin-reading.js";

/** Google's field names for an update mask (snake_case, as the API documents). */
const maskPaths: Record<keyof GoogleAnnotationInput, string> = {
  title: "title",
  description: "description",
  color: "color",
  annotationDate: "annotation_date",
  annotationDateRange: "annotation_date_range",
};

interface AnnotationsPage {
  reportingDataAnnotations?: GoogleAnnotation[];
  nextPageToken?: string;
}

type AnnotationCalls = Pick<
  AnalyticsAdmin,
  "listAnnotations" | "getAnnotation" | "createAnnotation" | "updateAnnotation" | "deleteAnnotation"
>;

/** The Admin API's `properties.reportingDataAnnotations` calls, each one request (a page, for lists). */
export function annotationCalls(send: GoogleJsonApi): AnnotationCalls {
  const annotationsOf = (propertyId: string) =>
    `v1alpha/properties/${encodeURIComponent(propertyId)}/reportingDataAnnotations`;
  const annotationPath = (propertyId: string, annotationId: string) =>
    `${annotationsOf(propertyId)}/${encodeURIComponent(annotationId)}`;

  return {
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
