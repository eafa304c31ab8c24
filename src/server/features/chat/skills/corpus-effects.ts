/**
 * What a conversation's turns do to the property, as the product carries them out, for scoring
 * conversations past their reading: a deletion waits for "yes", an undo takes back the last change
 * made in the conversation (a create after its own confirmation, an update by restoring the fields
 * it changed, a deletion by re-creating the annotation). The blind conversations state those
 * effects ("undo" → the fields it restores); the reading alone cannot show them, this does.
 */
import { addDays, compareDates, fromIsoDate, toIsoDate } from "../../../../shared/calendar-date.js";
import type { KnownAnnotation } from "../offline-engine/known-annotations.js";
import type { Understanding } from "../offline-engine/understanding.js";
import { lastDayOf } from "../offline-engine/lengths.js";

/** An annotation with the fields a conversation can change. */
export interface DeclaredAnnotation extends KnownAnnotation {
  color?: string;
  category?: string;
  description?: string;
}

type Change =
  | { kind: "create"; after: DeclaredAnnotation }
  | { kind: "update"; before: DeclaredAnnotation; after: DeclaredAnnotation }
  | { kind: "delete"; before: DeclaredAnnotation };

type Pending = { kind: "delete"; annotation: DeclaredAnnotation; undoes?: boolean };

const fold = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");

/** The property through one conversation: its annotations, the last change, what waits for yes. */
export class ConversationEffects {
  private readonly annotations: DeclaredAnnotation[];
  /** The changes an undo can take back, last first off: "undo again" takes the one before. */
  private readonly changes: Change[] = [];
  private pending: Pending | undefined;

  constructor(declared: readonly DeclaredAnnotation[]) {
    this.annotations = declared.map((annotation) => ({ ...annotation }));
  }

  get known(): readonly DeclaredAnnotation[] {
    return this.annotations;
  }

  /** The one annotation a title names, exact first, then a part of it (as the product finds it). */
  find(title: string): DeclaredAnnotation | undefined {
    const wanted = fold(title);
    const exact = this.annotations.filter((a) => fold(a.title) === wanted);
    const matches =
      exact.length > 0 ? exact : this.annotations.filter((a) => fold(a.title).includes(wanted));
    return matches.length === 1 ? matches[0] : undefined;
  }

  /**
   * The turn carried out: the fields its effect shows, in the corpus's terms, for the turns whose
   * effect is more than their reading (confirm and undo), and the state moved on.
   */
  carryOut(
    understanding: Understanding,
    outcome: string,
    focusTitle: string | undefined,
  ): Record<string, string | undefined> | undefined {
    const pending = this.pending;
    this.pending = undefined;
    const target = this.targetOf(understanding, focusTitle);
    switch (understanding.intent) {
      case "create":
        if (outcome === "write") this.created(understanding);
        return undefined;
      case "update":
        if (outcome === "write" && target) this.updated(target, understanding);
        return undefined;
      case "delete":
        if (target && outcome === "confirm") this.pending = { kind: "delete", annotation: target };
        return undefined;
      case "confirm":
        return pending ? this.confirmed(pending) : undefined;
      case "cancel":
        // A deletion declined (or a create's undo): the annotation that stays is what it names.
        return pending ? { target: `title:${pending.annotation.title}` } : undefined;
      case "undo":
        return this.undone(understanding.reverts);
      default:
        return undefined;
    }
  }

  private targetOf(
    understanding: Understanding,
    focusTitle: string | undefined,
  ): DeclaredAnnotation | undefined {
    const { target } = understanding;
    if (target?.kind === "title") return this.find(target.title);
    if (!target && understanding.pointsBack && focusTitle) return this.find(focusTitle);
    return undefined;
  }

  private created(understanding: Understanding): void {
    const after: DeclaredAnnotation = {
      title: understanding.title ?? "",
      date: understanding.date ? toIsoDate(understanding.date) : "",
      ...(understanding.endDate ? { endDate: toIsoDate(understanding.endDate) } : {}),
      ...(understanding.color ? { color: understanding.color.toLowerCase() } : {}),
      ...(understanding.category ? { category: understanding.category } : {}),
      ...(understanding.description ? { description: understanding.description } : {}),
    };
    this.annotations.unshift(after);
    this.changes.push({ kind: "create", after });
  }

