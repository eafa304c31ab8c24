import { Link } from "wouter";
import type { CurrentUser } from "../../../shared/contracts/auth";
import { planNames, planWords } from "../../../shared/plans";
import { TitledCard } from "../../components/titled-card";
import { Button } from "../../components/ui/button";
import { routePaths } from "../../lib/route-paths";
import { PremiumAction } from "../../session/premium-offer";

/** The plan's items in the words every page uses (shared/plans.ts). */
function PlanItems({ words }: { words: ReturnType<typeof planWords> }) {
  return (
    <div className="flex flex-col gap-3 text-sm">
      <div>
        <h3 className="font-medium">Included</h3>
        <ul aria-label="Included" className="mt-1 list-disc space-y-1 pl-5">
          {words.included.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
      {words.notIncluded.length > 0 ? (
        <div>
          <h3 className="font-medium">Not included</h3>
          <ul
            aria-label="Not included"
            className="mt-1 list-disc space-y-1 pl-5 text-muted-foreground"
          >
            {words.notIncluded.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** The plan the person is on and what it includes, or the nudge to choose one. */
export function PlanCard({ user }: { user: CurrentUser }) {
  const tier = user.subscriptionTier;
  return (
    <TitledCard
      title="Plan"
      description={
        tier ? (
          <>
            You are on <span className="font-medium text-foreground">{planNames[tier]}</span>.
          </>
        ) : (
          "You have not chosen a plan yet."
        )
      }
      contentClassName="flex flex-col items-start gap-4"
    >
      {tier ? <PlanItems words={planWords(tier, user)} /> : null}
      <Button asChild variant="outline" size="sm">
        <Link href={routePaths.plans}>{tier ? "Compare plans" : "Choose a plan"}</Link>
      </Button>
      {tier === "freemium" ? <PremiumAction user={user} className="w-full max-w-sm" /> : null}
    </TitledCard>
  );
}
