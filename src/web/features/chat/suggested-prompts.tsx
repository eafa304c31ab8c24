import { List, Lock, Pencil, Plus, Trash2, type LucideIcon } from "lucide-react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import { capabilitiesOf } from "../../../shared/plans";
import { HintTooltip } from "../../components/ui/hint-tooltip";
import { cn } from "../../lib/class-names";
import { premiumTooltips } from "../../../shared/plans";
import { toIsoDate } from "../../../shared/calendar-date";
import { propertyToday } from "../../../shared/property-time-zone";
import { useAnnotationLimitReason } from "../../session/annotation-allowance";
import { usePropertyTimeZone } from "../../session/use-property-time-zone";
import type { ChatController } from "./use-chat";

interface SuggestedPrompt {
  label: string;
  icon: LucideIcon;
  /**
   * What choosing it does: a complete request is sent, a template is put in the input. `today` is
   * the property's today (YYYY-MM-DD), as GA4 counts its days.
   */
  run: (chat: ChatController, today: string) => void;
  /** Sends at once, so it waits while a message is pending. */
  sends?: boolean;
  lockedTooltip?: string;
  /** Adds an annotation, so it waits while the day's allowance is spent. */
  creates?: boolean;
}

export const suggestedPrompts: readonly SuggestedPrompt[] = [
  {
    label: "Create an annotation",
    icon: Plus,
    run: (chat, today) => chat.fill(`Create an annotation called "" on ${today}`),
    creates: true,
  },
  {
    label: "List my annotations",
    icon: List,
    run: (chat) => chat.send("List my annotations"),
    sends: true,
  },
  {
    label: "Edit an annotation",
    icon: Pencil,
    run: (chat) => chat.fill('Rename "" to ""'),
    lockedTooltip: premiumTooltips.edit,
  },
  {
    label: "Delete an annotation",
    icon: Trash2,
    run: (chat) => chat.fill('Delete ""'),
    lockedTooltip: premiumTooltips.delete,
  },
];

const promptClass =
  "inline-flex w-full min-w-0 items-center gap-2 rounded-lg border bg-card px-3 py-2.5 text-left text-sm font-medium outline-none transition-colors focus-visible:ring-3 focus-visible:ring-ring/40";

const limitReasonId = "create-prompt-limit-reason";

/**
 * Agent Mode's four suggested prompts. Without the premium plan, Edit and Delete are
 * locked: they stay focusable (aria-disabled) so the keyboard reaches their tooltip. Once the
 * day's annotations are spent, Create waits the same way, with the reason and the reset time.
 */
export function SuggestedPrompts({
  user,
  chat,
  propertyId,
}: {
  user: CurrentUser;
  chat: ChatController;
  propertyId: string;
}) {
  const { canEditAnnotations, canDeleteAnnotations } = capabilitiesOf(user.subscriptionTier);
  const timeZone = usePropertyTimeZone(propertyId);
  const limitReason = useAnnotationLimitReason(user);

  return (
    <div className="flex flex-col gap-2">
      <ul
        aria-label="Suggested prompts"
        // One row from 1280 px, so the conversation's input stays on the first screen below it.
        className="grid grid-cols-1 gap-2 min-[480px]:grid-cols-2 xl:grid-cols-4"
      >
        {suggestedPrompts.map((prompt) => {
          const allowed =
            prompt.label === "Edit an annotation"
              ? canEditAnnotations
              : prompt.label === "Delete an annotation"
                ? canDeleteAnnotations
                : true;
          const locked = !allowed && prompt.lockedTooltip !== undefined;
          const atLimit = prompt.creates === true && limitReason !== null;
          const unavailable = locked || atLimit || (prompt.sends === true && chat.pending);
          const Icon = locked ? Lock : prompt.icon;
          const button = (
            <button
              type="button"
              aria-disabled={unavailable || undefined}
              aria-describedby={atLimit ? limitReasonId : undefined}
              onClick={() => {
                if (!unavailable)
                  prompt.run(chat, toIsoDate(propertyToday(new Date(), timeZone ?? "UTC")));
              }}
              className={cn(
                promptClass,
                unavailable
                  ? "cursor-not-allowed text-muted-foreground opacity-60"
                  : "hover:bg-accent",
              )}
            >
              <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
              <span className="truncate">{prompt.label}</span>
            </button>
          );
          return (
            <li key={prompt.label} className="flex min-w-0 [&>span]:w-full">
              {locked && prompt.lockedTooltip ? (
                <HintTooltip content={prompt.lockedTooltip}>{button}</HintTooltip>
              ) : (
                button
              )}
            </li>
          );
        })}
      </ul>
      {limitReason ? (
        <p id={limitReasonId} className="text-xs text-destructive">
          {limitReason}
        </p>
      ) : null}
    </div>
  );
}