  private updated(annotation: DeclaredAnnotation, understanding: Understanding): void {
    const before = { ...annotation };
    const { newTitle, newDescription, date, endDate, color, category, shiftDays } = understanding;
    if (newTitle) annotation.title = newTitle;
    if (newDescription !== undefined) annotation.description = newDescription;
    if (date) annotation.date = toIsoDate(date);
    else if (shiftDays !== undefined) {
      // Every day a range covers moves, as the product's change does.
      annotation.date = toIsoDate(addDays(fromIsoDate(annotation.date), shiftDays));
      if (annotation.endDate)
        annotation.endDate = toIsoDate(addDays(fromIsoDate(annotation.endDate), shiftDays));
    }
    if (endDate) annotation.endDate = toIsoDate(endDate);
    if (understanding.lengthSaid) {
      const first = fromIsoDate(annotation.date);
      const last = annotation.endDate ? fromIsoDate(annotation.endDate) : first;
      const end = lastDayOf(understanding.lengthSaid, first, last);
      if (compareDates(end, first) > 0) annotation.endDate = toIsoDate(end);
      else delete annotation.endDate;
    }
    if (color) annotation.color = color.toLowerCase();
    if (category) annotation.category = category;
    if (understanding.clearCategory) delete annotation.category;
    if (understanding.clearEnd) delete annotation.endDate;
    this.changes.push({ kind: "update", before, after: annotation });
  }

  private confirmed(pending: Pending): Record<string, string | undefined> {
    const { annotation } = pending;
    this.annotations.splice(this.annotations.indexOf(annotation), 1);
    if (!pending.undoes) this.changes.push({ kind: "delete", before: annotation });
    else this.changes.pop();
    const reverts = pending.undoes ? { reverts: "create" } : {};
    return { target: `title:${annotation.title}`, outcome: "confirm", ...reverts };
  }

  private undone(named: Understanding["reverts"]): Record<string, string | undefined> {
    const last = this.changes.at(-1);
    if (!last || (named && named !== last.kind)) return { outcome: "answer" };
    const reverts = last.kind;
    if (last.kind === "create") {
      // Removing it waits for the same confirmation as a deletion.
      this.pending = { kind: "delete", annotation: last.after, undoes: true };
      return { reverts, target: `title:${last.after.title}`, outcome: "confirm" };
    }
    this.changes.pop();
    if (last.kind === "delete") {
      this.annotations.unshift(last.before);
      const target = `title:${last.before.title}`;
      return { reverts, target, ...fieldsOf(last.before, { title: "title" }), outcome: "write" };
    }
    const { before, after } = last;
    const restored = { target: `title:${after.title}`, reverts, outcome: "write" };
    // The field the undo empties, as the blind sets' clear= names it.
    const emptied = (["description", "category", "endDate", "color"] as const).find(
      (field) => after[field] && !before[field],
    );
    Object.assign(after, before);
    if (before.category === undefined) delete after.category;
    if (before.endDate === undefined) delete after.endDate;
    if (before.description === undefined) delete after.description;
    if (before.color === undefined) delete after.color;
    return {
      ...restored,
      ...fieldsOf(before, { title: "newTitle" }),
      ...(emptied ? { clear: emptied === "endDate" ? "end" : emptied } : {}),
    };
  }
}

/** An annotation's fields in the corpus's keys. */
function fieldsOf(
  annotation: DeclaredAnnotation,
  keys: { title: "title" | "newTitle" },
): Record<string, string | undefined> {
  return {
    [keys.title]: annotation.title,
    date: annotation.date,
    end: annotation.endDate,
    color: annotation.color,
    category: annotation.category ?? "-",
    description: annotation.description,
    clear: annotation.category === undefined ? "category" : undefined,
  };
}
