/**
 * The language model's help for a create without a title: the request, offered for the person to
 * finish and send. (The create itself is the catalogue's, through the chat's write policy.)
 */
import { z } from "zod";
import { toIsoDate } from "../../../../shared/calendar-date.js";
import {
  annotationTitle,
  type Annotation,
  type CreateAnnotationRequest,
} from "../../../../shared/contracts/annotations.js";
import type { ModelToolAnswer, ModelWriteInput } from "../../../operations/doors/model.js";
import type { AnyOperation } from "../../../operations/operation.js";
import { changeCard, describeWritten } from "../assistant-reply.js";
import { inCategory } from "../assistant-rules.js";
import {
  isoDate,
  noted,
  secondChange,
  tool,
  writtenForModel,
  type ToolContext,
  type TurnRecord,
} from "./tool-turn.js";

/**
 * Offers the person a create request to finish and send themselves. It is shown as a labelled
 * button under the reply and reaches their input box only if they choose it, so a model can never
 * type into the box; and only a title the annotation form would take is offered (an empty one
 * leaves the quotes for the person to fill), so the button cannot show disguised text.
 * Returns the contract's refusal when the title is not one, with nothing offered.
 */
export function offerCreateRequest(
  turn: TurnRecord,
  request: { title: string; date: string; color?: string },
): string | null {
  let title = "";
  if (request.title.trim() !== "") {
    const checked = annotationTitle.safeParse(request.title);
    if (!checked.success) return checked.error.issues[0]?.message ?? "That title cannot be used.";
    title = checked.data;
  }
  const color = request.color ? ` in ${request.color.toLowerCase()}` : "";
  turn.suggestedInput = `Create an annotation called "${title}" on ${request.date}${color}`;
  return null;
}

/** When a create request lacks its title, the model offers the request for the person to complete. */
export function suggestRequestTool({ turn }: ToolContext) {
  return tool({
    description:
      "A create without a title: call this with the date (today if none) to offer the request to complete, then ask for the title.",
    inputSchema: z.object({ date: isoDate, title: z.string().max(100).optional() }),
    execute: async (input) => {
      const refused = offerCreateRequest(turn, { title: input.title ?? "", date: input.date });
      return refused ? { ok: false, error: refused } : { ok: true };
    },
  });
}

function firstDay(request: CreateAnnotationRequest): string {
  const start = request.annotationDateRange?.startDate ?? request.annotationDate;
  return start ? toIsoDate(start) : "today";
}

/**
 * The model's create: a preview when the person's message did not ask for one, otherwise the
 * catalogue's create, for a day that has happened and written to its category's template.
 */
export async function createPolicy(
  { actions, turn, asked }: ToolContext,
  operation: AnyOperation,
  input: ModelWriteInput,
): Promise<ModelToolAnswer> {
  const given = input.body as CreateAnnotationRequest;
  // A refused category counts as this turn's change: the model cannot drop it and retry.
  const refused = secondChange(turn, `creating “${given.title}” (${firstDay(given)})`);
  if (refused) return refused;
  // A category brings its colour, as the create dialog sets it when one is chosen; one not on
  // the person's plan (or not theirs) is left for the service to refuse.
  const category = given.categoryId
    ? (await actions.usableCategories()).find((candidate) => candidate.id === given.categoryId)
    : undefined;
  const request = category ? inCategory(given, category) : given;
  const categoryName = category?.name ?? null;
  if (!asked("create")) {
    // The preview is checked, and written to its template, as the create itself would be.
    const proposed = noted(turn, await actions.proposeCreate(request, categoryName));
    if (!proposed.ok) return proposed;
    turn.confirmation = proposed.value;
    return { ok: true, value: { awaitingPersonsConfirmation: proposed.value.summary, created: 0 } };
  }
  const prepared = noted(turn, await actions.prepareCreate(request));
  if (!prepared.ok) return prepared;
  const result = noted(
    turn,
    await actions.runOperation(operation, { ...input, body: prepared.value }),
  );
  if (!result.ok) {
    // A category on a plan without categories: the person's words are kept, offered without it.
    if (result.code === "premium_required" && request.categoryId)
      offerCreateRequest(turn, {
        title: request.title,
        date: firstDay(request),
        ...(request.color ? { color: request.color } : {}),
      });
    return result;
  }
  const made = result.value as Annotation;
  turn.showAnnotations = true;
  turn.seenTitles.add(made.title);
  turn.writes.push({ kind: "create", text: `Created ${describeWritten(made, categoryName)}.` });
  turn.card = changeCard(made, categoryName);
  return { ok: true, value: { created: writtenForModel(made, categoryName) } };
}
