import { ChartLine, CircleCheck, Crown, Loader2, PencilLine, Undo2 } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { annotationColorSwatches, isAnnotationColor } from "../../../shared/annotation-colors";
import type { ChatAnnotationView } from "../../../shared/contracts/chat";
import { suggestedRequestLabel } from "../../../shared/suggested-request";
import { undoWords } from "../../../shared/undo-words";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/class-names";
import { PremiumAction } from "../../session/premium-offer";
import { cardClass } from "./confirmation-card";
import type { ChatController } from "./use-chat";

/** An annotation as the cards show it: title, days, colour and category. */
function AnnotationSummary({ view }: { view: ChatAnnotationView }) {
  const swatch = isAnnotationColor(view.color) ? annotationColorSwatches[view.color] : undefined;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
      <dt className="text-muted-foreground">Title</dt>
      <dd className="min-w-0 font-medium break-words">{view.title}</dd>
      <dt className="text-muted-foreground">{view.endDate ? "Dates" : "Date"}</dt>
      <dd>{view.endDate ? `${view.startDate} to ${view.endDate}` : view.startDate}</dd>
      <dt className="text-muted-foreground">Colour</dt>
      <dd className="flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className="inline-block size-2.5 rounded-full"
          style={{ backgroundColor: swatch?.hex ?? "currentColor" }}
        />
        {swatch?.label ?? view.color.toLowerCase()}
      </dd>
      {view.category ? (
        <>
          <dt className="text-muted-foreground">Category</dt>
          <dd className="min-w-0 break-words">{view.category}</dd>
        </>
      ) : null}
      {view.description ? (
        <>
          <dt className="text-muted-foreground">Description</dt>
          <dd className="min-w-0 break-words whitespace-pre-wrap">{view.description}</dd>
        </>
      ) : null}
    </dl>
  );
}

function changeTitle(action: string, undone: boolean): string {
  if (undone) return action === "created" ? "Annotation created, then undone" : "Change undone";
  return action === "created" ? "Annotation created" : "Annotation changed";
}

/** Undoing a create removes the annotation from Google Analytics: asked first, under the card. */
function UndoQuestion({ chat, title }: { chat: ChatController; title: string }) {
  const questionRef = useRef<HTMLDivElement>(null);
  // The question opens under the card, maybe below the conversation's visible part: it is brought
  // into view (the log scrolls, as little as it can) and its first button takes the focus.
  useEffect(() => {
    const question = questionRef.current;
    if (!question) return;
    question.scrollIntoView?.({ block: "nearest" });
    question.querySelector("button")?.focus({ preventScroll: true });
  }, []);
  return (
    <div
      ref={questionRef}
      role="group"
      aria-label={undoWords.createTitle}
      className="flex flex-col gap-2 rounded-lg border border-destructive/40 p-2.5"
    >
      <p className="font-medium">{undoWords.createTitle}</p>
      <p className="text-muted-foreground break-words">{undoWords.createDescription(title)}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="destructive" size="sm" onClick={() => chat.undoCard(true)}>
          {undoWords.createConfirm}
        </Button>
        <Button variant="outline" size="sm" onClick={chat.keepCard}>
          {undoWords.createKeep}
        </Button>
      </div>
    </div>
  );
}

/**
 * A change the assistant made: the annotation as it is now, what changed, Show on chart, and
 * Undo (the toasts' Undo: a create asks first, as it removes the annotation from Google
 * Analytics); once undone, the card says so.
 */
export function ChangeCard({ chat }: { chat: ChatController }) {
  const card = chat.card;
  const titleId = useId();
  if (!card || card.kind !== "change") return null;
  const undo = chat.cardUndo;
  const undone = undo.state === "done";
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      data-card="change"
      className={cn(cardClass, "border-emerald-600/40 dark:border-emerald-400/40")}
    >
      <p id={titleId} className="flex items-center gap-2 font-medium">
        <CircleCheck
          className="size-4 shrink-0 text-emerald-700 dark:text-emerald-400"
          aria-hidden="true"
        />
        {changeTitle(card.action, undone)}
      </p>
      {undone ? (
        <p role="status" className="flex items-start gap-2 break-words">
          <Undo2 className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>
            {undoWords.done}: {undo.text}
          </span>
        </p>
      ) : null}
      <AnnotationSummary view={card.annotation} />
      {card.changes.length > 0 ? (
        <ul className="list-disc pl-5 text-muted-foreground">
          {card.changes.map((change) => (
            <li key={change} className="break-words">
              {change}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {/* A create undone is gone from the chart. */}
        {undone && card.action === "created" ? null : (
          <Button
            variant="outline"
            size="sm"
            onClick={() => chat.showOnChart(card.annotationId, card.annotation.startDate)}
          >
            <ChartLine aria-hidden="true" />
            Show on chart
          </Button>
        )}
        {card.undoId && !undone && undo.state !== "confirming" ? (
          <Button
            variant="outline"
            size="sm"
            aria-label={`${undoWords.label}: ${card.annotation.title}`}
            onClick={() => chat.undoCard()}
            disabled={undo.state === "running"}
          >
            {undo.state === "running" ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Undo2 aria-hidden="true" />
            )}
            {undoWords.label}
          </Button>
        ) : null}
      </div>
      {undo.state === "confirming" ? (
        <UndoQuestion chat={chat} title={card.annotation.title} />
      ) : null}
    </div>
  );
}

/**
 * The day's annotations are all used: the reply above says when they reset; this card offers the
 * way to more, as the plan card does (Premium, or 'Notify me' while it is not for sale).
 */
export function LimitCard({ chat }: { chat: ChatController }) {
  const card = chat.card;
  const titleId = useId();
  if (!card || card.kind !== "limit") return null;
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      data-card="limit"
      className={cn(cardClass, "border-primary/40")}
    >
      <p id={titleId} className="flex items-start gap-2 font-medium break-words">
        <Crown className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <span>{card.offer}</span>
      </p>
      <PremiumAction user={chat.user} className="max-w-xs" />
    </div>
  );
}

/**
 * A request the assistant proposes (a create with its title still to write, say), shown as a
 * labelled button below its reply. The input is the person's: only choosing this puts the text
 * there, to finish and send themselves.
 */
export function SuggestionChip({ chat }: { chat: ChatController }) {
  const { suggestion } = chat;
  if (suggestion === null) return null;
  return (
    <button
      type="button"
      onClick={chat.acceptSuggestion}
      className={cn(
        "flex max-w-[85%] items-start gap-2 self-start rounded-2xl border border-primary/40 bg-background px-3.5 py-2 text-left text-sm transition-colors",
        "hover:bg-accent focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none",
      )}
    >
      <PencilLine className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <span className="min-w-0 break-words">
        <span className="font-medium">{suggestedRequestLabel}:</span>{" "}
        <span className="text-muted-foreground">{suggestion}</span>
      </span>
    </button>
  );
}
