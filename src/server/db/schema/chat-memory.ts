/**
 * What the chat session's JSON columns hold, owned here with the tables so that the schema
 * depends on nothing above it: the action waiting for the person's confirmation and what the
 * conversation remembers between turns. The chat feature reads and writes these shapes.
 */
import type {
  CreateAnnotationRequest,
  UpdateAnnotationRequest,
} from "../../../shared/contracts/annotations.js";
import type { DraftSources } from "../../../shared/contracts/chat.js";
import type { TrafficMetric } from "../../../shared/contracts/traffic.js";

/** An annotation as the person saw it in a preview. */
export interface AnnotationSnapshot {
  title: string;
  description: string;
  color: string;
  date: string;
  /** The last day, for a date range. */
  endDate?: string;
}

/**
 * An action issued by the server with its own id. It runs only on the person's Confirm (the
 * button, or a clear yes typed as their very next message), once, and only while every annotation
 * it touches is still exactly as previewed. Deletions always wait like this; so does a create or
 * a change that a language model attempted when the person's own message did not ask for one.
 */
export type PendingConfirmation = PendingDeletion | PendingCreate | PendingUpdate;

interface PendingBase {
  id: string;
  propertyId: string;
  summary: string;
  /** ISO 8601; an older confirmation is dropped unused. */
  expiresAt: string;
}

export interface PendingDeletion extends PendingBase {
  kind: "delete";
  items: { annotationId: string; snapshot: AnnotationSnapshot }[];
  /**
   * The create this deletion undoes ("undo" after the assistant made it): carried out as that
   * change's undo, so the plans' rule for undoing a create applies (decision 0059), not deletion's.
   */
  undoes?: string;
}

export interface PendingCreate extends PendingBase {
  kind: "create";
  /** The request as the create dialog would send it, with its own request id: made once. */
  request: CreateAnnotationRequest & { requestId: string };
  /** The category it goes in, by name, for the card's Edit (absent in older rows). */
  categoryName?: string | null;
  /** Which words each field was read from and how sure the reading is (absent: not read). */
  sources?: DraftSources;
}

export interface PendingUpdate extends PendingBase {
  kind: "update";
  /** The one annotation it changes, as the person saw it. */
  items: [{ annotationId: string; snapshot: AnnotationSnapshot }];
  changes: UpdateAnnotationRequest;
  /** The category it would be in: a name, null for none, absent if unchanged. */
  categoryName?: string | null;
  /** Which words each changed field was read from and how sure the reading is (absent: not read). */
  sources?: DraftSources;
}

/** The annotation the previous turn was about: what "it", "that one" and "the last one" mean. */
export interface Focus {
  propertyId: string;
  annotationId: string;
  title: string;
}

export interface ConversationMemory {
  question?: PendingQuestion;
  focus?: Focus;
  /** The list or traffic question answered last, for "and Sunday?" or "same for September". */
  asked?: AskedBefore;
}

/**
 * The question answered last (a list or a traffic question), kept for one turn so the next
 * message can ask it again with a piece changed ("and Sunday?", "same for September"). Dates as
 * YYYY-MM-DD.
 */
export interface AskedBefore {
  /**
   * An undo is kept too ("once more" after it takes back the change before), and a deletion
   * ("and the cookie banner one too" asks to delete that one as well).
   */
  intent: "list" | "traffic_day" | "traffic_period" | "undo" | "delete";
  /** The kind of change an undo took back ("bring back the one you deleted"), asked again. */
  reverts?: "create" | "update" | "delete";
  date?: string;
  rangeStart?: string;
  rangeEnd?: string;
  metric?: TrafficMetric;
  by?: "weekday";
  category?: string;
  color?: string;
  titleContains?: string;
}

/** A piece the offline engine asked for, and what the person had already said. */
export type AskedFor = "title" | "date" | "target" | "change" | "choice" | "category";

export interface PendingQuestion {
  intent: "create" | "update" | "delete" | "list";
  asked: AskedFor;
  /**
   * Offered rather than asked (a traffic answer's "Annotate?"): only a message that takes the
   * offer up — a create, or a yes with the name ("yes, call it …") — answers it; anything else
   * ("thanks", "why?") is a message of its own, never a title.
   */
  offer?: boolean;
  /** The pieces given so far; dates as YYYY-MM-DD. */
  known: {
    title?: string;
    description?: string;
    date?: string;
    endDate?: string;
    color?: string;
    categoryName?: string;
    /** A list's period and filters, while "which category?" waits. */
    rangeStart?: string;
    rangeEnd?: string;
    titleContains?: string;
    newTitle?: string;
    newDescription?: string;
    targetId?: string;
    targetTitle?: string;
    /** The day that names the annotation ("yesterday's note"). */
    targetDate?: string;
    /** What the reading was unsure of: answering the question does not make it sure. */
    doubts?: string[];
    /** The year written beside a day that does not exist ("Feb 29, 2025"), for "Feb 28 then". */
    year?: number;
    /** "push the influencer one back a week": the days it moves by, while "which one?" waits. */
    shiftDays?: number;
    /** "extend the sale by two days": its length, while "which one?" waits. */
    lengthSaid?: { totalDays: number } | { moreDays: number };
  };
  /** For a choice: the candidates offered, in the order shown. */
  options?: { annotationId: string; title: string; date: string }[];
  /** For "which category?": the category names offered, in the order shown. */
  categoryOptions?: string[];
}
