/**
 * What every assistant action stands on: the person and conversation it is bound to, the services
 * it may call, and the steps the actions share (the conversation's property, an annotation a
 * reference names, a create's template and day). Refusals become sentences in one place.
 */
import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type { AnnotationColor } from "../../../shared/annotation-colors.js";
import { compareDates, toIsoDate, type CalendarDate } from "../../../shared/calendar-date.js";
import { applyTitleTemplate } from "../../../shared/categories.js";
import {
  annotationTitleMaxLength,
  type Annotation,
  type CreateAnnotationRequest,
} from "../../../shared/contracts/annotations.js";
import { errorMessages, type ErrorCode } from "../../../shared/contracts/errors.js";
import { capabilitiesOf } from "../../../shared/plans.js";
import type { AnnotationsService } from "../annotations/annotations-service.js";
import type { CategoriesService } from "../categories/categories-service.js";
import type { PropertiesService } from "../properties/properties-service.js";
import type { SuggestionsService } from "../suggestions/suggestions-service.js";
import type { TrafficService } from "../traffic/traffic-service.js";
import type { OperationServices } from "../../operations/operation.js";
import type { ExplainService } from "../impact/explain-service.js";
import type { ImpactService } from "../impact/impact-service.js";
import {
  describeAmbiguity,
  describeReference,
  findReferenced,
  type AnnotationReference,
} from "./annotation-reference.js";
import type { ChatRepository } from "./chat-repository.js";
import { noPropertyMessage } from "./assistant-rules.js";

/** What every assistant action answers: data on success, or a message for the person. */
export type ActionResult<T> =
  { ok: true; value: T } | { ok: false; error: string; code?: ErrorCode };

export interface AssistantContext {
  user: User;
  sessionId: string;
  /** The property the conversation is about, when known. */
  propertyId: string | null;
  now: Date;
  /**
   * The person's today in their own time zone, when the message said it. The service allows any
   * day that is today somewhere on Earth, so without this "tomorrow" said late in the UTC evening
   * would still be created.
   */
  today?: CalendarDate;
  /**
   * The property's time zone, when known: a time the assistant names (when the day's allowance
   * resets) is on its clock, as every time the product shows.
   */
  timeZone?: string | null;
  /**
   * Collects the codes of the refusals the turn met, so its reply can offer what helps (more
   * annotations a day, after the daily limit).
   */
  refusals?: Set<ErrorCode>;
}

export interface AssistantDeps {
  annotations: AnnotationsService;
  properties: PropertiesService;
  categories: Pick<CategoriesService, "list" | "matchReference">;
  /** Where a preview waits for the go-ahead: the chat session, or an MCP confirmation. */
  chat: Pick<ChatRepository, "setPendingAction">;
  traffic?: TrafficService;
  /** The property's suggestion inbox; accepting writes through the annotations service. */
  suggestions?: Pick<SuggestionsService, "list" | "accept">;
  /** An annotation's measured impact, as the table, REST and MCP give it. */
  impact?: Pick<ImpactService, "forAnnotation">;
  /** Why a day moved: its change and the likely causes on record, ranked. */
  explain?: Pick<ExplainService, "explain">;
  /** The operation catalogue's services, for the model's read-only catalogue tools. */
  operations?: OperationServices;
}

export interface AnnotationFilter {
  startDate?: CalendarDate;
  endDate?: CalendarDate;
  titleContains?: string;
  /** Any of these colours. */
  colors?: readonly AnnotationColor[];
  /** Only this many of the newest by date, once the other filters have chosen. */
  latest?: number;
  /** Only the annotations in this category (an id the categories service gave). */
  categoryId?: string;
}

/** The actions' binding: one person, one conversation, one request. */
export interface ActionScope {
  deps: AssistantDeps;
  context: AssistantContext;
  user: User;
}

/** Runs an action; a refusal (an AppError) is answered as the person's sentence and noted. */
export async function attempt<T>(
  scope: ActionScope,
  work: () => Promise<T>,
): Promise<ActionResult<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof AppError) {
      scope.context.refusals?.add(error.code);
      return { ok: false, error: error.message, code: error.code };
    }
    throw error;
  }
}

