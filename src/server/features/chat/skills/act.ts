/**
 * Stage 6 of the offline engine: act, or ask one short question. Every action goes through the
 * assistant's actions (the same services as the REST routes); a deletion only prepares a
 * confirmation. What the conversation should remember — the open question, the annotation in
 * focus — is part of the answer.
 */
import { annotationColorSwatches } from "../../../../shared/annotation-colors.js";
import { annotationSpan } from "../../../../shared/annotation-span.js";
import {
  addDays,
  compareDates,
  toIsoDate,
  type CalendarDate,
} from "../../../../shared/calendar-date.js";
import type {
  Annotation,
  UpdateAnnotationRequest,
} from "../../../../shared/contracts/annotations.js";
import type { Category } from "../../../../shared/contracts/categories.js";
import { errorMessages } from "../../../../shared/contracts/errors.js";
import { inCategory, noPropertyMessage, type AssistantActions } from "../assistant-actions.js";
import { describeAnnotation, describeList, type AssistantTurn } from "../assistant-reply.js";
import {
  confirmationPrompt,
  type ConversationMemory,
  type Focus,
  type PendingQuestion,
} from "../conversation-state.js";
import { piecesToRemember } from "./continue-conversation.js";
import { describeTrafficDay, describeUnexplained } from "./describe-traffic.js";
import { annotationFilterOf, describeCandidates, type Resolution } from "./resolve.js";
import type { Understanding } from "./slots.js";

/** Period words for days that have not come yet ("next week", "the coming month"). */
const STILL_TO_COME = /\b(?:next|coming|upcoming|following|tomorrow|from\s+now)\b/i;

export const helpText = [
  "I can manage this property's annotations. Try:",
  "• Create an annotation called “Winter sale launched” on 2026-11-20",
  "• Show me last month's annotations / the last 5 / the red or blue ones",
  "• What happened on Nov 12? / Anything unexplained last month?",
  "• Log a release “Checkout v2” today (categories are Premium)",
  "• Rename “Sale” to “Winter sale” (Premium)",
  "• Delete “Checkout outage” (Premium; I'll ask you to confirm)",
].join("\n");

export interface ActContext {
  actions: AssistantActions;
  today: CalendarDate;
  propertyId: string | null;
  memory: ConversationMemory;
  /** The person's categories (none on a plan without them), to name each listed annotation's. */
  categories?: readonly Category[];
}

function focusOn(propertyId: string, annotation: Annotation): Focus {
  return { propertyId, annotationId: annotation.annotationId, title: annotation.title };
}

/** "on 2026-11-24" for one day, "from 2026-11-01 to 2026-11-30" for several. */
function describePeriod(range: { start: CalendarDate; end: CalendarDate }): string {
  return compareDates(range.start, range.end) === 0
    ? `on ${toIsoDate(range.start)}`
    : `from ${toIsoDate(range.start)} to ${toIsoDate(range.end)}`;
}

/** "red", "red or blue", "red, blue or green". */
function anyOf(words: readonly string[]): string {
  return words.length < 2
    ? (words[0] ?? "")
    : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}

function colourName(color: string): string {
  return (
    annotationColorSwatches[color as keyof typeof annotationColorSwatches]?.label.toLowerCase() ??
    color.toLowerCase()
  );
}

/**
 * A create request written out as the person could send it: without a category, what a free
 * person is offered when they named one, so none of their words are lost; with one, what is
 * offered when "put “X” in Campaigns" finds no “X”.
 */
export function createRequestText(
  understood: Understanding,
  today: CalendarDate,
  /** A category to name in the request, quoted so any name reads back whole. */
  categoryName?: string,
): string {
  const start = toIsoDate(understood.date ?? today);
  const when = understood.endDate
    ? `from ${start} to ${toIsoDate(understood.endDate)}`
    : `on ${start}`;
  const colour = understood.color ? ` in ${understood.color.toLowerCase()}` : "";
  const description = understood.description ? ` with description "${understood.description}"` : "";
  const category = categoryName ? ` in the "${categoryName}" category` : "";
  return `Create an annotation called "${understood.title ?? ""}" ${when}${colour}${category}${description}`;
}

/** A category's name with its colour, as replies mention it: "Incidents (red)". */
function describeCategory(category: Category): string {
  return `${category.name} (${colourName(category.color)})`;
}

/** When the person named a colour and a category of another colour: the category's wins, said so. */
function colourNote(understood: Understanding, category: Category | undefined): string {
  if (!category || !understood.color || understood.color === category.color) return "";
  return ` ${category.name} annotations take the category's colour, so it is ${colourName(category.color)}, not ${colourName(understood.color)}.`;
}

