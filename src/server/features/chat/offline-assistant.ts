import { annotationColorSwatches } from "../../../shared/annotation-colors.js";
import { toIsoDate, type CalendarDate } from "../../../shared/calendar-date.js";
import { capabilitiesOf, premiumFeatureMessages } from "../../../shared/plans.js";
import type { User } from "../../db/schema/index.js";
import { noPropertyMessage, type AssistantActions } from "./assistant-actions.js";
import {
  deletionPreview,
  describeAnnotation,
  describeList,
  type AssistantTurn,
} from "./assistant-reply.js";
import type * as OfflineEngine from "./offline-engine/understand-message.js";
import type { Understanding } from "./offline-engine/understand-message.js";

/** The date parser behind the engine is sizeable; load it with the first message, not at start-up. */
let engine: Promise<typeof OfflineEngine> | null = null;
const loadEngine = () => (engine ??= import("./offline-engine/understand-message.js"));

const helpText = [
  "I can manage this property's annotations. Try:",
  "• Create an annotation called “Winter sale launched” on 2026-11-20",
  "• Show me last month's annotations",
  "• Rename “Sale” to “Winter sale” (Premium)",
  "• Delete “Checkout outage” (Premium; I'll ask you to confirm)",
].join("\n");

/**
 * The built-in assistant: deterministic understanding of the message, then the same actions the
 * language model's tools use. It asks for what is missing instead of guessing.
 */
export function createOfflineAssistant() {
  return {
    async respond(input: {
      user: User;
      actions: AssistantActions;
      message: string;
      now: Date;
      timeZone: string;
      today: CalendarDate;
      propertyId: string | null;
    }): Promise<AssistantTurn> {
      const { understandMessage } = await loadEngine();
      const understood = understandMessage(input.message, {
        now: input.now,
        timeZone: input.timeZone,
      });
      return act(understood, input);
    },
  };
}

export type OfflineAssistant = ReturnType<typeof createOfflineAssistant>;

/** A create request with its missing piece laid out for the person to fill in, or null. */
function completionFor(understood: Understanding, today: CalendarDate): string | null {
  if (understood.intent !== "create") return null;
  if (understood.missing.includes("date"))
    return `Create an annotation called "${understood.title ?? ""}" on ${toIsoDate(today)}`;
  if (!understood.title)
    return `Create an annotation called "" on ${toIsoDate(understood.date ?? today)}`;
  return null;
}

/**
 * The same suggestion for a turn a language model answered: its reply is free text, so the
 * deterministic understanding of the message decides whether a piece was missing.
 */
export async function suggestCompletion(
  message: string,
  context: { now: Date; timeZone: string; today: CalendarDate },
): Promise<string | null> {
  const { understandMessage } = await loadEngine();
  return completionFor(
    understandMessage(message, { now: context.now, timeZone: context.timeZone }),
    context.today,
  );
}

const reply = (text: string, extra: Partial<AssistantTurn> = {}): AssistantTurn => ({
  reply: text,
  showAnnotations: false,
  suggestedInput: null,
  ...extra,
});

async function act(
  understood: Understanding,
  input: { user: User; actions: AssistantActions; today: CalendarDate; propertyId: string | null },
): Promise<AssistantTurn> {
  const { actions, today } = input;
  const capabilities = capabilitiesOf(input.user.subscriptionTier);
  const needsProperty = ["create", "list", "update", "delete"].includes(understood.intent);
  if (needsProperty && !input.propertyId) return reply(noPropertyMessage);

  switch (understood.intent) {
    case "help":
      return reply(helpText);

    case "confirm":
      return reply("There is nothing waiting for your confirmation.");

    case "cancel":
      return reply("Okay, nothing to cancel.");

    case "list_properties": {
      const result = await actions.listProperties();
      if (!result.ok) return reply(result.error);
      if (result.value.length === 0)
        return reply("You have no saved properties yet. Choose one in the property picker above.");
      const lines = result.value.map(
        (p) => `• ${p.name} (ID ${p.propertyId})${p.locked ? " — your free plan's property" : ""}`,
      );
      return reply(`Your saved properties:\n${lines.join("\n")}`);
    }

    case "create": {
      const suggestedInput = completionFor(understood, today);
      if (understood.missing.includes("date")) {
        const title = understood.title ? `“${understood.title}”` : "the annotation";
        return reply(
          `That date does not exist. Which day should ${title} be on? For example: ${toIsoDate(today)}.`,
          { suggestedInput },
        );
      }
      const date = understood.date ?? today;
      if (!understood.title) {
        return reply(
          `What should the annotation be called? For example: Create an annotation called “Winter sale launched” on ${toIsoDate(date)}.`,
          {
            suggestedInput,
          },
        );
      }
      const result = await actions.createAnnotation({
        title: understood.title,
        date,
        ...(understood.description ? { description: understood.description } : {}),
        ...(understood.color ? { color: understood.color } : {}),
      });
      if (!result.ok) return reply(`I couldn't create it: ${result.error}`);
      const colour =
        annotationColorSwatches[
          result.value.color as keyof typeof annotationColorSwatches
        ]?.label.toLowerCase() ?? result.value.color;
      return reply(`Created ${describeAnnotation(result.value)} in ${colour}.`, {
        showAnnotations: true,
      });
    }

    case "list": {
      const result = await actions.listAnnotations({
        ...(understood.dateRange
          ? { startDate: understood.dateRange.start, endDate: understood.dateRange.end }
          : {}),
        ...(understood.titleContains ? { titleContains: understood.titleContains } : {}),
        ...(understood.color ? { color: understood.color } : {}),
      });
      if (!result.ok) return reply(result.error);
      const scope = [
        understood.dateRange
          ? ` from ${toIsoDate(understood.dateRange.start)} to ${toIsoDate(understood.dateRange.end)}`
          : "",
        understood.titleContains ? ` about “${understood.titleContains}”` : "",
        understood.color ? ` in ${understood.color.toLowerCase()}` : "",
      ].join("");
      return reply(describeList(result.value.annotations, scope), { showAnnotations: true });
    }

    case "update": {
      if (!capabilities.canEditAnnotations) {
        return reply(premiumFeatureMessages.edit);
      }
      if (!understood.target)
        return reply("Which annotation should I change? Give its title in quotes or its ID.");
      const changes = {
        ...(understood.newTitle ? { title: understood.newTitle } : {}),
        ...(understood.newDescription !== undefined
          ? { description: understood.newDescription }
          : {}),
        ...(understood.date ? { date: understood.date } : {}),
        ...(understood.color ? { color: understood.color } : {}),
      };
      if (Object.keys(changes).length === 0) {
        return reply("What should I change: the title, the date, the colour or the description?");
      }
      const result = await actions.updateAnnotation(understood.target, changes);
      if (!result.ok) return reply(`I couldn't change it: ${result.error}`);
      return reply(
        `Updated ${describeAnnotation(result.value.before)} → ${describeAnnotation(result.value.after)}, ${result.value.after.color.toLowerCase()}.`,
        {
          showAnnotations: true,
        },
      );
    }

    case "delete": {
      if (!capabilities.canDeleteAnnotations) {
        return reply(premiumFeatureMessages.delete);
      }
      if (!understood.target)
        return reply("Which annotation should I delete? Give its title in quotes or its ID.");
      const result = await actions.previewDeletion(understood.target);
      if (!result.ok) return reply(result.error);
      return reply(deletionPreview(result.value));
    }

    default:
      return reply(`Sorry, I didn't understand that. ${helpText}`);
  }
}