/** The conversation's property, saved for the person if they may use it (as the picker would). */
export async function conversationProperty({ deps, context, user }: ActionScope): Promise<string> {
  const propertyId = context.propertyId;
  if (!propertyId) throw new AppError("property_required", noPropertyMessage);
  try {
    await deps.properties.requireAllowed(user, propertyId);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "property_not_saved") throw error;
    if (capabilitiesOf(user.subscriptionTier).locksFirstProperty) {
      // Locking the free plan's one property is the person's decision, made in the picker.
      throw new AppError(
        "property_not_saved",
        "On the free plan Tidemark works with one property. Choose it in the property picker above; it asks you to confirm before locking it.",
      );
    }
    await deps.properties.save(user, propertyId);
  }
  return propertyId;
}

/** The last day an annotation covers: its end for a range, else its day. */
function lastDayOf(annotation: Annotation): CalendarDate {
  return annotation.annotationDateRange?.endDate ?? annotation.annotationDate;
}

export async function listAnnotationsIn(
  scope: ActionScope,
  filter: AnnotationFilter = {},
): Promise<{ propertyId: string; annotations: Annotation[] }> {
  const propertyId = await conversationProperty(scope);
  const all = await scope.deps.annotations.list(scope.user, propertyId);
  const text = filter.titleContains?.toLowerCase();
  const annotations = all.filter(
    (annotation) =>
      // A range annotation belongs to every period it overlaps.
      (!filter.startDate || compareDates(lastDayOf(annotation), filter.startDate) >= 0) &&
      (!filter.endDate || compareDates(annotation.annotationDate, filter.endDate) <= 0) &&
      (!text ||
        annotation.title.toLowerCase().includes(text) ||
        annotation.description.toLowerCase().includes(text)) &&
      (!filter.colors || filter.colors.some((color) => color === annotation.color)) &&
      (!filter.categoryId || annotation.categoryId === filter.categoryId),
  );
  // The service lists the newest first.
  return { propertyId, annotations: annotations.slice(0, filter.latest) };
}

export async function resolveReference(
  scope: ActionScope,
  reference: AnnotationReference,
): Promise<{ propertyId: string; annotation: Annotation }> {
  const { propertyId, annotations } = await listAnnotationsIn(scope);
  const match = findReferenced(annotations, reference);
  if (match.kind === "ambiguous") {
    const options = match.candidates
      .slice(0, 5)
      .map((a) => `“${a.title}” (${toIsoDate(a.annotationDate)}, ID ${a.annotationId})`);
    throw new AppError(
      "ambiguous",
      `Several annotations ${describeAmbiguity(reference)}: ${options.join("; ")}. Which one do you mean? You can use its ID.`,
    );
  }
  if (match.kind === "none") {
    throw new AppError(
      "annotation_not_found",
      `I couldn't find an annotation ${describeReference(reference)} in this property.`,
    );
  }
  // Found by some of its words only: an action names its annotation exactly, so the guess is
  // said back rather than acted on (the offline reading shows it to the person first).
  if (match.loose)
    throw new AppError(
      "annotation_not_found",
      `I couldn't find an annotation ${describeReference(reference)} in this property; the nearest is “${match.annotation.title}” (ID ${match.annotation.annotationId}).`,
    );
  return { propertyId, annotation: match.annotation };
}

/** The person's own today, when known, bounds a create's first day (see AssistantContext.today). */
export function requireNotFuture(scope: ActionScope, request: CreateAnnotationRequest): void {
  const start = request.annotationDateRange?.startDate ?? request.annotationDate;
  const today = scope.context.today;
  if (today && start && compareDates(start, today) > 0)
    throw new AppError("future_date", errorMessages.futureDate);
}

/**
 * The request with its title written to its category's template (`applyTitleTemplate`, the rule
 * the annotation dialogs and the audit follow): "Winter sale" in Campaigns & Promos is created,
 * and proposed, as "CAMPAIGN · Winter sale". A category that is not the person's is left for the
 * annotations service to refuse.
 */
export async function followTemplate(
  { deps, user }: ActionScope,
  request: CreateAnnotationRequest,
): Promise<CreateAnnotationRequest> {
  if (!request.categoryId || !capabilitiesOf(user.subscriptionTier).canUseCategories)
    return request;
  const category = (await deps.categories.list(user)).find((c) => c.id === request.categoryId);
  if (!category) return request;
  const title = applyTitleTemplate(request.title, category.titleTemplate, annotationTitleMaxLength);
  return title === request.title ? request : { ...request, title };
}

export async function categoryNameOf(
  { deps, user }: ActionScope,
  categoryId: string | null,
): Promise<string | null> {
  if (!categoryId || !capabilitiesOf(user.subscriptionTier).canUseCategories) return null;
  return (await deps.categories.list(user)).find((c) => c.id === categoryId)?.name ?? null;
}
