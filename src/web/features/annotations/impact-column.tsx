import { useQuery } from "@tanstack/react-query";
import { TrendingDown, TrendingUp } from "lucide-react";
import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import type { AnnotationImpact, ImpactListResponse } from "../../../shared/contracts/impact";
import type { TrafficMetric } from "../../../shared/contracts/traffic";
import { impactCellText } from "../../../shared/impact/impact-cell";
import { apiRequest } from "../../lib/api-client";
import { cn } from "../../lib/class-names";

// The Impact column's data and cell: one request per property for every annotation's impact (the
// server measures them all from one cached traffic report), shared through the query cache by the
// table, its export and an annotation's details.

const impactKey = (propertyId: string, metric: TrafficMetric) =>
  ["/api/properties", propertyId, "impact", metric] as const;

const impactQuery = (propertyId: string, metric: TrafficMetric) => ({
  queryKey: impactKey(propertyId, metric),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest<ImpactListResponse>(
      `/api/properties/${encodeURIComponent(propertyId)}/impact?metric=${metric}`,
      { signal },
    ),
  staleTime: 5 * 60_000,
  retry: false,
});

/** Every annotation's impact on a metric, from one request (the table's column reads it too). */
export function useAnnotationImpacts(propertyId: string, metric: TrafficMetric, enabled = true) {
  return useQuery({ ...impactQuery(propertyId, metric), enabled: enabled && propertyId !== "" });
}

/** How the column reads a row's impact: its figures, or whether they are still on the way. */
export interface RowImpacts {
  impactOf: (propertyId: string, annotationId: string) => AnnotationImpact | undefined;
  /** The property's figures are still being measured. */
  pendingFor: (propertyId: string) => boolean;
  /** The property's figures could not be read. */
  failedFor: (propertyId: string) => boolean;
}

type PropertyImpacts = { status: "pending" | "error" | "success"; data?: ImpactListResponse };

/** Reads one property's figures and hands them up: a component, so a table may read several. */
function PropertyImpactsReader({
  propertyId,
  onChange,
}: {
  propertyId: string;
  onChange: (propertyId: string, read: PropertyImpacts) => void;
}) {
  const { status, data } = useAnnotationImpacts(propertyId, "sessions");
  useEffect(
    () => onChange(propertyId, { status, ...(data ? { data } : {}) }),
    [propertyId, status, data, onChange],
  );
  return null;
}

/**
 * The impact on sessions of the annotations of these properties, one request per property:
 * `readers` must be rendered for the figures to arrive. A table without an Impact column passes no
 * properties, renders no reader and asks nothing (it may stand where no query client is given).
 */
export function useRowImpacts(propertyIds: readonly string[]): {
  impacts: RowImpacts;
  readers: ReactNode;
} {
  const [read, setRead] = useState<ReadonlyMap<string, PropertyImpacts>>(new Map());
  const onChange = useCallback(
    (propertyId: string, next: PropertyImpacts) =>
      setRead((previous) => {
        const held = previous.get(propertyId);
        if (held?.status === next.status && held.data === next.data) return previous;
        return new Map(previous).set(propertyId, next);
      }),
    [],
  );
  // Rebuilt only when an answer changes, so the table's sort is not redone on every render.
  const impacts = useMemo<RowImpacts>(() => {
    const byKey = new Map<string, AnnotationImpact>();
    for (const [propertyId, { data }] of read)
      for (const impact of data?.impacts ?? [])
        byKey.set(`${propertyId}:${impact.annotationId}`, impact);
    return {
      impactOf: (propertyId, annotationId) => byKey.get(`${propertyId}:${annotationId}`),
      pendingFor: (propertyId) => (read.get(propertyId)?.status ?? "pending") === "pending",
      failedFor: (propertyId) => read.get(propertyId)?.status === "error",
    };
  }, [read]);
  const readers = propertyIds.map((propertyId) => (
    <PropertyImpactsReader key={propertyId} propertyId={propertyId} onChange={onChange} />
  ));
  return { impacts, readers };
}

const toneOf = {
  up: "font-medium text-emerald-700 dark:text-emerald-400",
  down: "font-medium text-red-700 dark:text-red-400",
  none: "text-muted-foreground",
} as const;

/**
 * The impact as a short cell: "Sessions +18 %" in the verdict's colour with its arrow when the
 * change is likely, plain when there is no clear effect; a short word when it could not be
 * measured. The sentence, with the 90 % interval, is its title and what a screen reader reads.
 */
export function ImpactCell({
  impact,
  pending = false,
  failed = false,
}: {
  impact: AnnotationImpact | undefined;
  pending?: boolean;
  failed?: boolean;
}) {
  if (!impact) {
    if (pending)
      return (
        <span className="text-muted-foreground">
          <span aria-hidden="true">…</span>
          <span className="sr-only">Measuring the impact</span>
        </span>
      );
    const why = failed ? "The impact could not be measured right now." : undefined;
    return (
      <span className="text-muted-foreground" title={why}>
        —{why ? <span className="sr-only"> {why}</span> : null}
      </span>
    );
  }
  if (!impact.estimate)
    return (
      <span className="text-xs text-muted-foreground" title={impact.sentence}>
        <span aria-hidden="true">{impactCellText(impact)}</span>
        <span className="sr-only">{impact.sentence}</span>
      </span>
    );
  const { verdict } = impact.estimate;
  const Arrow = verdict === "up" ? TrendingUp : verdict === "down" ? TrendingDown : null;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 whitespace-nowrap tabular-nums",
        toneOf[verdict],
      )}
      title={impact.sentence}
      data-verdict={verdict}
    >
      {Arrow ? <Arrow className="size-3.5 shrink-0" aria-hidden="true" /> : null}
      <span aria-hidden="true">{impactCellText(impact)}</span>
      <span className="sr-only">{impact.sentence}</span>
    </span>
  );
}
