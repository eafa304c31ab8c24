import { ArrowRight, Bot, Link2, Table2, type LucideIcon } from "lucide-react";
import { useLocation } from "wouter";
import type { CurrentUser } from "../../../shared/contracts/auth";
import { Button } from "../../components/ui/button";
import { pushDataLayerEvent, type DataLayerEvent } from "../../lib/data-layer";
import { dashboardPath, type DashboardMode } from "../../lib/route-paths";
import { connectGoogle, useGoogleStatus } from "../../session/google-connection-status";

interface WorkflowChoice {
  mode: DashboardMode;
  title: string;
  description: string;
  icon: LucideIcon;
  event: DataLayerEvent;
}

const workflowChoices: readonly WorkflowChoice[] = [
  {
    mode: "agent",
    title: "Agent Mode",
    description:
      "Chat with the AI assistant: ask it to create or list annotations in plain language.",
    icon: Bot,
    event: { event: "agent_mode_click" },
  },
  {
    mode: "property",
    title: "Property View",
    description:
      "Work through a table of your property's annotations, with dialogs to add new ones.",
    icon: Table2,
    event: { event: "property_mode_click" },
  },
];

function WorkflowCard({
  choice,
  secondary,
  onChoose,
}: {
  choice: WorkflowChoice;
  /** Before Google Analytics is connected the modes are the second step, drawn quieter. */
  secondary: boolean;
  onChoose: (choice: WorkflowChoice) => void;
}) {
  const Icon = choice.icon;
  const titleId = `workflow-${choice.mode}-title`;

  return (
    <article
      aria-labelledby={titleId}
      className="group relative flex flex-col gap-4 rounded-2xl border bg-card p-6 shadow-sm transition-[border-color,box-shadow] focus-within:border-primary/60 focus-within:ring-3 focus-within:ring-ring/30 hover:border-primary/50 hover:shadow-md sm:p-8"
    >
      <span className="flex size-12 items-center justify-center rounded-xl bg-primary/10 text-primary">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <h2 id={titleId} className="text-xl font-semibold tracking-tight">
        {choice.title}
      </h2>
      <p className="text-sm text-pretty text-muted-foreground">{choice.description}</p>
      <div className="mt-auto pt-2">
        {/* The button stretches over the whole card, so the card is one big target with one accessible name. */}
        <Button
          variant={secondary ? "outline" : "default"}
          className="w-full outline-none after:absolute after:inset-0 after:rounded-2xl sm:w-auto"
          onClick={() => onChoose(choice)}
        >
          Open {choice.title}
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </article>
  );
}

/**
 * The first step for someone who has not connected Google Analytics: both modes need it, so it is
 * the one primary action here, and the modes wait below it.
 */
function ConnectGoogleStep() {
  return (
    <section
      aria-labelledby="connect-google-title"
      className="mx-auto mt-10 flex w-full max-w-2xl flex-col items-center gap-4 rounded-2xl border bg-card px-6 py-8 text-center shadow-sm sm:px-10"
    >
      <span className="flex size-12 items-center justify-center rounded-xl bg-primary/10 text-primary">
        <Link2 className="size-6" aria-hidden="true" />
      </span>
      <h2 id="connect-google-title" className="text-xl font-semibold tracking-tight">
        First, connect Google Analytics
      </h2>
      <p className="max-w-md text-sm text-pretty text-muted-foreground">
        Tidemark keeps your annotations in Google Analytics itself. Connect your Google account,
        then choose the GA4 property to annotate.
      </p>
      <Button size="lg" className="w-full sm:w-auto" onClick={connectGoogle}>
        <Link2 aria-hidden="true" />
        Connect Google Analytics
      </Button>
    </section>
  );
}

/** 'Choose Your Workflow': shown at / for signed-in people with a plan, and at /mode-selection. */
export function ModeSelectionPage({ user }: { user: CurrentUser }) {
  const [, navigate] = useLocation();
  const status = useGoogleStatus();
  const needsConnection = !status.isPending && !status.data?.connected;

  function choose(choice: WorkflowChoice) {
    pushDataLayerEvent(choice.event);
    navigate(dashboardPath(choice.mode));
  }

  return (
    <section
      aria-labelledby="mode-selection-title"
      className="flex flex-1 flex-col px-4 py-16 sm:px-6 sm:py-20"
    >
      <title>Choose Your Workflow · Tidemark</title>
      <div className="mx-auto flex w-full max-w-4xl flex-col items-center text-center">
        <h1
          id="mode-selection-title"
          className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
        >
          Choose Your Workflow
        </h1>
        <p className="mt-3 max-w-xl text-pretty text-muted-foreground">
          {user.firstName ? `Welcome, ${user.firstName}. ` : ""}
          {needsConnection
            ? "Connect Google Analytics first; then work on your GA4 annotations by chat or by table."
            : "How would you like to work on your GA4 annotations today?"}
        </p>
      </div>

      {needsConnection ? <ConnectGoogleStep /> : null}
      {needsConnection ? (
        <h2 className="mx-auto mt-12 text-center text-sm font-medium text-muted-foreground">
          Then work by chat or by table
        </h2>
      ) : null}
      <div
        className={`mx-auto grid w-full max-w-4xl gap-6 md:grid-cols-2 ${needsConnection ? "mt-4" : "mt-12"}`}
      >
        {workflowChoices.map((choice) => (
          <WorkflowCard
            key={choice.mode}
            choice={choice}
            secondary={needsConnection}
            onChoose={choose}
          />
        ))}
      </div>

      <div className="mx-auto mt-10 flex w-full max-w-4xl flex-col items-center gap-4 text-center">
        <p className="text-sm text-muted-foreground">
          You can switch between Agent Mode and Property View at any time from the dashboard header.
        </p>
      </div>
    </section>
  );
}
