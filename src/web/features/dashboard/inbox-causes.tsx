import { useQuery } from "@tanstack/react-query";
import { Lock } from "lucide-react";
import type { ReactNode } from "react";
import { toIsoDate } from "../../../shared/calendar-date";
import type { CurrentUser } from "../../../shared/contracts/auth";
import {
  explainDaysLimit,
  type ChangeExplanation,
  type ExplainDaysResponse,
} from "../../../shared/contracts/impact";
import type { Suggestion } from "../../../shared/contracts/suggestions";
import type { CauseKind } from "../../../shared/impact/rank-causes";
import { capabilitiesOf, premiumFeatureMessages } from "../../../shared/plans";
import { apiRequest } from "../../lib/api-client";
import { serverErrorMessage } from "../../lib/api-error-message";

/** How many causes an inbox entry names: the likeliest few, each with why it ranks there. */
export const inboxCausesShown = 3;

const kindLabels: Record<CauseKind, string> = {
  annotation: "Annotation",
  "change-history": "GA4 setting change",
  release: "Release",
  holiday: "Public holiday",
};

const dayOf = (suggestion: Suggestion) => toIsoDate(suggestion.annotationDate);

/** One entry's ranked causes: the likeliest three, each with why; or 'nothing on record'. */
export function ChangeCauses({ explanation }: { explanation: ChangeExplanation }) {
  const causes = explanation.causes.slice(0, inboxCausesShown);
  return (
    <section aria-label="Likely causes" className="rounded-md bg-muted/50 p-3 text-sm">
      <h4 className="text-xs font-medium text-muted-foreground">Why did it move?</h4>
      {causes.length === 0 ? (
        <p className="mt-1 text-muted-foreground">
          Nothing on record fits: no annotation, setting change, release or holiday around it.
        </p>
      ) : (
        <ol className="mt-1 flex flex-col gap-2">
          {causes.map((cause, index) => (
            <li key={`${cause.kind}:${cause.id}`} className="flex min-w-0 gap-2">
              <span className="w-4 shrink-0 text-xs text-muted-foreground tabular-nums">
                {index + 1}.
              </span>
              <div className="min-w-0">
                <p className="break-words">
                  <span className="font-medium">{cause.title}</span>{" "}
                  <span className="text-xs text-muted-foreground">· {kindLabels[cause.kind]}</span>
                </p>
                {/* A setting change's why already says exactly which setting changed. */}
                {cause.detail && !cause.why.includes(cause.detail) ? (
                  <p className="text-xs break-words text-muted-foreground">{cause.detail}</p>
                ) : null}
                <p className="text-xs break-words text-muted-foreground">{cause.why}</p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * The inbox's unexplained changes with their ranked causes, all the list shows in one request
 * (the server reads the traffic report, annotations and inbox once). On a plan without 'Why did it
 * move?' each entry says so in a line, as the inbox says which sources are Premium.
 */
export function useInboxCauses(
  user: CurrentUser,
  propertyId: string,
  suggestions: readonly Suggestion[],
): (suggestion: Suggestion) => ReactNode {
  const allowed = capabilitiesOf(user.subscriptionTier).canExplainChanges;
  const dates = [
    ...new Set(suggestions.filter((entry) => entry.source === "unexplained-change").map(dayOf)),
  ]
    .sort()
    .slice(-explainDaysLimit);
  const explained = useQuery({
    queryKey: ["/api/properties", propertyId, "explain/days", "sessions", dates.join(",")],
    queryFn: ({ signal }) =>
      apiRequest<ExplainDaysResponse>(
        `/api/properties/${encodeURIComponent(propertyId)}/explain/days?metric=sessions&dates=${dates.join(",")}`,
        { signal },
      ),
    enabled: allowed && propertyId !== "" && dates.length > 0,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return (suggestion) => {
    if (suggestion.source !== "unexplained-change") return null;
    if (!allowed)
      return (
        <p className="flex items-start gap-2 text-xs text-muted-foreground">
          <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          <span>{premiumFeatureMessages.explain}</span>
        </p>
      );
    if (explained.isPending)
      return (
        <p role="status" className="text-xs text-muted-foreground">
          Looking for what is on record around it…
        </p>
      );
    if (explained.isError)
      return (
        <p className="text-xs text-muted-foreground">
          {serverErrorMessage(explained.error) ?? "Its likely causes could not be read right now."}
        </p>
      );
    const explanation = explained.data.explanations.find(
      (entry) => entry.startDate === dayOf(suggestion),
    );
    return explanation ? <ChangeCauses explanation={explanation} /> : null;
  };
}
