import { toSafeText } from "../../../shared/contracts/clean-text.js";
import type {
  GoogleAnnotation,
  GoogleChangeHistoryEvent,
  GoogleChangeHistoryResource,
} from "./analytics-admin-types.js";

/** The page size every list and search call asks Google for. */
export const maxPageSize = 200;

/**
 * Text from Google may hold anything (an annotation made elsewhere, through the API, with a NUL
 * or a broken surrogate): it is made safe here, once, before anything stores or shows it.
 */
export function safeString(value: unknown, multiline: boolean): string {
  return typeof value === "string" ? toSafeText(value, multiline) : "";
}

export function safeAnnotation(annotation: GoogleAnnotation): GoogleAnnotation {
  return {
    ...annotation,
    name: safeString(annotation.name, false),
    title: safeString(annotation.title, false),
    ...(annotation.description !== undefined
      ? { description: safeString(annotation.description, true) }
      : {}),
  };
}

/** Snapshots are shown to people (names, titles): every string in them is made safe, to a depth. */
function safeJson(value: unknown, depth: number): unknown {
  if (typeof value === "string") return toSafeText(value, true);
  if (depth <= 0 || value === null || typeof value !== "object") {
    return typeof value === "number" || typeof value === "boolean" ? value : undefined;
  }
  if (Array.isArray(value)) return value.map((item) => safeJson(item, depth - 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      key,
      safeJson(item, depth - 1),
    ]),
  );
}

function safeResource(value: unknown): GoogleChangeHistoryResource | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  return safeJson(value, 6) as GoogleChangeHistoryResource;
}

export function safeChangeHistoryEvent(
  event: Partial<GoogleChangeHistoryEvent>,
): GoogleChangeHistoryEvent {
  const changes = Array.isArray(event.changes) ? event.changes : [];
  return {
    id: safeString(event.id, false),
    changeTime: safeString(event.changeTime, false),
    actorType: safeString(event.actorType, false),
    ...(typeof event.userActorEmail === "string" && event.userActorEmail
      ? { userActorEmail: safeString(event.userActorEmail, false) }
      : {}),
    changesFiltered: event.changesFiltered === true,
    changes: changes.map((change) => {
      const before = safeResource(change.resourceBeforeChange);
      const after = safeResource(change.resourceAfterChange);
      return {
        resource: safeString(change.resource, false),
        action: safeString(change.action, false),
        ...(before ? { resourceBeforeChange: before } : {}),
        ...(after ? { resourceAfterChange: after } : {}),
      };
    }),
  };
}
