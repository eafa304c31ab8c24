import type { TrafficService } from "../traffic/traffic-service.js";
import type { User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type { AnnotationColor } from "../../../shared/annotation-colors.js";
import { compareDates, toIsoDate, type CalendarDate } from "../../../shared/calendar-date.js";
import { applyTitleTemplate } from "../../../shared/categories.js";
import {
  annotationTitleMaxLength,
  createAnnotationRequest,
  updateAnnotationRequest,
  type Annotation,
  type CreateAnnotationRequest,
  type UpdateAnnotationRequest,
} from "../../../shared/contracts/annotations.js";
import type { AnnotationChange } from "../../../shared/contracts/annotation-history.js";
import { errorMessages, type ErrorCode } from "../../../shared/contracts/errors.js";
import { countForToday, dailyLimitMessage, dailyResetText } from "../../../shared/daily-quota.js";
import { capabilitiesOf } from "../../../shared/plans.js";
import {
  requireNotSystemGenerated,
  requirePremiumFeature,
  type AnnotationsService,
} from "../annotations/annotations-service.js";
import type { CategoriesService } from "../categories/categories-service.js";
import type { PropertiesService } from "../properties/properties-service.js";
import type { SuggestionsService } from "../suggestions/suggestions-service.js";
import type { AnyOperation, OperationServices } from "../../operations/operation.js";
import type { ExplainService } from "../impact/explain-service.js";
import type { ImpactService } from "../impact/impact-service.js";
import type { TrafficMetric } from "../../../shared/contracts/traffic.js";
import type { Category } from "../../../shared/contracts/categories.js";
import {
  describeAmbiguity,
  describeReference,
  findReferenced,
  type AnnotationReference,
} from "./annotation-reference.js";
import type { ChatRepository } from "./chat-repository.js";
import { parseInput } from "../../parse-input.js";
import {
  issueCreate,
  issueDeletion,
  issueUndoOfCreate,
  issueUpdate,
  unchangedSince,
  type PendingConfirmation,
  type PendingCreate,
  type PendingDeletion,
  type PendingUpdate,
} from "./conversation-state.js";

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

export type { AnnotationReference } from "./annotation-reference.js";

export {
  categoryMatchProblem,
  inCategory,
  maxDeletionsPerConfirmation,
  noPropertyMessage,
} from "./assistant-rules.js";
import {
  categoryMatchProblem,
  maxDeletionsPerConfirmation,
  noPropertyMessage,
} from "./assistant-rules.js";

/** What a confirmed action did; an annotation no longer as previewed is skipped, never changed. */
export type CarriedOut =
  | {
      kind: "delete";
      deleted: Annotation[];
      skipped: { title: string; reason: "gone" | "changed" }[];
      /** It was the undo of a create, told in the undo's words. */
      undone?: true;
    }
  | { kind: "create"; created: Annotation; categoryName: string | null }
  | {
      kind: "update";
      before: Annotation;
      after: Annotation;
      categoryName: string | null;
    }
  | { kind: "update"; skipped: { title: string; reason: "gone" | "changed" } };

/** The last day an annotation covers: its end for a range, else its day. */
function lastDayOf(annotation: Annotation): CalendarDate {
  return annotation.annotationDateRange?.endDate ?? annotation.annotationDate;
}

/**
 * The assistant's abilities, bound to the signed-in person for one request. Both engines (the
 * language model's tools and the offline engine) act only through these, and these act only
 * through the same services, with the same request contracts, as the REST routes — so every
 * rule (tier, quota, locked property, validation) is the services' and applies identically.
 * Nothing here takes a user id from the conversation.
 */
export function createAssistantActions(
  deps: {
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
  },
  context: AssistantContext,
) {
  const { user } = context;

  async function attempt<T>(work: () => Promise<T>): Promise<ActionResult<T>> {
    try {
      return { ok: true, value: await work() };
    } catch (error) {
      if (error instanceof AppError) {
        context.refusals?.add(error.code);
        return { ok: false, error: error.message, code: error.code };
      }
      throw error;
    }
  }

  function inboxService() {
    if (!deps.suggestions)
      throw new AppError("invalid_request", "The suggestion inbox is not available here.");
    return deps.suggestions;
  }

  /** The conversation's property, saved for the person if they may use it (as the picker would). */
  async function property(): Promise<string> {
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

  async function list(
    filter: AnnotationFilter = {},
  ): Promise<{ propertyId: string; annotations: Annotation[] }> {
    const propertyId = await property();
    const all = await deps.annotations.list(user, propertyId);
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

  async function resolve(
    reference: AnnotationReference,
  ): Promise<{ propertyId: string; annotation: Annotation }> {
    const { propertyId, annotations } = await list();
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
    return { propertyId, annotation: match.annotation };
  }

  /** The person's own today, when known, bounds a create's first day (see AssistantContext.today). */
  function requireNotFuture(request: CreateAnnotationRequest): void {
    const start = request.annotationDateRange?.startDate ?? request.annotationDate;
    if (context.today && start && compareDates(start, context.today) > 0)
      throw new AppError("future_date", errorMessages.futureDate);
  }

  /**
   * The request with its title written to its category's template (`applyTitleTemplate`, the rule
   * the annotation dialogs and the audit follow): "Winter sale" in Campaigns & Promos is created,
   * and proposed, as "CAMPAIGN · Winter sale". A category that is not the person's is left for the
   * annotations service to refuse.
   */
  async function followTemplate(
    request: CreateAnnotationRequest,
  ): Promise<CreateAnnotationRequest> {
    if (!request.categoryId || !capabilitiesOf(user.subscriptionTier).canUseCategories)
      return request;
    const category = (await deps.categories.list(user)).find((c) => c.id === request.categoryId);
    if (!category) return request;
    const title = applyTitleTemplate(
      request.title,
      category.titleTemplate,
      annotationTitleMaxLength,
    );
    return title === request.title ? request : { ...request, title };
  }

  async function categoryNameOf(categoryId: string | null): Promise<string | null> {
    if (!categoryId || !capabilitiesOf(user.subscriptionTier).canUseCategories) return null;
    return (await deps.categories.list(user)).find((c) => c.id === categoryId)?.name ?? null;
  }

  async function carryOutDeletion(pending: PendingDeletion): Promise<CarriedOut> {
    const current = new Map(
      (await deps.annotations.list(user, pending.propertyId)).map((a) => [a.annotationId, a]),
    );
    const deleted: Annotation[] = [];
    const skipped: { title: string; reason: "gone" | "changed" }[] = [];
    for (const item of pending.items) {
      const annotation = current.get(item.annotationId);
      if (!annotation) skipped.push({ title: item.snapshot.title, reason: "gone" });
      else if (!unchangedSince(item.snapshot, annotation))
        skipped.push({ title: item.snapshot.title, reason: "changed" });
      else if (pending.undoes) {
        await deps.annotations.undo(user, pending.propertyId, pending.undoes, { confirm: true });
        deleted.push(annotation);
      } else {
        await deps.annotations.remove(user, pending.propertyId, item.annotationId);
        deleted.push(annotation);
      }
    }
    return {
      kind: "delete",
      deleted,
      skipped,
      ...(pending.undoes ? { undone: true as const } : {}),
    };
  }

  async function carryOutCreate(pending: PendingCreate): Promise<CarriedOut> {
    requireNotFuture(pending.request);
    // The stored request id makes a second run of the same confirmation answer the first one.
    const created = await deps.annotations.create(user, pending.propertyId, pending.request);
    return { kind: "create", created, categoryName: await categoryNameOf(created.categoryId) };
  }

  async function carryOutUpdate(pending: PendingUpdate): Promise<CarriedOut> {
    const [item] = pending.items;
    const before = (await deps.annotations.list(user, pending.propertyId)).find(
      (a) => a.annotationId === item.annotationId,
    );
    if (!before) return { kind: "update", skipped: { title: item.snapshot.title, reason: "gone" } };
    if (!unchangedSince(item.snapshot, before))
      return { kind: "update", skipped: { title: item.snapshot.title, reason: "changed" } };
    const after = await deps.annotations.update(
      user,
      pending.propertyId,
      item.annotationId,
      pending.changes,
    );
    return { kind: "update", before, after, categoryName: await categoryNameOf(after.categoryId) };
  }

  /** What happened on a day, or the unexplained changes of a period, from the chart's analysis. */
  async function trafficInsight(request: {
    metric: "sessions" | "activeUsers" | "keyEvents";
    date?: string;
    startDate?: string;
    endDate?: string;
  }) {
    return attempt(async () => {
      const traffic = deps.traffic;
      if (!traffic)
        throw new AppError("google_no_report_access", "Traffic reports are not available here.");
      const propertyId = await property();
      if (request.date) {
        const day = await traffic.describeDay(user, propertyId, {
          date: request.date,
          metric: request.metric,
        });
        // A spike or a drop comes with what is on record around it, ranked (Premium's
        // "why did it move?"); a plan without it keeps the day's own facts.
        if (
          !day.unusual ||
          !deps.explain ||
          !capabilitiesOf(user.subscriptionTier).canExplainChanges
        )
          return day;
        try {
          const explained = await deps.explain.explain(user, propertyId, {
            metric: request.metric,
            date: request.date,
          });
          const likelyCauses = explained.causes.slice(0, 3).map((cause) => ({
            title: cause.title,
            why: cause.why,
            ...(cause.detail ? { detail: cause.detail } : {}),
          }));
          return { ...day, likelyCauses };
        } catch (error) {
          // The day's own facts stand without its causes, whatever the ranking met.
          if (error instanceof AppError) return day;
          throw error;
        }
      }
      if (!request.startDate || !request.endDate)
        throw new AppError("invalid_request", "Give a day, or a start and an end date.");
      return traffic.unexplained(user, propertyId, {
        metric: request.metric,
        startDate: request.startDate,
        endDate: request.endDate,
      });
    });
  }

  /** The daily figures of a period, as the chart draws them ("which weekday brings the most?"). */
  function trafficDays(request: {
    metric: "sessions" | "activeUsers" | "keyEvents";
    startDate: string;
    endDate: string;
  }) {
    return attempt(async () => {
      const traffic = deps.traffic;
      if (!traffic)
        throw new AppError("google_no_report_access", "Traffic reports are not available here.");
      const found = await traffic.report(user, await property(), { ...request, range: "custom" });
      return { metric: found.metric, days: found.days };
    });
  }

  return {
    /** The conversation's property, as the person chose it (not yet checked). */
    propertyId: context.propertyId,
    /** A catalogue operation, run for this person as the assistant; refusals as sentences. */
    runOperation: (
      operation: AnyOperation,
      input: { params: Record<string, unknown>; query: unknown; body: unknown },
    ) =>
      attempt(async (): Promise<unknown> => {
        if (!deps.operations) throw new AppError("invalid_request", "That is not available here.");
        if ("propertyId" in input.params) await property();
        return operation.run(deps.operations, { user, via: "assistant" }, input as never);
      }),
    trafficInsight,
    trafficDays,
    /** Whether the person's plan allows a kind of change: the services' own rule, asked early. */
    mayChange: (change: "edit" | "delete") =>
      attempt(async () => requirePremiumFeature(user, change)),

    listAnnotations: (filter: AnnotationFilter) => attempt(() => list(filter)),

    /** "Did the winter sale work?": one annotation's impact on a metric, with its interval. */
    measureImpact: (annotationId: string, metric: TrafficMetric) =>
      attempt(async () => {
        if (!deps.impact)
          throw new AppError("google_no_report_access", "Traffic reports are not available here.");
        return deps.impact.forAnnotation(user, await property(), annotationId, {
          metric,
          days: 7,
        });
      }),

    /**
     * The category a word names, through the categories service (its plan check included: a free
     * person gets the one Premium message as the error).
     */
    matchCategory: (reference: string) =>
      attempt(() => deps.categories.matchReference(user, reference)),

    /**
     * The one category a name means, for the model's tools: an unknown or ambiguous name is an
     * error saying so plainly, with the person's categories, for the model to relay.
     */
    findCategory: (reference: string) =>
      attempt(async (): Promise<Category> => {
        const match = await deps.categories.matchReference(user, reference);
        if (match.kind === "found") return match.category;
        throw new AppError(
          match.kind === "ambiguous" ? "ambiguous" : "category_not_found",
          categoryMatchProblem(reference, match)!,
        );
      }),

    /** The person's categories, or none when their plan does not include them. */
    usableCategories: async (): Promise<Category[]> =>
      capabilitiesOf(user.subscriptionTier).canUseCategories ? deps.categories.list(user) : [],

    findAnnotation: (reference: AnnotationReference) => attempt(() => resolve(reference)),

    /** The same request the create dialog sends, checked by the same service. */
    createAnnotation: (request: CreateAnnotationRequest) =>
      attempt(async () => {
        requireNotFuture(request);
        return deps.annotations.create(user, await property(), await followTemplate(request));
      }),

    /**
     * The same request on the current property and each of the person's other saved properties
     * (decision 0058), through the service's multi-property create: each counts against the day's
     * allowance and is answered on its own. A plan with one property makes it there alone.
     */
    createOnAllProperties: (request: CreateAnnotationRequest) =>
      attempt(async () => {
        requireNotFuture(request);
        const current = await property();
        const others = capabilitiesOf(user.subscriptionTier).locksFirstProperty
          ? []
          : (await deps.properties.saved(user))
              .map((saved) => saved.propertyId)
              .filter((propertyId) => propertyId !== current);
        return deps.annotations.createOnProperties(user, {
          propertyIds: [current, ...others],
          annotation: await followTemplate(request),
        });
      }),

    /** A category's name by its id, for a person whose plan includes categories. */
    categoryName: (categoryId: string | null) => categoryNameOf(categoryId),

    /**
     * A create the person has not asked for, checked as the create itself would be (contract,
     * property, day, today's allowance) and stored as the session's pending confirmation:
     * nothing is written until the person confirms it.
     */
    proposeCreate: (request: CreateAnnotationRequest, categoryName: string | null) =>
      attempt(async (): Promise<PendingCreate> => {
        const checked = await followTemplate(parseInput(createAnnotationRequest, request));
        requireNotFuture(checked);
        const propertyId = await property();
        const used = countForToday(user.dailyAnnotationCount, user.dailyCountResetAt, context.now);
        if (used >= user.annotationQuota)
          throw new AppError(
            "daily_limit",
            dailyLimitMessage(user.annotationQuota, context.now, context.timeZone ?? null),
          );
        const pending = issueCreate(propertyId, checked, categoryName, context.now);
        await deps.chat.setPendingAction(context.sessionId, pending);
        return pending;
      }),

    /**
     * A change the person has not asked for, to the annotation the reference names, stored as the
     * session's pending confirmation with a snapshot of the annotation as it is now.
     */
    proposeUpdate: (
      reference: AnnotationReference,
      changes: UpdateAnnotationRequest,
      categoryName: string | null | undefined,
    ) =>
      attempt(async (): Promise<PendingUpdate> => {
        requirePremiumFeature(user, "edit");
        const checked = parseInput(updateAnnotationRequest, changes);
        const { propertyId, annotation } = await resolve(reference);
        requireNotSystemGenerated(annotation);
        const pending = issueUpdate(propertyId, annotation, checked, categoryName, context.now);
        await deps.chat.setPendingAction(context.sessionId, pending);
        return pending;
      }),

    /**
     * Today's annotation allowance, counted as the plan card counts it, and when it resets in the
     * card's words, on the property's clock ('Resets at 2026-12-07 11:00 GMT+11 (midnight UTC) —
     * in 3 h').
     */
    dailyAllowance: (): { used: number; quota: number; resets?: string } => ({
      used: countForToday(user.dailyAnnotationCount, user.dailyCountResetAt, context.now),
      quota: user.annotationQuota,
      resets: dailyResetText(context.now, context.timeZone ?? null),
    }),

    /** The same request the edit dialog sends, for the annotation the reference names. */
    updateAnnotation: (reference: AnnotationReference, request: UpdateAnnotationRequest) =>
      attempt(async () => {
        // Checked before reading the annotations, so a free person hears why at once.
        requirePremiumFeature(user, "edit");
        const { propertyId, annotation } = await resolve(reference);
        const after = await deps.annotations.update(
          user,
          propertyId,
          annotation.annotationId,
          request,
        );
        return { before: annotation, after };
      }),

    /**
     * Prepares the deletion of the annotations named and stores it as the session's pending
     * confirmation; nothing is deleted until the person confirms it themselves.
     */
    /**
     * Undoing a create deletes its annotation, so it waits for the person's confirmation like a
     * deletion; confirmed, it runs as the change's undo (the annotations service decides whether
     * the plan allows it: a free plan may take back its latest create, decision 0059).
     */
    proposeUndoOfCreate: (change: AnnotationChange) =>
      attempt(async (): Promise<PendingDeletion> => {
        const { propertyId, annotation } = await resolve({
          kind: "id",
          annotationId: change.annotationId,
        });
        const pending = issueUndoOfCreate(propertyId, annotation, change.changeId, context.now);
        await deps.chat.setPendingAction(context.sessionId, pending);
        return pending;
      }),

    /**
     * Reverts the person's last change on the conversation's property through the annotations
     * service (decision 0039). The last change being a create, nothing is undone here: its
     * change is answered, for the caller to propose its undo with the usual confirmation.
     */
    undoLast: (expected?: "create" | "update" | "delete") =>
      attempt(async () => {
        const propertyId = await property();
        const last = await deps.annotations.lastUndoable(user, propertyId);
        if (!last) throw new AppError("change_not_found", errorMessages.nothingToUndo);
        // "bring back the one you deleted" when the last change was an edit: nothing else undone.
        if (expected && last.kind !== changeKindOf[expected])
          throw new AppError(
            "change_not_found",
            `Your last change here was not ${changeWords[expected]}, so I didn't undo anything. Say "undo" to take back your last change, whatever it was.`,
          );
        if (last.kind === "created") return { kind: "create" as const, change: last };
        return {
          kind: "undone" as const,
          ...(await deps.annotations.undo(user, propertyId, last.changeId, {})),
        };
      }),

    /** One annotation's history as the pages show it: the person's changes and category names. */
    annotationHistory: (annotationId: string) =>
      attempt(async () => deps.annotations.history(user, await property(), annotationId)),

    /**
     * Restore one entry of an annotation's history through the annotations service: its edit
     * path and plan check, recorded as a change; the same request id again changes nothing more.
     */
    restoreVersion: (annotationId: string, changeId: string, requestId?: string) =>
      attempt(async () =>
        deps.annotations.restore(
          user,
          await property(),
          annotationId,
          changeId,
          requestId ? { requestId } : {},
        ),
      ),

    proposeDeletion: (references: readonly AnnotationReference[]) =>
      attempt(async (): Promise<PendingDeletion> => {
        // Checked before the preview, so nothing waits for a confirmation that could never run.
        requirePremiumFeature(user, "delete");
        if (references.length === 0)
          throw new AppError("invalid_request", "Which annotation should I delete?");
        if (references.length > maxDeletionsPerConfirmation) {
          throw new AppError(
            "invalid_request",
            `I can delete at most ${maxDeletionsPerConfirmation} annotations at once. Narrow it down, or use the table.`,
          );
        }
        const found = new Map<string, Annotation>();
        let propertyId = "";
        for (const reference of references) {
          const resolved = await resolve(reference);
          requireNotSystemGenerated(resolved.annotation);
          propertyId = resolved.propertyId;
          found.set(resolved.annotation.annotationId, resolved.annotation);
        }
        const pending = issueDeletion(propertyId, [...found.values()], context.now);
        await deps.chat.setPendingAction(context.sessionId, pending);
        return pending;
      }),

    /**
     * Carries out a confirmation the person gave (already taken from the session, so it runs
     * once): each annotation it touches is written only if it is still exactly what the person saw.
     */
    carryOut: (pending: PendingConfirmation) =>
      attempt(async (): Promise<CarriedOut> => {
        switch (pending.kind) {
          case "delete":
            return carryOutDeletion(pending);
          case "create":
            return carryOutCreate(pending);
          case "update":
            return carryOutUpdate(pending);
        }
      }),

    dropConfirmation: () => deps.chat.setPendingAction(context.sessionId, null),

    /** The property's open suggestions, and accepting one by its id, through the suggestions service. */
    inbox: {
      open: () =>
        attempt(async () => {
          const propertyId = await property();
          return (await inboxService().list(user, propertyId, "open")).suggestions;
        }),
      accept: (suggestionId: string) =>
        attempt(async () => inboxService().accept(user, await property(), suggestionId, {})),
    },

    /** The saved properties; `canEdit` false for one the person may only view in Google. */
    listProperties: () =>
      attempt(async () => {
        const saved = await deps.properties.savedWithAccess(user);
        return saved.map((property) => ({
          propertyId: property.propertyId,
          name: property.name,
          locked: property.locked,
          canEdit: property.canEdit,
        }));
      }),
  };
}

const changeKindOf = { create: "created", update: "updated", delete: "deleted" } as const;
const changeWords = { create: "a create", update: "an edit", delete: "a deletion" } as const;

export type AssistantActions = ReturnType<typeof createAssistantActions>;
