import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TrafficMetric, TrafficRange, TrafficReport } from "../../../shared/contracts/traffic";
import { apiRequest } from "../../lib/api-client";

export interface TrafficSelection {
  metric: TrafficMetric;
  range: TrafficRange;
  /** YYYY-MM-DD, for the custom range only. */
  startDate?: string;
  endDate?: string;
}

const trafficKey = (propertyId: string) => ["/api/traffic", propertyId] as const;

function reportPath(propertyId: string, selection: TrafficSelection): string {
  const query = new URLSearchParams({ metric: selection.metric, range: selection.range });
  if (selection.range === "custom" && selection.startDate && selection.endDate) {
    query.set("startDate", selection.startDate);
    query.set("endDate", selection.endDate);
  }
  return `/api/traffic/${encodeURIComponent(propertyId)}?${query.toString()}`;
}

/** The chart's report; the server keeps Google's answer for ten minutes, the browser five. */
export function useTrafficReport(propertyId: string, selection: TrafficSelection) {
  return useQuery({
    queryKey: [...trafficKey(propertyId), selection] as const,
    queryFn: ({ signal }) =>
      apiRequest<TrafficReport>(reportPath(propertyId, selection), { signal }),
    meta: { path: reportPath(propertyId, selection) },
    enabled: propertyId !== "",
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Hides one day's prompt; every cached report of the property learns it without a refetch. */
export function useDismissChange(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) =>
      apiRequest<void>(`/api/traffic/${encodeURIComponent(propertyId)}/dismissals`, {
        method: "POST",
        body: { date },
      }),
    onSuccess: (_, date) => {
      queryClient.setQueriesData<TrafficReport>({ queryKey: trafficKey(propertyId) }, (report) =>
        report && !report.dismissedDates.includes(date)
          ? { ...report, dismissedDates: [...report.dismissedDates, date] }
          : report,
      );
    },
  });
}
