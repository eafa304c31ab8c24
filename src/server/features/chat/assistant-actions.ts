import type { PendingAssistantAction, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type { AnnotationColor } from "../../../shared/annotation-colors.js";
import { compareDates, toIsoDate, type CalendarDate } from "../../../shared/calendar-date.js";
import type { Annotation } from "../../../shared/contracts/annotations.js";
import { capabilitiesOf } from "../../../shared/plans.js";
import {
  requirePremiumFeature,
  type AnnotationsService,
} from "../annotations/annotations-service.js";
import type { PropertiesService } from "../properties/properties-service.js";
import type { ChatRepository } from "./chat-repository.js";

/** What every assistant action answers: data on success, or a message for the person. */
export type ActionResult<T> = { ok: true; value: T } | { ok: false; error: string };

export interface AssistantContext {
  user: User;
  sessionId: string;
  /** The property the conversation is about, when known. */
  propertyId: string | null;
}

export interface AnnotationFilter {
  startDate?: CalendarDate;
  endDate?: CalendarDate;
  titleContains?: string;
  color?: AnnotationColor;
}

export type AnnotationReference =
  { kind: "id"; annotationId: string } | { kind: "title"; title: string } | { kind: "last" };

export const noPropertyMessage =
  "Which property should I use? Choose one in the property picker above, or write its ID (for example: property 123456789).";

/**
 * The assistant's abilities, bound to the signed-in person for one request. Both engines (the
 * language model's tools and the offline engine) act only through these, and these act only
 * through the same services as the REST routes, so every rule — tier, quota, locked property,
 * validation — applies identically. Nothing here takes a user id from the conversation.
 */
export function createAssistantActions(
  deps: { annotations: AnnotationsService; properties: PropertiesService; chat: ChatRepository },
  context: AssistantContext,
) {
  const { user } = context;

  async function attempt<T>(work: () => Promise<T>): Promise<ActionResult<T>> {
    try {
      return { ok: true, value: await work() };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, error: error.message };
      throw error;
    }
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
        (!filter.startDate || compareDates(annotation.annotationDate, filter.startDate) >= 0) &&
        (!filter.endDate || compareDates(annotation.annotationDate, filter.endDate) <= 0) &&
        (!text ||
          annotation.title.toLowerCase().includes(text) ||
          annotation.description.toLowerCase().includes(text)) &&
        (!filter.color || annotation.color === filter.color),
    );
    return { propertyId, annotations };
  }

  async function resolve(
    reference: AnnotationReference,
  ): Promise<{ propertyId: string; annotation: Annotation }> {
    const { propertyId, annotations } = await list();
    let found: Annotation | undefined;
    if (reference.kind === "id") {
      found = annotations.find((annotation) => annotation.annotationId === reference.annotationId);
    } else if (reference.kind === "last") {
      // The one most recently added through Tidemark; otherwise the newest by date.
      found =
        [...annotations]
          .filter((a) => a.dateAdded)
          .sort((a, b) => b.dateAdded!.localeCompare(a.dateAdded!))[0] ?? annotations[0];
    } else {
      const wanted = reference.title.trim().toLowerCase();
      const exact = annotations.filter((annotation) => annotation.title.toLowerCase() === wanted);
      const partial = annotations.filter((annotation) =>
        annotation.title.toLowerCase().includes(wanted),
      );
      const matches = exact.length > 0 ? exact : partial;
      if (matches.length > 1) {
        const options = matches
          .slice(0, 5)
          .map((a) => `“${a.title}” (${toIsoDate(a.annotationDate)}, ID ${a.annotationId})`);
        throw new AppError(
          "ambiguous",
          `Several annotations match “${reference.title}”: ${options.join("; ")}. Which one do you mean? You can use its ID.`,
        );
      }
      found = matches[0];
    }
    if (!found) {
      const described =
        reference.kind === "id"
          ? `with ID ${reference.annotationId}`
          : reference.kind === "title"
            ? `called “${reference.title}”`
            : "to change";
      throw new AppError(
        "annotation_not_found",
        `I couldn't find an annotation ${described} on property ${propertyId}.`,
      );
    }
    return { propertyId, annotation: found };
  }

  const snapshotOf = (annotation: Annotation): PendingAssistantAction["snapshot"] => ({
    title: annotation.title,
    description: annotation.description,
    color: annotation.color,
    date: toIsoDate(annotation.annotationDate),
  });

  return {
    listAnnotations: (filter: AnnotationFilter) => attempt(() => list(filter)),

    createAnnotation: (input: {
      title: string;
      date: CalendarDate;
      description?: string;
      color?: AnnotationColor;
    }) =>
      attempt(async () => {
        const propertyId = await property();
        return deps.annotations.create(user, propertyId, {
          title: input.title,
          annotationDate: input.date,
          ...(input.description ? { description: input.description } : {}),
          ...(input.color ? { color: input.color } : {}),
        });
      }),

    updateAnnotation: (
      reference: AnnotationReference,
      changes: {
        title?: string;
        description?: string;
        date?: CalendarDate;
        color?: AnnotationColor;
      },
    ) =>
      attempt(async () => {
        requirePremiumFeature(user, "edit");
        const { propertyId, annotation } = await resolve(reference);
        const updated = await deps.annotations.update(user, propertyId, annotation.annotationId, {
          ...(changes.title !== undefined ? { title: changes.title } : {}),
          ...(changes.description !== undefined ? { description: changes.description } : {}),
          ...(changes.date !== undefined ? { annotationDate: changes.date } : {}),
          ...(changes.color !== undefined ? { color: changes.color } : {}),
        });
        return { before: annotation, after: updated };
      }),

    /** Shows what would be deleted and waits for the person's "yes" in their next message. */
    previewDeletion: (reference: AnnotationReference) =>
      attempt(async () => {
        // Checked before the preview, so nothing waits for a confirmation that could never run.
        requirePremiumFeature(user, "delete");
        const { propertyId, annotation } = await resolve(reference);
        if (annotation.systemGenerated) {
          throw new AppError(
            "system_generated",
            "That annotation was made by Google Analytics itself, so it can't be deleted.",
          );
        }
        await deps.chat.setPendingAction(context.sessionId, {
          kind: "delete",
          propertyId,
          annotationId: annotation.annotationId,
          snapshot: snapshotOf(annotation),
        });
        return annotation;
      }),

    /** Carries out the previewed action if the annotation is still exactly what the person saw. */
    confirmPending: (pending: PendingAssistantAction) =>
      attempt(async () => {
        await deps.chat.setPendingAction(context.sessionId, null);
        const current = (await deps.annotations.list(user, pending.propertyId)).find(
          (a) => a.annotationId === pending.annotationId,
        );
        if (!current)
          throw new AppError(
            "annotation_not_found",
            "That annotation is already gone, so there was nothing to delete.",
          );
        const now = snapshotOf(current);
        const unchanged = (Object.keys(now) as (keyof typeof now)[]).every(
          (field) => now[field] === pending.snapshot[field],
        );
        if (!unchanged) {
          throw new AppError(
            "changed",
            `“${pending.snapshot.title}” changed since I showed it to you, so I didn't delete it. Ask again if you still want to.`,
          );
        }
        await deps.annotations.remove(user, pending.propertyId, pending.annotationId);
        return current;
      }),

    cancelPending: () => deps.chat.setPendingAction(context.sessionId, null),

    listProperties: () =>
      attempt(async () => {
        const saved = await deps.properties.saved(user);
        return saved.map((property) => ({
          propertyId: property.propertyId,
          name: property.name,
          locked: property.locked,
        }));
      }),
  };
}

export type AssistantActions = ReturnType<typeof createAssistantActions>;
