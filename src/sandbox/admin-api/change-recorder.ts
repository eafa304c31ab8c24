import type { SandboxContext } from "../sandbox-context.js";
import type {
  AnnotationRecord,
  ChangeHistoryAction,
  PropertyRecord,
  UserRecord,
} from "../store/sandbox-records.js";
import { annotationToJson } from "./annotation-json.js";

let sequence = 0;
/** A long test run writes thousands of annotations; the oldest recorded changes give way. */
const maxRecordedChanges = 5_000;

/**
 * Notes an annotation write in the property's change history, as Google's v1alpha history shows
 * REPORTING_DATA_ANNOTATION changes: whoever reads the history sees the app's own writes there too.
 */
export function recordAnnotationChange(
  context: SandboxContext,
  property: PropertyRecord,
  user: UserRecord,
  action: ChangeHistoryAction,
  before: AnnotationRecord | undefined,
  after: AnnotationRecord | undefined,
): void {
  const subject = after ?? before;
  if (!subject) return;
  const now = context.clock.now();
  sequence = (sequence + 1) % 1_000_000;
  property.recordedChanges ??= [];
  property.recordedChanges.push({
    id: `${now}${String(sequence).padStart(6, "0")}`,
    changeTime: now,
    actorType: "USER",
    userActorEmail: user.email,
    changes: [
      {
        resource: `properties/${property.id}/reportingDataAnnotations/${subject.id}`,
        kind: "REPORTING_DATA_ANNOTATION",
        action,
        ...(before ? { before: annotationToJson(property.id, before, false) } : {}),
        ...(after ? { after: annotationToJson(property.id, after, false) } : {}),
      },
    ],
  });
  if (property.recordedChanges.length > maxRecordedChanges)
    property.recordedChanges.splice(0, property.recordedChanges.length - maxRecordedChanges);
}
