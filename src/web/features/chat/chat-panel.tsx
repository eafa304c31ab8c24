import {
  Bot,
  ChartLine,
  CircleCheck,
  Crown,
  Loader2,
  MessageSquare,
  PencilLine,
  SendHorizontal,
  Trash2,
  TriangleAlert,
  Undo2,
} from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef } from "react";
import { annotationColorSwatches, isAnnotationColor } from "../../../shared/annotation-colors";
import { chatMessageMaxLength, type ChatAnnotationView } from "../../../shared/contracts/chat";
import { visibleLength } from "../../../shared/contracts/clean-text";
import { suggestedRequestLabel } from "../../../shared/suggested-request";
import { undoWords } from "../../../shared/undo-words";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/class-names";
import { PremiumAction } from "../../session/premium-offer";
import { cardClass, ConfirmationCard } from "./confirmation-card";
import { canSendChat, chatTooLongMessage, type ChatBubble, type ChatController } from "./use-chat";

export const chatPlaceholder = "Ask me to manage your annotations...";
export const chatEmptyTitle = "Start a conversation";
export const chatEmptyHint =
  "Ask me to create, list, update, or delete annotations for your GA4 property.";

/** The input starts at 3 rows, at least 60 px, and grows up to 200 px. */
const inputMinHeightPx = 60;
const inputMaxHeightPx = 200;
/** The length counter appears this close to the limit. */
const counterFrom = chatMessageMaxLength - 500;

function Composer({ chat }: { chat: ChatController }) {
  const { input, setInput, pending, textareaRef } = chat;
  const counterId = useId();
  // Counted as people see characters, as the server counts them; a short input cannot be near the limit.
  const length = input.length > counterFrom ? visibleLength(input) : input.length;
  const tooLong = length > chatMessageMaxLength;
  const showCounter = length > counterFrom;

  useLayoutEffect(() => {
    const element = textareaRef.current;
    if (!element) return;
    element.style.height = "auto";
    const height = Math.min(Math.max(element.scrollHeight, inputMinHeightPx), inputMaxHeightPx);
    element.style.height = `${height}px`;
  }, [input, textareaRef]);

  return (
    <form
      className="flex flex-col gap-1.5 border-t p-3"
      onSubmit={(event) => {
        event.preventDefault();
        chat.send();
      }}
    >
      <div className="flex items-end gap-2">
        <textarea
          ref={textareaRef}
          rows={3}
          value={input}
          placeholder={chatPlaceholder}
          aria-label="Message"
          aria-invalid={tooLong || undefined}
          aria-describedby={showCounter ? counterId : undefined}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            chat.send();
          }}
          className={cn(
            "min-h-[60px] max-h-[200px] min-w-0 flex-1 resize-none overflow-y-auto rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs",
            "placeholder:text-muted-foreground focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none",
            tooLong && "border-destructive",
          )}
        />
        <Button
          type="submit"
          size="icon"
          aria-label="Send message"
          disabled={!canSendChat(input, pending)}
        >
          {pending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <SendHorizontal aria-hidden="true" />
          )}
        </Button>
      </div>
      {showCounter ? (
        <p
          id={counterId}
          className={cn("text-xs", tooLong ? "text-destructive" : "text-muted-foreground")}
        >
          {length.toLocaleString("en-US")} / {chatMessageMaxLength.toLocaleString("en-US")}
          {tooLong ? ` · ${chatTooLongMessage}` : null}
        </p>
      ) : null}
    </form>
  );
}

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

/**
 * A change the assistant made: the annotation as it is now, what changed, Show on chart, and
 * Undo (the toasts' Undo: a create asks first, as it removes the annotation from Google
 * Analytics); once undone, the card says so.
 */