/** A create request with its missing piece laid out for the person to fill in, or null. */
export function completionFor(understood: Understanding, today: CalendarDate): string | null {
  if (understood.intent !== "create") return null;
  if (understood.missing.includes("date"))
    return `Create an annotation called "${understood.title ?? ""}" on ${toIsoDate(today)}`;
  if (!understood.title)
    return `Create an annotation called "" on ${toIsoDate(understood.date ?? today)}`;
  return null;
}

/**
 * The periods findDateRange reads, named for a person whose period it could not read: answering
 * about some other period instead would look like an answer to their question.
 */
export function unreadPeriodReply(words: string): string {
  return (
    `I can't tell which days “${words}” means, so I haven't answered about a different period. ` +
    "I understand a day (yesterday, Friday, Nov 12), this or last week, weekend, month, quarter " +
    "or year, the last fortnight, a month or quarter by name (October, Q3), " +
    "the last N days, weeks or months (the last 14 days), or two dates (from Nov 1 to Nov 10). " +
    "For example: anything unexplained in the last 14 days?"
  );
}

export async function act(resolution: Resolution, context: ActContext): Promise<AssistantTurn> {
  const { actions, today, memory } = context;
  // Answers keep the focus unless they change it; a question is open only until the next turn.
  const keep: ConversationMemory = memory.focus ? { focus: memory.focus } : {};
  const reply = (text: string, extra: Partial<AssistantTurn> = {}): AssistantTurn => ({
    reply: text,
    showAnnotations: false,
    suggestedInput: null,
    memory: keep,
    ...extra,
  });
  const ask = (
    text: string,
    question: PendingQuestion,
    extra: Partial<AssistantTurn> = {},
  ): AssistantTurn => reply(text, { memory: { ...keep, question }, ...extra });

  if (resolution.kind === "failed") {
    const offer = resolution.offerCreate;
    if (!offer) return reply(resolution.message);
    // The person may have meant a new annotation: their words, as a create, wait in the input box.
    return reply(
      `${resolution.message} To create it in ${offer.category.name}, send the request I've put in your message box.`,
      {
        suggestedInput: createRequestText(
          { intent: "create", title: offer.title, missing: [] },
          today,
          offer.category.name,
        ),
      },
    );
  }
  const understood = resolution.understanding;
  if (resolution.kind === "premiumCategory")
    return premiumCategoryReply(understood, resolution.message);
  if (resolution.kind === "chooseCategory") {
    return ask(resolution.message, {
      intent: understood.intent as PendingQuestion["intent"],
      asked: "category",
      known: piecesToRemember({ ...understood, category: undefined }),
      categoryOptions: resolution.candidates.map((c) => c.name),
    });
  }
  if (understood.missing.includes("period"))
    return reply(unreadPeriodReply(understood.unreadPeriod ?? "that period"));
  const needsProperty = [
    "create",
    "list",
    "update",
    "delete",
    "traffic_day",
    "traffic_period",
  ].includes(understood.intent);
  if (needsProperty && !context.propertyId) return reply(noPropertyMessage);
  const propertyId = context.propertyId ?? "";
  const category = resolution.category;

  /**
   * Categories are Premium: nothing is written with one. A create is not made without the
   * category the person asked for; their request, without it, waits in the input box instead.
   */
  function premiumCategoryReply(understood: Understanding, message: string): AssistantTurn {
    if (understood.intent === "create" && understood.title && !understood.missing.includes("date"))
      return reply(
        `${message} I haven't created “${understood.title}”. To add it without a category, send the request I've put in your message box.`,
        { suggestedInput: createRequestText(understood, today) },
      );
    if (understood.intent === "list")
      return reply(
        `${message} I can list this property's annotations by date, colour or words in their titles.`,
      );
    return reply(`${message} Nothing was changed.`);
  }

  if (resolution.kind === "choose") {
    return ask(
      `Several annotations match. Which one do you mean?\n${describeCandidates(resolution.candidates)}`,
      {
        intent: understood.intent as "update" | "delete",
        asked: "choice",
        known: piecesToRemember(understood),
        options: resolution.candidates.map((a) => ({
          annotationId: a.annotationId,
          title: a.title,
          date: toIsoDate(a.annotationDate),
        })),
      },
    );
  }

  switch (understood.intent) {
    case "help":
      return reply(helpText);

    case "allowance": {
      const { used, quota } = actions.dailyAllowance();
      const left = Math.max(0, quota - used);
      return reply(
        left === 0
          ? `Daily limit reached: all ${quota} of today's annotations are used. It resets at midnight UTC.`
          : `You've added ${used} of your ${quota} annotations today, so ${left} ${left === 1 ? "is" : "are"} left. The count resets at midnight UTC.`,
      );
    }

    case "reminder":
      return reply(
        "I can't set reminders. Annotations mark what happened on a day, so your traffic can be read against it: once it has happened, tell me and I'll note it.",
      );

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

    case "traffic_day": {
      if (!understood.date)
        return reply(
          "Which day should I look at? For example: what happened on " +
            `${toIsoDate(addDays(today, -1))}?`,
        );
      // Today's figures are still coming in, and later days have none: either would read as a drop.
      if (compareDates(understood.date, today) === 0)
        return reply(
          "Today isn't over yet, so its figures are incomplete: Google's figures for a day are final once it has ended, and a part of a day would look like a drop. Ask about yesterday or an earlier day, for example: what happened yesterday?",
        );
      if (compareDates(understood.date, today) > 0)
        return reply(
          `${toIsoDate(understood.date)} hasn't happened yet, so there are no figures for it. Ask about yesterday or an earlier day, for example: what happened yesterday?`,
        );
      const metric = understood.metric ?? "sessions";
      const result = await actions.trafficInsight({ metric, date: toIsoDate(understood.date) });
      if (!result.ok) return reply(result.error);
      if (!("value" in result.value)) return reply("I couldn't read that day's traffic.");
      const answer = describeTrafficDay(result.value);
      return reply(answer.text, { suggestedInput: answer.suggestedInput });
    }

    case "traffic_period": {
      const period = understood.dateRange ?? { start: today, end: today };
      if (compareDates(period.start, today) >= 0)
        return reply(
          "That period has no complete day yet: Google's figures for a day are final once it is over. Ask about a period up to yesterday, for example: anything unexplained in the last 28 days?",
        );
      const result = await actions.trafficInsight({
        metric: understood.metric ?? "sessions",
        startDate: toIsoDate(period.start),
        endDate: toIsoDate(period.end),
      });
      if (!result.ok) return reply(result.error);
      if (!("unexplained" in result.value)) return reply("I couldn't read that period's traffic.");
      const answer = describeUnexplained(result.value);
      return reply(answer.text, { suggestedInput: answer.suggestedInput });
    }

    case "create": {
      const suggestedInput = completionFor(understood, today);
      if (understood.missing.includes("date")) {
        const title = understood.title ? `“${understood.title}”` : "the annotation";
        const period = understood.unreadPeriod;
        const problem = !period
          ? "That date does not exist."
          : STILL_TO_COME.test(period)
            ? `${errorMessages.futureDate} “${period}” is still to come.`
            : `I can't tell which day “${period}” means.`;
        return ask(
          `${problem} Which day should ${title} be on? For example: ${toIsoDate(today)}.`,
          { intent: "create", asked: "date", known: piecesToRemember(understood) },
          { suggestedInput },
        );
      }
      const date = understood.date ?? today;
      if (!understood.title) {
        return ask(
          `What should the annotation be called? For example: Create an annotation called “Winter sale launched” on ${toIsoDate(date)}.`,
          { intent: "create", asked: "title", known: piecesToRemember({ ...understood, date }) },
          { suggestedInput },
        );
      }
      const request = {
        title: understood.title,
        ...(understood.endDate
          ? { annotationDateRange: { startDate: date, endDate: understood.endDate } }
          : { annotationDate: date }),
        ...(understood.description ? { description: understood.description } : {}),
        ...(understood.color ? { color: understood.color } : {}),
      };
      const result = await actions.createAnnotation(
        category ? inCategory(request, category) : request,
      );
      if (!result.ok) return reply(`I couldn't create it: ${result.error}`);
      const where = category
        ? `in ${describeCategory(category)}.${colourNote(understood, category)}`
        : `in ${colourName(result.value.color)}.`;
      return reply(`Created ${describeAnnotation(result.value)} ${where}`, {
        showAnnotations: true,
        memory: { focus: focusOn(propertyId, result.value) },
      });
    }

    case "list": {
      const filter = annotationFilterOf(understood, category);
      const result = await actions.listAnnotations(filter);
      if (!result.ok) return reply(result.error);
      const scope = [
        category ? ` in ${category.name}` : "",
        understood.dateRange ? ` ${describePeriod(understood.dateRange)}` : "",
        understood.titleContains ? ` about “${understood.titleContains}”` : "",
        filter.colors ? ` in ${anyOf(filter.colors.map(colourName))}` : "",
      ].join("");
      const found = result.value.annotations;
      const names = new Map((context.categories ?? []).map((c) => [c.id, c.name]));
      return reply(describeList(found, scope, names, filter.latest), {
        showAnnotations: true,
        // One result is what "it" means next.
        memory: found.length === 1 ? { focus: focusOn(propertyId, found[0]!) } : keep,
      });
    }

    case "update": {
      const allowed = await actions.mayChange("edit");
      if (!allowed.ok) return reply(allowed.error);
      const known = piecesToRemember(understood);
      if (!understood.target)
        return ask(
          "Which annotation should I change? Give its title in quotes, its ID or its day.",
          {
            intent: "update",
            asked: "target",
            known,
          },
        );
      const changes: UpdateAnnotationRequest = {
        ...(understood.newTitle ? { title: understood.newTitle } : {}),
        ...(understood.newDescription !== undefined
          ? { description: understood.newDescription }
          : {}),
        ...(understood.date && !understood.endDate ? { annotationDate: understood.date } : {}),
        ...(understood.color ? { color: understood.color } : {}),
        ...(understood.clearCategory ? { categoryId: null } : {}),
      };
      const target = resolution.annotations[0];
      if (understood.endDate && target) {
        // A new last day keeps the first: the annotation becomes (or stays) a range.
        const start = understood.date ?? annotationSpan(target).start;
        const end = understood.endDate;
        if (compareDates(end, start) < 0)
          return reply(
            `${describeAnnotation(target)} starts on ${toIsoDate(start)}, so it can't end on ${toIsoDate(end)}. Which day should it end on?`,
          );
        if (compareDates(end, start) === 0) changes.annotationDate = start;
        else changes.annotationDateRange = { startDate: start, endDate: end };
      }
      if (understood.missing.includes("category")) {
        const categories = await actions.usableCategories();
        const names = categories.map((c) => c.name);
        return ask(
          names.length === 0
            ? "You have no categories yet; create them on the Categories page."
            : `Which category should ${target ? describeAnnotation(target) : "it"} go in? Your categories: ${names.join(", ")}.`,
          { intent: "update", asked: "category", known, categoryOptions: names },
        );
      }
      if (Object.keys(changes).length === 0 && !category) {
        return ask(
          `What should I change${target ? ` about ${describeAnnotation(target)}` : ""}: the title, the date, the colour, the description or the category?`,
          { intent: "update", asked: "change", known },
        );
      }
      const result = await actions.updateAnnotation(
        understood.target,
        category ? inCategory(changes, category) : changes,
      );
      if (!result.ok) return reply(`I couldn't change it: ${result.error}`);
      const { before, after } = result.value;
      const memory = { focus: focusOn(propertyId, after) };
      const onlyCategory = Object.keys(changes).length === (understood.clearCategory ? 1 : 0);
      if (onlyCategory && category)
        return reply(`Put ${describeAnnotation(after)} in ${describeCategory(category)}.`, {
          showAnnotations: true,
          memory,
        });
      if (onlyCategory)
        return reply(`Took ${describeAnnotation(after)} out of its category.`, {
          showAnnotations: true,
          memory,
        });
      const categoryPart = category
        ? `, in ${category.name}`
        : understood.clearCategory
          ? ", without a category"
          : "";
      return reply(
        `Updated ${describeAnnotation(before)} → ${describeAnnotation(after)}, ${after.color.toLowerCase()}${categoryPart}.${colourNote(understood, category)}`,
        { showAnnotations: true, memory },
      );
    }

    case "delete": {
      const allowed = await actions.mayChange("delete");
      if (!allowed.ok) return reply(allowed.error);
      if (!understood.target && resolution.annotations.length === 0)
        return ask(
          understood.everyMatch
            ? "Which annotations should I delete? Name a period, a colour or words in their titles, for example: delete all the red ones from last week."
            : "Which annotation should I delete? Give its title in quotes, its ID or its day.",
          { intent: "delete", asked: "target", known: piecesToRemember(understood) },
        );
      const references = understood.everyMatch
        ? resolution.annotations.map((a) => ({ kind: "id" as const, annotationId: a.annotationId }))
        : [understood.target!];
      const result = await actions.proposeDeletion(references);
      if (!result.ok) return reply(result.error);
      const only = resolution.annotations.length === 1 ? resolution.annotations[0] : undefined;
      return reply(confirmationPrompt(result.value), {
        confirmation: result.value,
        memory: only ? { focus: focusOn(propertyId, only) } : keep,
      });
    }

    default:
      if (understood.intent === "unknown" && understood.title && understood.date)
        return reply(
          `Shall I note that on ${toIsoDate(understood.date)}? I've put it in your message box as an annotation; send it as it is or change it first.`,
          {
            suggestedInput: createRequestText(
              { intent: "create", title: understood.title, date: understood.date, missing: [] },
              today,
            ),
          },
        );
      return reply(`Sorry, I didn't understand that. ${helpText}`);
  }
}
