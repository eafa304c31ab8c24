import { createGoogleJsonApi } from "./google-json-api.js";

/** One daily series from the Data API: dates as Google sends them (YYYYMMDD), values parsed. */
export interface DailySeries {
  timeZone: string;
  rows: { date: string; value: number }[];
}

/**
 * The Data API calls Tidemark makes: one `runReport` for one metric by date. Dates are
 * `YYYY-MM-DD` or Google's relative forms (`NdaysAgo`, `yesterday`), which Google resolves in the
 * property's own time zone.
 */
export interface AnalyticsData {
  dailySeries(
    accessToken: string,
    propertyId: string,
    request: { metric: string; startDate: string; endDate: string },
  ): Promise<DailySeries>;
}

interface RunReportResponse {
  rows?: { dimensionValues?: { value?: string }[]; metricValues?: { value?: string }[] }[];
  metadata?: { timeZone?: string };
}

const requestTimeoutMs = 20_000;

export function createAnalyticsData(options: { rootUrl: string }): AnalyticsData {
  const send = createGoogleJsonApi({ rootUrl: options.rootUrl, timeoutMs: requestTimeoutMs });
  return {
    async dailySeries(accessToken, propertyId, request) {
      const answer = await send<RunReportResponse>({
        method: "POST",
        path: `v1beta/properties/${encodeURIComponent(propertyId)}:runReport`,
        accessToken,
        body: {
          dateRanges: [{ startDate: request.startDate, endDate: request.endDate }],
          dimensions: [{ name: "date" }],
          metrics: [{ name: request.metric }],
          orderBys: [{ dimension: { dimensionName: "date" } }],
          keepEmptyRows: true,
          // Two years of days fit in one page (Google's default page is 10,000 rows).
          limit: 1000,
        },
      });
      const rows: DailySeries["rows"] = [];
      for (const row of answer.rows ?? []) {
        const date = row.dimensionValues?.[0]?.value ?? "";
        const value = Number(row.metricValues?.[0]?.value ?? "0");
        // Google's answer is data, not trusted: a row that is not a day and a number is skipped.
        if (!/^\d{8}$/.test(date) || !Number.isFinite(value)) continue;
        rows.push({ date, value });
      }
      return { timeZone: answer.metadata?.timeZone ?? "UTC", rows };
    },
  };
}