function ChangeCard({ chat }: { chat: ChatController }) {
  const card = chat.card;
  const titleId = useId();
  const questionRef = useRef<HTMLDivElement>(null);
  const confirming = chat.cardUndo.state === "confirming";
  // The question opens under the card, maybe below the conversation's visible part: it is brought
  // into view (the log scrolls, as little as it can) and its first button takes the focus.
  useEffect(() => {
    const question = questionRef.current;
    if (!confirming || !question) return;
    question.scrollIntoView?.({ block: "nearest" });
    question.querySelector("button")?.focus({ preventScroll: true });
  }, [confirming]);
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
        {undone
          ? card.action === "created"
            ? "Annotation created, then undone"
            : "Change undone"
          : card.action === "created"
            ? "Annotation created"
            : "Annotation changed"}
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
        <div
          ref={questionRef}
          role="group"
          aria-label={undoWords.createTitle}
          className="flex flex-col gap-2 rounded-lg border border-destructive/40 p-2.5"
        >
          <p className="font-medium">{undoWords.createTitle}</p>
          <p className="text-muted-foreground break-words">
            {undoWords.createDescription(card.annotation.title)}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="destructive" size="sm" onClick={() => chat.undoCard(true)}>
              {undoWords.createConfirm}
            </Button>
            <Button variant="outline" size="sm" onClick={chat.keepCard}>
              {undoWords.createKeep}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The day's annotations are all used: the reply above says when they reset; this card offers the
 * way to more, as the plan card does (Premium, or 'Notify me' while it is not for sale).
 */
function LimitCard({ chat }: { chat: ChatController }) {
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
function SuggestionChip({ chat }: { chat: ChatController }) {
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

/**
 * The log's height in Agent Mode: the window's height less what stands above the log on first
 * load (the app header, the mode's heading, the suggested prompts, the panel's title) and the
 * input below it, between 12rem and 26rem. What stands above differs by width: below 1280 px the
 * prompts take two rows, below 1536 px the header's nav takes a row of its own. Each offset keeps
 * a margin for a property name that wraps; the journeys measure it at 1280×720 and 1440×900.
 */
const firstScreenLogClass =
  "lg:max-h-none lg:h-[clamp(12rem,calc(100dvh-35rem),26rem)] xl:h-[clamp(12rem,calc(100dvh-32rem),26rem)] 2xl:h-[clamp(12rem,calc(100dvh-28rem),26rem)]";

/**
 * The GA4 Assistant's conversation: title, Clear, the bubbles, 'Thinking...'
 * while waiting, and the input. Replies are plain text, shown with their line breaks, never as HTML.
 */
export function ChatPanel({
  chat,
  className,
  fitsFirstScreen = false,
}: {
  chat: ChatController;
  className?: string;
  /**
   * Agent Mode's conversation: from 1024 px wide its input is on the first screen, as the log
   * takes only what the window has left below what stands above it (`firstScreenLogClass`).
   */
  fitsFirstScreen?: boolean;
}) {
  const { messages, pending, notice } = chat;
  const headingId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const isEmpty = messages.length === 0 && !pending && notice === null;
  const waiting = chat.confirmation;
  const lastIndex = messages.length - 1;
  /**
   * A bubble's words. The reply that asks for a confirmation still waiting says its preview and how
   * to answer; the card under it says them with its buttons, so the bubble keeps only the rest
   * (a doubt, say) and is left out when nothing is left. Once answered, the card goes and the
   * stored reply reads whole again.
   */
  function shownContent(message: ChatBubble, index: number): string {
    if (!waiting || index !== lastIndex || message.role !== "assistant") return message.content;
    return message.content.includes(waiting.said)
      ? message.content.replace(waiting.said, "").trim()
      : message.content;
  }

  // Keep the newest message in view.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, pending, notice, chat.confirmation, chat.suggestion, chat.card]);

  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        "flex min-w-0 flex-col overflow-hidden rounded-xl border bg-card text-card-foreground",
        className,
      )}
    >
      <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
        <h2 id={headingId} className="flex items-center gap-2 font-semibold">
          <Bot className="size-4 text-primary" aria-hidden="true" />
          GA4 Assistant
        </h2>
        {messages.length > 0 ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={chat.clear}
            disabled={pending || chat.clearing}
          >
            <Trash2 aria-hidden="true" />
            Clear
          </Button>
        ) : null}
      </div>
      <div
        ref={logRef}
        role="log"
        aria-label="Conversation"
        aria-live="polite"
        tabIndex={0}
        className={cn(
          "flex h-[26rem] max-h-[60dvh] min-h-48 flex-col max-sm:h-[30dvh] max-sm:min-h-32 gap-3 overflow-y-auto p-4 focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none focus-visible:ring-inset",
          fitsFirstScreen && firstScreenLogClass,
        )}
      >
        {isEmpty ? (
          <div className="m-auto flex max-w-xs flex-col items-center gap-2 text-center">
            <MessageSquare className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">{chatEmptyTitle}</p>
            <p className="text-sm text-muted-foreground">{chatEmptyHint}</p>
          </div>
        ) : null}
        {messages.map((message, index) => {
          const content = shownContent(message, index);
          return content === "" ? null : (
            <div
              // Append-only: the position keeps a bubble in place when its stored copy replaces the shown one.
              key={`${index}:${message.role}`}
              data-role={message.role}
              className={cn(
                "max-w-[85%] rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap",
                message.role === "user"
                  ? "self-end rounded-br-sm bg-primary text-primary-foreground"
                  : "self-start rounded-bl-sm bg-muted text-foreground",
              )}
            >
              <span className="sr-only">{message.role === "user" ? "You: " : "Assistant: "}</span>
              {content}
            </div>
          );
        })}
        <ChangeCard chat={chat} />
        <LimitCard chat={chat} />
        <ConfirmationCard chat={chat} />
        <SuggestionChip chat={chat} />
        {pending ? (
          <div
            role="status"
            className="flex items-center gap-2 self-start rounded-2xl bg-muted px-3.5 py-2 text-sm text-muted-foreground"
          >
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Thinking...
          </div>
        ) : null}
        {notice ? (
          <div
            role="alert"
            className="flex max-w-[85%] items-start gap-2 self-start rounded-2xl border border-destructive/40 bg-destructive/10 px-3.5 py-2 text-sm break-words whitespace-pre-wrap text-destructive"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{notice}</span>
          </div>
        ) : null}
      </div>
      <Composer chat={chat} />
    </section>
  );
}
