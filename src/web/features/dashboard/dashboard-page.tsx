import { Bot, Clock4, Table2 } from "lucide-react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import { capabilitiesOf } from "../../../shared/plans";
import { Alert } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { dashboardPanelId, dashboardTabId, useDashboardMode } from "./dashboard-mode";

const modeCopy = {
  agent: { heading: "AI Assistant", icon: Bot, summary: "Ask the assistant to create and list annotations." },
  property: { heading: "Annotations", icon: Table2, summary: "Manage annotations in a table, with dialogs." },
} as const;

function countOf(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** The signed-in person's plan and allowances, straight from the server. */
function PlanSummary({ user }: { user: CurrentUser }) {
  const planName =
    user.subscriptionTier === "premium" ? "Premium" : user.subscriptionTier === "freemium" ? "Freemium" : "No plan yet";
  const { locksFirstProperty } = capabilitiesOf(user.subscriptionTier);

  return (
    <aside aria-labelledby="plan-summary-title" className="self-start rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <h2 id="plan-summary-title" className="font-semibold">
          Your plan
        </h2>
        <Badge variant="accent">{planName}</Badge>
      </div>
      <dl className="mt-4 grid gap-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Annotations today</dt>
          <dd>
            {user.dailyAnnotationCount} of {user.annotationQuota}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Properties</dt>
          <dd>
            {locksFirstProperty
              ? countOf(user.propertyQuota, "locked property", "locked properties")
              : `Up to ${countOf(user.propertyQuota, "property", "properties")}`}
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-xs text-muted-foreground">Daily counts reset at midnight UTC.</p>
    </aside>
  );
}

/**
 * /dashboard, first cut: the mode's panel and the plan. Connecting Google Analytics, choosing a
 * property and the annotations themselves arrive with the annotations issue; until then the page
 * says so instead of showing controls that cannot work.
 */
export function DashboardPage({ user }: { user: CurrentUser }) {
  const mode = useDashboardMode();
  const { heading, icon: Icon, summary } = modeCopy[mode];

  return (
    <div className="mx-auto grid w-full max-w-6xl flex-1 gap-6 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_18rem]">
      <section
        id={dashboardPanelId}
        role="tabpanel"
        aria-labelledby={dashboardTabId(mode)}
        className="flex flex-col gap-6"
      >
        <div className="flex items-start gap-4">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div>
            <h1 className="text-2xl font-semibold tracking-tight">{heading}</h1>
            <p className="mt-1 text-sm text-muted-foreground">{summary}</p>
          </div>
        </div>
        <Alert role="status">
          <Clock4 aria-hidden="true" />
          <div className="flex flex-col gap-1">
            <p className="font-medium">Google Analytics connection is coming in the next update</p>
            <p className="text-muted-foreground">
              Connecting your GA4 property, the assistant and your annotations arrive in the next update of Tidemark.
              Your account and plan are ready.
            </p>
          </div>
        </Alert>
      </section>
      <PlanSummary user={user} />
    </div>
  );
}
