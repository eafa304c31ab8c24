import { useQuery } from "@tanstack/react-query";
import type { AppApproval } from "../../shared/contracts/app-approvals";
import { apiRequest } from "../lib/api-client";
import { preloadable } from "../lib/preloadable";
import { appApprovalsKey } from "./app-approvals-key";

// The cards' code (buttons, their requests and toasts) is fetched only when a deletion waits,
// which is seldom: no first screen carries it otherwise. A page the server drew with cards waits
// for it before taking them over.
const ApprovalCards = preloadable(
  () => import("./app-approval-cards").then((module) => module.AppApprovalCards),
  null,
);

/**
 * Deletions AI apps asked for and the person has not answered: shown on the dashboard and
 * /account until approved, declined or a day old. Nothing when none waits.
 */
export function AppApprovalsNotice() {
  const approvals = useQuery({
    queryKey: appApprovalsKey,
    // The answer as the API gives it is what the cache keeps, as for a page drawn on the server.
    queryFn: ({ signal }) =>
      apiRequest<{ approvals: AppApproval[] }>(appApprovalsKey[0], { signal }),
    select: (answer) => answer.approvals,
    // An app may ask while the page is open.
    refetchInterval: 30_000,
    // Drawn with the page on the server (decision 0028): in Property View the notice stands
    // above the table, which must not move down when it arrives.
    meta: { path: appApprovalsKey[0] },
  });
  if (!approvals.data || approvals.data.length === 0) return null;
  return <ApprovalCards.Component approvals={approvals.data} />;
}
