import type { CurrentUser } from "../../../shared/contracts/auth";
import { BackLink } from "../../components/back-link";
import { routePaths } from "../../lib/route-paths";
import { planChoicesFor } from "./plan-choices";
import { PlanChoiceCard } from "./plan-choice-card";
import { useChoosePlan } from "./use-choose-plan";

/**
 * 'Choose Your Plan'. Open to visitors too: their pick is stored and applied
 * after sign-in. Premium is selectable only when the server says this person may choose it.
 */
export function PlansPage({ user }: { user: CurrentUser | null }) {
  const { choosePlan, pendingTier } = useChoosePlan(user);
  const canSelectPremium = user?.canSelectPremium ?? false;

  return (
    <section
      aria-labelledby="plans-title"
      className="flex flex-1 flex-col px-4 py-14 sm:px-6 sm:py-20"
    >
      <div className="mx-auto flex w-full max-w-4xl flex-col">
        <BackLink href={routePaths.home}>Back to home</BackLink>
        <div className="mt-6 flex flex-col items-center text-center">
          <h1
            id="plans-title"
            className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
          >
            Choose Your Plan
          </h1>
          <p className="mt-3 max-w-xl text-pretty text-muted-foreground">
            Start free with Freemium. You can change your plan later.
          </p>
          {user ? (
            // Whose plan this is; Log out is in the header, as on every signed-in page.
            <p className="mt-2 text-sm text-muted-foreground">
              Signed in as{" "}
              <span className="font-medium break-all text-foreground">{user.email}</span>.
            </p>
          ) : null}
        </div>
      </div>

      <div className="mx-auto mt-12 grid w-full max-w-4xl gap-8 md:grid-cols-2 md:gap-6">
        {planChoicesFor(user).map((choice) => (
          <PlanChoiceCard
            key={choice.tier}
            choice={choice}
            user={user}
            state={{
              selectable: choice.tier === "freemium" || canSelectPremium,
              isCurrent: user?.subscriptionTier === choice.tier,
              isPending: pendingTier === choice.tier,
              isBlocked: pendingTier !== null && pendingTier !== choice.tier,
            }}
            onChoose={() => choosePlan(choice.tier)}
          />
        ))}
      </div>
    </section>
  );
}
