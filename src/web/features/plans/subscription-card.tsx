import { Crown } from "lucide-react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import { planNames } from "../../../shared/plans";
import { Badge } from "../../components/ui/badge";
import { useAnnotationLimitReason } from "../../session/annotation-allowance";
import { cn } from "../../lib/class-names";
import { UpgradeButton } from "./upgrade-button";

/** The card's sentence of the day's limit, which a disabled create button names as its reason. */
export const planLimitReasonId = "plan-limit-reason";

export function remainingMessage(remaining: number): string {
  return `${remaining} annotation${remaining === 1 ? "" : "s"} remaining today`;
}

/**
 * The subscription card: the tier, today's annotations against the quota, and the upgrade offer.
 * As a "card" it stands in a sidebar; as a "bar" the same facts run in one row (wrapping on
 * narrow screens), above a table that needs the page's width.
 */
export function SubscriptionCard({
  user,
  layout = "card",
}: {
  user: CurrentUser;
  layout?: "card" | "bar";
}) {
  const isPremium = user.subscriptionTier === "premium";
  const used = Math.min(user.dailyAnnotationCount, user.annotationQuota);
  const remaining = Math.max(user.annotationQuota - user.dailyAnnotationCount, 0);
  const limitReason = useAnnotationLimitReason(user);
  const percent = user.annotationQuota > 0 ? Math.round((used / user.annotationQuota) * 100) : 100;
  const bar = layout === "bar";

  const title = (
    <div className={cn("flex items-center gap-2", bar ? "shrink-0" : "justify-between")}>
      <h2 id="plan-summary-title" className="font-semibold">
        Your plan
      </h2>
      <Badge variant={isPremium ? "default" : "accent"}>
        {isPremium ? <Crown aria-hidden="true" /> : null}
        {planNames[isPremium ? "premium" : "freemium"]}
      </Badge>
    </div>
  );
  const count = (
    <span className="font-medium tabular-nums">
      {user.dailyAnnotationCount} / {user.annotationQuota}
    </span>
  );
  const progress = (
    <div
      role="progressbar"
      aria-labelledby="daily-annotations-label"
      aria-valuemin={0}
      aria-valuemax={user.annotationQuota}
      aria-valuenow={used}
      className={cn("h-2 overflow-hidden rounded-full bg-muted", bar ? "w-24 shrink-0" : "mt-2")}
    >
      <div
        className="h-full rounded-full bg-primary transition-[width]"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
  const left = (
    <p
      id={limitReason ? planLimitReasonId : undefined}
      className={cn(
        "text-sm",
        limitReason ? "font-medium text-destructive" : "text-muted-foreground",
        bar ? "min-w-0 flex-1 basis-64" : "mt-2",
      )}
    >
      {limitReason ?? remainingMessage(remaining)}
    </p>
  );
  const upgrade = isPremium ? null : (
    <UpgradeButton user={user} className={bar ? "shrink-0" : "mt-4 w-full"} />
  );

  if (bar) {
    return (
      <aside
        aria-labelledby="plan-summary-title"
        className="flex flex-wrap items-center gap-x-5 gap-y-2 rounded-xl border bg-card px-4 py-3 shadow-sm"
      >
        {title}
        <div className="flex items-center gap-3 text-sm">
          <span className="text-muted-foreground" id="daily-annotations-label">
            Daily Annotations
          </span>
          {progress}
          {count}
        </div>
        {left}
        {upgrade}
      </aside>
    );
  }
  return (
    <aside
      aria-labelledby="plan-summary-title"
      className="self-start rounded-xl border bg-card p-5 shadow-sm"
    >
      {title}
      <div className="mt-4 flex items-center justify-between text-sm">
        <span className="text-muted-foreground" id="daily-annotations-label">
          Daily Annotations
        </span>
        {count}
      </div>
      {progress}
      {left}
      {upgrade}
    </aside>
  );
}
